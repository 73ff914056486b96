import type { BalanceJson, PayoutJson } from '@contracts/affiliates';
import type { Page } from '@contracts/common';
import { Alert, DividedList, EmptyState } from '@/components/ui';
import { formatDate, formatMoney, StatusBadge } from './parts';
import { StatCard } from '@/components/charts';

/** Balance by state, the next payout date and, when the balance waits, the reason in words. */
export function BalanceSummary({ balance }: { balance: BalanceJson }) {
  const money = (minor: number) => formatMoney(minor, balance.currency);
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        <StatCard label="In the refund window" value={money(balance.pending_minor)} />
        <StatCard
          label="Payable"
          value={money(balance.available_minor)}
          hint={`Minimum ${money(balance.minimum_payout_minor)}`}
        />
        <StatCard label="Paid to you" value={money(balance.paid_minor)} />
      </div>
      {balance.hold_reason ? (
        <Alert variant="warning" title="Your payable balance is on hold">
          {balance.hold_reason}
        </Alert>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Next payout: {formatDate(balance.next_payout_date)}.
        </p>
      )}
    </div>
  );
}

export function PayoutHistory({ payouts }: { payouts: Page<PayoutJson> }) {
  return (
    <DividedList
      items={payouts.data}
      empty={<EmptyState title="No payouts yet" description="Payouts appear here once a batch pays you." />}
    >
      {(p) => (
        <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
          <div>
            <p className="font-medium text-slate-900 dark:text-white">
              {formatMoney(p.amount_minor, p.currency)} · {p.method}
            </p>
            <p className="text-slate-500 dark:text-slate-400">
              {formatDate(p.created_at)} {p.provider_reference && `· ${p.provider_reference}`}{' '}
              {p.failure_reason && `· ${p.failure_reason}`}
            </p>
          </div>
          <StatusBadge status={p.status} />
        </li>
      )}
    </DividedList>
  );
}
