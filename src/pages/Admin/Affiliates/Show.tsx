import { Head, router } from '@inertiajs/react';
import { useState } from 'react';
import type { AffiliateAuditJson, AffiliateJson, CommissionJson } from '@contracts/affiliates';
import type { Page } from '@contracts/common';
import { affiliatePaths, affiliatesAdminApi } from '@/api/affiliates';
import { CommissionList, formatMoney, StatusBadge } from '@/components/affiliates/parts';
import { METHOD_LABELS } from '@/components/affiliates/PayoutMethodFields';
import { BackLink, Button, Card, DividedList, EmptyState, Input, Pagination, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { useAttempt } from '@/hooks/useAttempt';
import { actThenReload } from '@/lib/actions';
import type { PageProps } from '@/types';

interface Props {
  affiliate: AffiliateJson;
  default_minimum_minor: number;
  custom_minimum: boolean;
  commissions: Page<CommissionJson>;
  history: AffiliateAuditJson[];
}

const dollars = (minor: number) => (minor / 100).toFixed(2);

/** Admin: one affiliate's commissions (release a hold early, with a reason), minimum payout and audit trail. */
export default function AdminAffiliateShow({
  affiliate,
  default_minimum_minor,
  custom_minimum,
  commissions,
  history,
}: PageProps<Props>) {
  return (
    <>
      <Head title={`${affiliate.user_name}: affiliate`} />
      <BackLink href={affiliatePaths.admin}>Affiliates</BackLink>
      <h1 className="mb-1 text-headline text-ink">
        {affiliate.user_name} <span className="font-mono text-sm text-ink-muted">{affiliate.code}</span>{' '}
        <StatusBadge status={affiliate.status} />
      </h1>
      <p className="mb-6 text-sm text-ink-muted">
        {affiliate.user_email} · paid by {METHOD_LABELS[affiliate.payout_method].toLowerCase()}
      </p>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card title="Commissions" className="lg:col-span-2">
          {commissions.data.length ? (
            <CommissionList
              commissions={commissions.data}
              action={(c) => c.status === 'pending' && <ReleaseHold commission={c} />}
            />
          ) : (
            <EmptyState inset title="No commissions yet" />
          )}
          <Pagination
            className="mt-3"
            of={commissions}
            hrefFor={(p: number) => affiliatePaths.adminAffiliate(affiliate.id, p)}
          />
        </Card>
        <div className="space-y-6">
          <MinimumPayout affiliate={affiliate} defaultMinor={default_minimum_minor} custom={custom_minimum} />
          <Card title="History">
            <DividedList items={history} empty={<EmptyState inset title="Nothing recorded yet" />}>
              {(h) => (
                <li key={h.id} className="py-2 text-sm" data-testid="affiliate-history">
                  <p className="text-ink">
                    {h.action.replaceAll('_', ' ')}
                    {h.reason && <span className="text-ink-muted">: {h.reason}</span>}
                  </p>
                  <p className="text-xs text-ink-subtle">
                    {new Date(h.created_at).toLocaleString()}
                    {h.actor_name && ` · ${h.actor_name}`}
                  </p>
                </li>
              )}
            </DividedList>
          </Card>
        </div>
      </div>
    </>
  );
}

/** "Release now": ends the refund window today, with a reason the audit trail keeps. */
function ReleaseHold({ commission }: { commission: CommissionJson }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const { attempt, busy } = useAttempt();
  if (!open)
    return (
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Release now
      </Button>
    );
  const release = () =>
    attempt(() =>
      actThenReload(
        () => affiliatesAdminApi.releaseCommission(commission.id, reason),
        'The hold could not be released',
        'Released: payable in the next payout',
      ),
    );
  return (
    <form
      className="flex w-full max-w-xs flex-col gap-2 sm:items-end"
      onSubmit={(e) => (e.preventDefault(), void release())}
    >
      <Input
        aria-label={`Why release order ${commission.order_number}'s commission early`}
        placeholder="Reason (kept in the audit trail)"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        minLength={3}
        maxLength={500}
        required
      />
      <Button type="submit" size="sm" loading={busy}>
        Release {formatMoney(commission.amount_minor, commission.currency)}
      </Button>
    </form>
  );
}

/** The affiliate's own minimum payout, or the programme's when left empty. */
function MinimumPayout({
  affiliate,
  defaultMinor,
  custom,
}: {
  affiliate: AffiliateJson;
  defaultMinor: number;
  custom: boolean;
}) {
  const form = useApiForm(
    { minimum_payout_minor: custom ? dollars(affiliate.minimum_payout_minor) : '' },
    { successMessage: 'Minimum payout saved', onSuccess: () => router.reload() },
  );
  const save = (typed: string) => {
    const text = typed.trim();
    if (text !== '' && !/^\d{1,7}(\.\d{1,2})?$/.test(text)) {
      form.setErrors({ minimum_payout_minor: 'Enter an amount in dollars, such as 50 or 49.99.' });
      return;
    }
    void form.submit(() =>
      affiliatesAdminApi.setMinimum(affiliate.id, text === '' ? null : Math.round(Number(text) * 100)),
    );
  };
  return (
    <Card title="Minimum payout">
      <form className="space-y-3" onSubmit={(e) => (e.preventDefault(), save(form.data.minimum_payout_minor))}>
        <TextField
          label="Minimum (USD)"
          inputMode="decimal"
          placeholder={`Programme default: ${dollars(defaultMinor)}`}
          hint="A balance below it carries over to the next payout. Leave empty for the programme's default."
          {...form.field('minimum_payout_minor')}
        />
        <p className="text-sm text-ink-muted" data-testid="minimum-now">
          Now: {formatMoney(affiliate.minimum_payout_minor)}
          {custom ? ' (set for this affiliate)' : ' (programme default)'}
        </p>
        <Button type="submit" loading={form.processing}>
          Save
        </Button>
      </form>
    </Card>
  );
}
