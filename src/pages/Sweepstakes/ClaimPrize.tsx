import type { ClaimState } from '@contracts/sweepstakes';
import { Head } from '@inertiajs/react';
import { useState } from 'react';
import { sweepstakesApi, sweepstakesPaths } from '@/api/sweepstakes';
import { formatDateTime, formatMoney, StateBadge } from '@/components/sweepstakes';
import { Alert, Button, ButtonLink, Card, Checkbox, FileField, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';

/** The winner's claim: shipping address, eligibility affidavit, tax form over the reporting threshold. */
export default function ClaimPrize({ claim: initial }: PageProps<{ claim: ClaimState }>) {
  const [claim, setClaim] = useState(initial);
  const { winner, prize, sweepstakes: s } = claim;
  const id = s.id;
  const form = useApiForm(
    { full_name: '', line1: '', line2: '', city: '', region: '', postal_code: '', country: 'US', affidavit: false },
    {
      successMessage: 'Prize claimed. We will ship it soon.',
      onSuccess: (r: { claim: ClaimState }) => setClaim(r.claim),
    },
  );
  const upload = useApiForm<{ file: File | null }, { claim: ClaimState }>(
    { file: null },
    { successMessage: 'Tax form received', onSuccess: (r) => setClaim(r.claim) },
  );
  const open = winner.status === 'notified';

  return (
    <>
      <Head title="Claim your prize" />
      <div className="mx-auto max-w-2xl space-y-6">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">Claim your prize</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">{s.title}</p>
        </div>
        <Card>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <p className="font-medium text-slate-900 dark:text-white">{prize?.name}</p>
              {prize && (
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  Retail value {formatMoney(prize.retail_value_minor, s.currency)}
                </p>
              )}
            </div>
            <StateBadge state={winner.status} />
          </div>
          {open && winner.claim_deadline && (
            <p className="mt-3 text-sm text-amber-700 dark:text-amber-300">
              Claim by {formatDateTime(winner.claim_deadline)}, or it passes to the next alternate.
            </p>
          )}
        </Card>
        {!open && (
          <Alert
            variant={winner.status === 'forfeited' ? 'error' : 'success'}
            title={winner.status === 'forfeited' ? 'The claim window has closed' : 'Claim received'}
          >
            <ButtonLink variant="secondary" size="sm" className="mt-2" href={sweepstakesPaths.show(id)}>
              Back to the sweepstakes
            </ButtonLink>
          </Alert>
        )}
        {open && claim.tax_form_required && (
          <Card
            title="Tax form"
            description="This prize is over the reporting threshold: upload your signed tax form (PDF, JPEG or PNG)."
          >
            <form
              onSubmit={upload.handleSubmit((v) => sweepstakesApi.uploadTaxForm(id, v.file as File))}
              className="flex flex-wrap items-end gap-3"
            >
              <FileField
                label="Tax form"
                name="file"
                accept="application/pdf,image/jpeg,image/png"
                error={upload.errors.file}
                onFile={(file) => upload.set('file', file)}
              />
              <Button type="submit" variant="secondary" disabled={!upload.data.file} loading={upload.processing}>
                Upload
              </Button>
            </form>
            {winner.tax_form_url && (
              <p className="mt-2 text-sm text-emerald-700 dark:text-emerald-300">Tax form received.</p>
            )}
          </Card>
        )}
        {open && (
          <Card title="Shipping and eligibility">
            <form
              onSubmit={form.handleSubmit((v) => sweepstakesApi.claim(id, v))}
              className="grid grid-cols-1 gap-4 sm:grid-cols-2"
            >
              <TextField className="sm:col-span-2" label="Full name" {...form.field('full_name')} />
              <TextField className="sm:col-span-2" label="Street address" {...form.field('line1')} />
              <TextField className="sm:col-span-2" label="Apartment, suite (optional)" {...form.field('line2')} />
              <TextField label="City" {...form.field('city')} />
              <TextField label="State / region" {...form.field('region')} />
              <TextField label="Postal code" {...form.field('postal_code')} />
              <TextField label="Country" maxLength={2} {...form.field('country')} />
              <div className="sm:col-span-2">
                <Checkbox
                  label="I affirm that I meet the eligibility rules (age and residence) and that the information above is true."
                  checked={form.data.affidavit}
                  onChange={(e) => form.set('affidavit', e.target.checked)}
                  error={form.errors.affidavit ?? form.errors.tax_form}
                />
              </div>
              <div className="sm:col-span-2">
                <Button type="submit" fullWidth loading={form.processing}>
                  Claim prize
                </Button>
              </div>
            </form>
          </Card>
        )}
      </div>
    </>
  );
}
