import { Head, router } from '@inertiajs/react';
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, DividedList, EmptyState, Pagination } from '@/components/ui';
import { adminApi, adminPaths } from '@/api/admin';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import type { JobRow, QueueOverview } from '@contracts/admin';
import type { PageProps } from '@/types';

type Overview = QueueOverview;

const STATES = ['waiting', 'active', 'completed', 'failed', 'delayed'] as const;
const REFRESH_MS = 3000;

/** Admin QueueMonitor: live counts per queue, job details with progress and errors, retry/remove failed jobs. */
export default function QueueMonitor(props: PageProps<Overview>) {
  const [view, setView] = useState<Overview>(props);
  const [live, setLive] = useState(true);
  const [page, setPage] = useState(props.jobs.current_page);

  const load = useCallback(
    async (queue = view.queue, state = view.state, p = page) => {
      try {
        setView(await adminApi.queues<Overview>({ queue, state, page: p }));
      } catch {
        /* keep the last view; the next tick retries */
      }
    },
    [view.queue, view.state, page],
  );

  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [live, load]);

  const select = (queue: string, state: string) => {
    setPage(1);
    void load(queue, state, 1);
    router.replace({
      url: adminPaths.queueMonitor(queue, state),
      preserveState: true,
      preserveScroll: true,
    });
  };

  /** A whole-queue action (pause, resume, retry or remove every failed job): its message, then the new view. */
  const queueAction = async (work: () => Promise<{ message: string }>) => {
    try {
      notify.success((await work()).message);
      await load();
    } catch (error) {
      notify.error(errorMessage(error, 'The queue could not be changed'));
    }
  };
  const current = view.queues.find((q) => q.name === view.queue);

  const act = async (job: JobRow, action: 'retry' | 'remove') => {
    try {
      if (action === 'retry') await adminApi.retryJob(job.queue, job.id);
      else await adminApi.removeJob(job.queue, job.id);
      notify.success(action === 'retry' ? 'Job queued again' : 'Job removed');
      await load();
    } catch (error) {
      notify.error(errorMessage(error, 'The job could not be changed'));
    }
  };

  return (
    <>
      <Head title="Queue monitor" />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">Queue monitor</h1>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {view.mode === 'bullmq' ? 'BullMQ on Redis' : 'In-process runner (no Redis)'} · updated{' '}
            {new Date(view.at).toLocaleTimeString()}
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          <input type="checkbox" checked={live} onChange={(e) => setLive(e.target.checked)} /> Live refresh
        </label>
      </div>

      {view.mode === 'in-process' && (
        <Alert variant="info" className="mb-6">
          Jobs run inside the web process without Redis: only counts since the last start are known, and there are no
          stored jobs to retry or remove.
        </Alert>
      )}

      <div className="mb-6 overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full min-w-[36rem] text-sm" data-testid="queue-counts">
          <thead className="text-left text-slate-500 dark:text-slate-400">
            <tr>
              <th className="px-4 py-2 font-medium">Queue</th>
              {STATES.map((s) => (
                <th key={s} className="px-3 py-2 text-right font-medium capitalize">
                  {s}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {view.queues.map((q) => (
              <tr key={q.name} className={cn(q.name === view.queue && 'bg-slate-50 dark:bg-slate-800/50')}>
                <td className="px-4 py-2 font-medium">{q.name}</td>
                {STATES.map((s) => (
                  <td key={s} className="px-3 py-2 text-right tabular-nums">
                    <button
                      type="button"
                      onClick={() => select(q.name, s)}
                      disabled={view.mode !== 'bullmq'}
                      className={cn(
                        'rounded px-2 py-0.5',
                        s === 'failed' && q[s] > 0 && 'font-semibold text-red-600 dark:text-red-400',
                        q.name === view.queue && s === view.state && 'ring-2 ring-brand-500',
                      )}
                      data-testid={`count-${q.name}-${s}`}
                    >
                      {q[s]}
                    </button>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {view.mode === 'bullmq' && (
        <Card
          title={`${view.queue} · ${view.state}${current?.paused ? ' · paused' : ''}`}
          description={`${view.jobs.total} job${view.jobs.total === 1 ? '' : 's'}`}
          actions={
            <div className="flex flex-wrap gap-2" data-testid="queue-actions">
              {current?.paused ? (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => queueAction(() => adminApi.resumeQueue(view.queue))}
                >
                  Resume {view.queue}
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => queueAction(() => adminApi.pauseQueue(view.queue))}
                >
                  Pause {view.queue}
                </Button>
              )}
              {view.state === 'failed' && view.jobs.total > 0 && (
                <>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => queueAction(() => adminApi.retryFailed(view.queue))}
                  >
                    Retry all failed
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      window.confirm(`Remove all ${view.jobs.total} failed jobs of ${view.queue}?`) &&
                      queueAction(() => adminApi.removeFailed(view.queue))
                    }
                  >
                    Remove all failed
                  </Button>
                </>
              )}
            </div>
          }
          padded={false}
        >
          <DividedList
            items={view.jobs.data}
            empty={<EmptyState inset title="No jobs here" description="Nothing in this state right now." />}
          >
            {(job) => (
              <li key={job.id} className="space-y-2 px-5 py-3 text-sm" data-testid="job-row">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium text-slate-800 dark:text-slate-100">
                    {job.name} <span className="font-mono text-xs text-slate-500">#{job.id}</span>
                  </p>
                  <div className="flex items-center gap-2">
                    <span className="text-xs text-slate-500 dark:text-slate-400">
                      attempt {job.attempts_made} of {job.attempts}
                    </span>
                    {job.state === 'failed' && (
                      <>
                        <Button size="sm" variant="secondary" onClick={() => act(job, 'retry')}>
                          Retry
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => act(job, 'remove')}>
                          Remove
                        </Button>
                      </>
                    )}
                  </div>
                </div>
                {typeof job.progress === 'number' && (
                  <div
                    className="h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
                    aria-label={`Progress ${job.progress}%`}
                  >
                    <div className="h-full bg-brand-600" style={{ width: `${job.progress}%` }} />
                  </div>
                )}
                {job.failed_reason && <p className="text-red-600 dark:text-red-400">{job.failed_reason}</p>}
                <p className="font-mono text-xs text-slate-500 dark:text-slate-400">
                  {JSON.stringify(job.data)} · created{' '}
                  {job.created_at ? new Date(job.created_at).toLocaleString() : '–'}
                  {job.finished_at && ` · finished ${new Date(job.finished_at).toLocaleString()}`}
                </p>
              </li>
            )}
          </DividedList>
        </Card>
      )}
      <Pagination
        className="mt-6"
        of={view.jobs}
        onPageChange={(p) => {
          setPage(p);
          void load(view.queue, view.state, p);
        }}
      />
    </>
  );
}
