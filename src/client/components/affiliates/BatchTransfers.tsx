import { useEffect, useState } from 'react';
import type { PayoutJson } from '@contracts/affiliates';
import type { Page } from '@contracts/common';
import { affiliatesAdminApi } from '@/api/affiliates';
import { formatMoney, StatusBadge } from '@/components/affiliates/parts';
import { Button, Pagination, Spinner } from '@/components/ui';
import { useAttempt } from '@/hooks/useAttempt';
import { notify } from '@/lib/toast';

/**
 * A batch's transfers with each provider's answer (its reference, or why it failed), and Retry on a failed one: the
 * server sends it again once its cause is fixed, with the same idempotency key when nothing about it changed.
 */
export function BatchTransfers({ batchId, onChanged }: { batchId: string; onChanged: () => void }) {
  const [page, setPage] = useState<Page<PayoutJson> | null>(null);
  const { attempt, running } = useAttempt();
  const load = (n: number) => attempt(async () => setPage(await affiliatesAdminApi.batchPayouts(batchId, n)));
  useEffect(() => {
    void load(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [batchId]);
  const retry = (id: string) =>
    attempt(
      async () => {
        const { message, payout } = await affiliatesAdminApi.retryPayout(id);
        (payout.status === 'failed' ? notify.warning : notify.success)(message);
        await load(page?.current_page ?? 1);
        onChanged();
      },
      'The transfer could not be retried',
      id,
    );
  const returned = (id: string) => {
    const reason = window.prompt(
      'What did the bank say? (kept with the transfer; the money goes back to the affiliate)',
    );
    if (!reason) return;
    void attempt(
      async () => {
        await affiliatesAdminApi.bankReturned(id, reason);
        notify.warning('Recorded as returned: the money is back in the affiliate’s balance');
        await load(page?.current_page ?? 1);
        onChanged();
      },
      'The return could not be recorded',
      `return-${id}`,
    );
  };
  if (!page) return <Spinner className="w-full" />;
  return (
    <div className="w-full rounded-control border border-line" data-testid={`transfers-${batchId}`}>
      <ul className="divide-y divide-line">
        {page.data.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
            <div className="min-w-0">
              <p className="text-ink">
                {p.affiliate_name} · {p.method} · {formatMoney(p.amount_minor, p.currency)}
              </p>
              <p className="break-words text-xs text-ink-muted">
                {p.status === 'failed'
                  ? `Provider answered: ${p.failure_reason ?? 'no reason given'}`
                  : p.status === 'awaiting_bank'
                    ? `In the bank file as ${p.provider_reference}: paid once the bank confirms`
                    : p.provider_reference
                      ? `Reference ${p.provider_reference}`
                      : 'Waiting to be sent'}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <StatusBadge status={p.status} />
              {p.status === 'awaiting_bank' && (
                <Button
                  size="sm"
                  variant="secondary"
                  loading={running === `return-${p.id}`}
                  onClick={() => returned(p.id)}
                >
                  Bank returned it
                </Button>
              )}
              {p.status === 'failed' && (
                <Button size="sm" loading={running === p.id} onClick={() => void retry(p.id)}>
                  Retry
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <Pagination className="p-2" of={page} onPageChange={(n) => void load(n)} />
    </div>
  );
}
