import { Head, router } from '@inertiajs/react';
import type { GuidelinesJson, PayoutMethod } from '@contracts/affiliates';
import { affiliatePaths, affiliatesApi, type ApplyInput } from '@/api/affiliates';
import { Button, Card, Checkbox, TextAreaField, TextField } from '@/components/ui';
import { PayoutMethodFields } from '@/components/affiliates/PayoutMethodFields';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';

/** Affiliate Signup: the application, with the current guidelines to accept. */
export default function Signup({
  guidelines,
  recruiter_code,
  payout_methods,
}: PageProps<{ guidelines: GuidelinesJson | null; recruiter_code: string | null; payout_methods: PayoutMethod[] }>) {
  const form = useApiForm<ApplyInput & { accept: boolean }>(
    {
      website: '',
      audience: '',
      payout_method: 'manual',
      payout_destination: '',
      payout_destination_confirmation: '',
      accepted_guidelines_version: guidelines?.version ?? 1,
      recruiter_code: recruiter_code ?? '',
      accept: false,
    },
    { successMessage: 'Application sent. We will let you know.', onSuccess: () => router.visit(affiliatePaths.signup) },
  );
  return (
    <>
      <Head title="Apply to the affiliate programme" />
      <Card
        title="Apply to the affiliate programme"
        description="Tell us where you will share Reelty and how you want to be paid."
        className="mx-auto max-w-2xl"
      >
        <form
          onSubmit={form.handleSubmit(({ accept: _accept, ...values }) => affiliatesApi.apply(values))}
          className="space-y-4"
        >
          <TextField
            label="Website or profile"
            hint="Optional, e.g. https://instagram.com/you"
            placeholder="https://"
            {...form.field('website')}
          />
          <TextAreaField label="Your audience" required inputClassName="min-h-24" {...form.field('audience')} />
          <PayoutMethodFields field={form.field} method={form.data.payout_method} offered={payout_methods} sideBySide />
          <TextField
            label="Recruited by (code)"
            hint="Optional: the code of the affiliate who invited you."
            {...form.field('recruiter_code')}
          />
          {guidelines && (
            <div className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
              <p className="mb-2 font-medium">Guidelines, version {guidelines.version}</p>
              <p className="whitespace-pre-line">{guidelines.body}</p>
            </div>
          )}
          <Checkbox
            label="I have read and accept the guidelines"
            checked={form.data.accept}
            onChange={(e) => form.set('accept', e.target.checked)}
            error={form.errors.accepted_guidelines_version}
          />
          <Button type="submit" loading={form.processing} disabled={!form.data.accept} fullWidth>
            Send application
          </Button>
        </form>
      </Card>
    </>
  );
}
