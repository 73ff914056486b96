import { Head, router } from '@inertiajs/react';
import { useCallback, useRef, useState } from 'react';
import type { JobRow, QueueChangedEvent, QueueOverview } from '@contracts/admin';
import {
  applyQueueChange,
  JobItem,
  QueueCounts,
  QueueThroughputCard,
  queueMonitorLive,
} from '@/components/admin/queues';
import { Alert, Button, Card, DividedList, EmptyState, Pagination } from '@/components/ui';
import { adminApi, adminPaths } from '@/api/admin';
import { useChannel } from '@/echo';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import type { PageProps } from '@/types';

/** Pushes that say jobs moved reload the view at most this often (progress moves in place, with no request). */
const RELOAD_AT_MOST_EVERY_MS = 1000;

/**
 * Admin QueueMonitor, live by pushes: counts and progress arrive on the admins' channel as jobs move anywhere in the
 * cluster; the list and charts are reloaded after each (re)subscription and when a push says jobs started or ended.
 */
export default function QueueMonitor(props: PageProps<QueueOverview>) {
  const [view, setShown] = useState<QueueOverview>(props);
  // The latest view, also between renders: pushes are applied to it as they come.
  const latest = useRef(view);
  const setView = useCallback((next: QueueOverview) => setShown((latest.current = next)), []);
  const where = useRef({ queue: props.queue, state: props.state, page: props.jobs.current_page });
  const loads = useRef({ running: false, again: false, last: 0 });
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  /** The view as the server has it now; one load at a time, and one more after it when asked meanwhile. */
  const load = useCallback(async () => {
    const run = loads.current;
    if (run.running) return void (run.again = true);
    run.running = true;
    run.last = Date.now();
    try {
      setView(await adminApi.queues<QueueOverview>(where.current));
    } catch {
      /* keep the last view; the next push or reconnect loads again */
    } finally {
      run.running = false;
      if (run.again) {
        run.again = false;
        void load();
      }
    }
  }, [setView]);

  /** One load, RELOAD_AT_MOST_EVERY_MS after the last one began (at once if that is past); pushes meanwhile join it. */
  const reloadSoon = useCallback(() => {
    if (reloadTimer.current) return;
    const wait = Math.max(0, loads.current.last + RELOAD_AT_MOST_EVERY_MS - Date.now());
    reloadTimer.current = setTimeout(() => {
      reloadTimer.current = null;
      void load();
    }, wait);
  }, [load]);

  useChannel(
    queueMonitorLive.channel,
    'private',
    {
      [queueMonitorLive.changed]: (event: QueueChangedEvent) => {
        const outcome = applyQueueChange(latest.current, event);
        setView(outcome.view);
        if (outcome.reload) reloadSoon();
      },
    },
    () => void load(),
  );

  const select = (queue: string, state: string, page = 1) => {
    where.current = { queue, state, page };
    void load();
    if (page === 1)
      router.replace({ url: adminPaths.queueMonitor(queue, state), preserveState: true, preserveScroll: true });
  };

  /** A queue or job action: its message, then the new view. */
  const perform = async (work: () => Promise<{ message: string } | unknown>, done: string, failed: string) => {
    try {
      const answer = (await work()) as { message?: string } | undefined;
      notify.success(answer?.message ?? done);
      await load();
    } catch (error) {
      notify.error(errorMessage(error, failed));
    }
  };
  const queueAction = (work: () => Promise<{ message: string }>) =>
    perform(work, 'Queue changed', 'The queue could not be changed');
  const act = (job: JobRow, action: 'retry' | 'remove') =>
    perform(
      () => (action === 'retry' ? adminApi.retryJob(job.queue, job.id) : adminApi.removeJob(job.queue, job.id)),
      action === 'retry' ? 'Job queued again' : 'Job removed',
      'The job could not be changed',
    );

  const stored = view.mode === 'bullmq';
  const paused = !!view.queues.find((q) => q.name === view.queue)?.paused;
  const throughput = view.throughput.find((t) => t.name === view.queue);

  return (
    <>
      <Head title="Queue monitor" />
      <div className="mb-6">
        <h1 className="text-2xl font-semibold text-ink">Queue monitor</h1>
        <p className="text-sm text-ink-muted" data-testid="queue-monitor-mode">
          {stored ? 'BullMQ on Redis' : 'In-process runner (no Redis)'} · live · as of{' '}
          {new Date(view.at).toLocaleTimeString()}
        </p>
      </div>

      {!stored && (
        <Alert variant="info" className="mb-6">
          Jobs run inside the web process without Redis: counts and charts cover the time since the last start, the
          latest 100 finished jobs of each queue are listed, and pausing, retrying and removing need Redis.
        </Alert>
      )}

      <QueueCounts view={view} onSelect={(queue, state) => select(queue, state)} />
      {throughput && <QueueThroughputCard throughput={throughput} />}

      <Card
        title={`${view.queue} · ${view.state}${paused ? ' · paused' : ''}`}
        description={`${view.jobs.total} job${view.jobs.total === 1 ? '' : 's'}`}
        actions={
          stored && (
            <div className="flex flex-wrap gap-2" data-testid="queue-actions">
              <Button
                size="sm"
                variant="secondary"
                onClick={() =>
                  queueAction(() => (paused ? adminApi.resumeQueue(view.queue) : adminApi.pauseQueue(view.queue)))
                }
              >
                {paused ? 'Resume' : 'Pause'} {view.queue}
              </Button>
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
          )
        }
        padded={false}
      >
        <DividedList
          items={view.jobs.data}
          empty={<EmptyState inset title="No jobs here" description="Nothing in this state right now." />}
        >
          {(job) => <JobItem key={job.id} job={job} actions={stored} onAct={act} />}
        </DividedList>
      </Card>
      <Pagination className="mt-6" of={view.jobs} onPageChange={(p) => select(view.queue, view.state, p)} />
    </>
  );
}
