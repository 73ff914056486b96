import type { UserBulkJson, UserBulkProgressEvent } from '@contracts/admin';
import { adminLive } from '@/api/admin';
import { Card, ProgressBar } from '@/components/ui';
import { useLiveRows } from '@/hooks/useLiveRows';
import { BULK_ACTION_LABELS } from './UserBulkPanel';

/** The latest bulk actions, each with its progress as the job reports it on the admin channel. */
export function UserBulkList({ bulks }: { bulks: UserBulkJson[] }) {
  const current = useLiveRows(
    adminLive.metricsChannel,
    'private',
    adminLive.userBulkProgress,
    (e: UserBulkProgressEvent) => e.bulk,
  );
  if (!bulks.length) return null;
  return (
    <Card title="Bulk actions" padded={false}>
      <ul className="divide-y divide-line">
        {bulks.map((b) => (
          <BulkRow key={b.id} bulk={current(b)} />
        ))}
      </ul>
    </Card>
  );
}

function BulkRow({ bulk }: { bulk: UserBulkJson }) {
  const handled = bulk.done + bulk.skipped;
  const label = BULK_ACTION_LABELS[bulk.action];
  return (
    <li className="space-y-1 p-3" data-testid="user-bulk-row">
      <div className="flex flex-wrap justify-between gap-2">
        <p className="font-medium text-ink">
          {label} · {bulk.total} user{bulk.total === 1 ? '' : 's'}
        </p>
        <p className="text-xs text-ink-muted tabular-nums">
          {bulk.status} · {bulk.done} done · {bulk.skipped} skipped · {new Date(bulk.created_at).toLocaleString()}
        </p>
      </div>
      <ProgressBar value={bulk.total ? (handled / bulk.total) * 100 : 0} label={`${label} progress`} />
      {bulk.skipped_examples.length > 0 && (
        <details className="text-xs text-ink-muted">
          <summary className="cursor-pointer">Why users were skipped</summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {bulk.skipped_examples.map((s) => (
              <li key={s.user_id}>{s.message}</li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}
