import type { JobRow } from '@contracts/admin';
import { formatDuration } from '@/components/metrics';
import { Button, ProgressBar } from '@/components/ui';

/** One job: name and id, its attempts, live progress while it runs, how long it took, why it failed. */
export function JobItem({
  job,
  actions,
  onAct,
}: {
  job: JobRow;
  /** Retry and remove are offered where the server keeps jobs to act on (BullMQ). */
  actions: boolean;
  onAct: (job: JobRow, action: 'retry' | 'remove') => void;
}) {
  return (
    <li className="space-y-2 px-5 py-3 text-sm" data-testid="job-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-ink">
          {job.name} <span className="font-mono text-xs text-ink-muted">#{job.id}</span>
        </p>
        <div className="flex items-center gap-2">
          <span className="text-xs text-ink-muted">
            {job.state === 'active'
              ? `attempt ${job.attempts_made + 1} of ${job.attempts}`
              : `${job.attempts_made} of ${job.attempts} attempts made`}
          </span>
          {actions && job.state === 'failed' && (
            <>
              <Button size="sm" variant="secondary" onClick={() => onAct(job, 'retry')}>
                Retry
              </Button>
              <Button size="sm" variant="ghost" onClick={() => onAct(job, 'remove')}>
                Remove
              </Button>
            </>
          )}
        </div>
      </div>
      {job.state === 'active' && typeof job.progress === 'number' && (
        <ProgressBar value={job.progress} label={`${job.name} #${job.id}: ${job.progress}%`} />
      )}
      {job.failed_reason && <p className="text-red-600 dark:text-red-400">{job.failed_reason}</p>}
      <p className="break-all font-mono text-xs text-ink-muted">
        {JSON.stringify(job.data)} · created {job.created_at ? new Date(job.created_at).toLocaleString() : '–'}
        {job.finished_at && ` · finished ${new Date(job.finished_at).toLocaleString()}`}
        {job.duration_ms !== null && ` · took ${formatDuration(job.duration_ms)}`}
      </p>
    </li>
  );
}
