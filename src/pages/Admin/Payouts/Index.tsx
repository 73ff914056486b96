import { Head } from '@inertiajs/react';
import { useState } from 'react';
import type { BatchProgressEvent, PayoutBatchJson, PayoutPreviewJson } from '@contracts/affiliates';
import type { Page } from '@contracts/common';
import { affiliatePaths, affiliatesAdminApi } from '@/api/affiliates';
import { formatDate, formatMoney, StatusBadge } from '@/components/affiliates/parts';
import { BatchTransfers } from '@/components/affiliates/BatchTransfers';
import { Alert, Button, Card, DividedList, EmptyState, Pagination, ProgressBar } from '@/components/ui';
import { useChannel } from '@/echo';
import { useApiForm } from '@/hooks/useApiForm';
import { notify } from '@/lib/toast';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

/** Admin Payouts: preview a batch, confirm it, watch it pay live, export the bank file. */
export default function AdminPayouts({
  batches: first,
}: PageProps<{ batches: Page<PayoutBatchJson>; channel: string }>) {
  const { attempt, running } = useAttempt();
  const [batches, setBatches] = useState(first);
  const [preview, setPreview] = useState<PayoutPreviewJson | null>(null);
  const [progress, setProgress] = useState<BatchProgressEvent | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const previewForm = useApiForm(
    {},
    { onSuccess: ({ preview }: { preview: PayoutPreviewJson }) => setPreview(preview) },
  );
  const confirmForm = useApiForm({}, { successMessage: 'Batch started', onSuccess: () => void reload(1) });
  const reload = async (page: number) => {
    await attempt(async () => {
      setBatches(await affiliatesAdminApi.batches(page));
    });
  };
  // The batch's outcome comes from its transfers (the server's words): "Paid" only when none failed.
  const finished = async (batchId: string) => {
    await attempt(async () => {
      const fresh = await affiliatesAdminApi.batches(1);
      setBatches(fresh);
      const batch = fresh.data.find((b) => b.id === batchId);
      if (!batch) return;
      const say = batch.outcome === 'paid' ? notify.success : notify.warning;
      say(`Batch finished: ${batch.outcome_label}`);
    });
  };
  useChannel(
    'admin.payouts',
    'private',
    {
      '.payouts.progress': (event: BatchProgressEvent) => {
        setProgress(event);
        if (event.step === 'completed') void finished(event.batch_id);
      },
    },
    () => void affiliatesAdminApi.batches(batches.current_page).then(setBatches, () => undefined),
  );
  const currency = preview?.batch.currency ?? 'USD';
  const percent = progress && progress.total ? Math.round((progress.processed / progress.total) * 100) : 0;
  return (
    <>
      <Head title="Payouts admin" />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">Payouts</h1>
        <Button
          loading={previewForm.processing}
          onClick={() => previewForm.submit(() => affiliatesAdminApi.previewBatch())}
        >
          Preview a new batch
        </Button>
      </div>
      {progress && progress.step !== 'completed' && (
        <Card title="Paying…" className="mb-6">
          <ProgressBar value={percent} label="Payout batch progress" />
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            {progress.processed} of {progress.total} · {progress.sent} sent · {progress.failed} failed
          </p>
        </Card>
      )}
      {preview && preview.batch.status === 'preview' && (
        <Card
          title={`Preview: ${preview.lines.length} payouts, ${formatMoney(preview.batch.total_minor, currency)}`}
          className="mb-6"
          actions={
            <Button
              disabled={!preview.lines.length}
              loading={confirmForm.processing}
              onClick={() =>
                confirmForm.submit(async () => {
                  const result = await affiliatesAdminApi.confirmBatch(preview.batch.id);
                  setPreview(null);
                  return result;
                })
              }
            >
              Confirm and pay
            </Button>
          }
        >
          <ul className="divide-y divide-line text-sm">
            {preview.lines.slice(0, 50).map((l) => (
              <li key={l.affiliate_id} className="flex justify-between py-2">
                <span className="text-slate-900 dark:text-white">
                  {l.affiliate_name} · {l.method}
                </span>
                <span className="tabular-nums">{formatMoney(l.amount_minor, currency)}</span>
              </li>
            ))}
          </ul>
          {preview.lines.length > 50 && (
            <p className="mt-2 text-sm text-slate-500">…and {preview.lines.length - 50} more.</p>
          )}
          {preview.held.length > 0 && (
            <Alert variant="warning" title={`${preview.held.length} balances held`} className="mt-4">
              <ul className="space-y-1">
                {preview.held.slice(0, 20).map((h) => (
                  <li key={h.affiliate_id}>
                    {h.affiliate_name}: {formatMoney(h.amount_minor, currency)}. {h.reason}
                  </li>
                ))}
              </ul>
            </Alert>
          )}
        </Card>
      )}
      <Card title="Batches" padded={false}>
        <DividedList items={batches.data} empty={<EmptyState inset title="No batches yet" />}>
          {(b) => (
            <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm">
              <div>
                <p className="font-medium text-slate-900 dark:text-white">
                  {formatMoney(b.total_minor, b.currency)} · {b.payout_count} payouts
                </p>
                <p className="text-slate-500">
                  {formatDate(b.created_at)} · {b.sent} paid · {b.failed} failed
                  {b.awaiting > 0 && ` · ${b.awaiting} awaiting the bank`}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <StatusBadge status={b.outcome} label={b.outcome_label} />
                {b.awaiting > 0 && (
                  <Button
                    size="sm"
                    loading={running === `bank-${b.id}`}
                    onClick={() =>
                      void attempt(
                        async () => {
                          const { batch } = await affiliatesAdminApi.bankReceived(b.id);
                          notify.success(`Bank confirmed: ${batch.outcome_label}`);
                          await reload(batches.current_page);
                        },
                        'The bank transfers could not be confirmed',
                        `bank-${b.id}`,
                      )
                    }
                  >
                    The bank paid them
                  </Button>
                )}
                <Button size="sm" variant="secondary" onClick={() => setOpen(open === b.id ? null : b.id)}>
                  {open === b.id ? 'Hide transfers' : 'Transfers'}
                </Button>
                <a href={affiliatePaths.batchCsv(b.id)} className="text-brand-700 underline dark:text-brand-300">
                  CSV
                </a>
              </div>
              {open === b.id && <BatchTransfers batchId={b.id} onChanged={() => void reload(batches.current_page)} />}
            </li>
          )}
        </DividedList>
        <Pagination className="p-4" of={batches} onPageChange={reload} />
      </Card>
    </>
  );
}
