import type { QueueChangedEvent, QueueOverview, QueueThroughput } from '@contracts/admin';

/** The admins' channel and its one event (QueueEventsRelay on the server). */
export const queueMonitorLive = { channel: 'admin.queues', changed: '.queues.changed' };

export interface QueueChangeOutcome {
  view: QueueOverview;
  /** Jobs moved (started, finished, were added or removed): the list and the charts are to be loaded again. */
  reload: boolean;
}

/**
 * What a push does to the monitor: the queue's counts replaced by the pushed ones, the progress of listed jobs moved
 * in place (no request), and a reload asked for when a job changed state. A push older than what the view holds
 * (an answer loaded after it was sent) changes nothing.
 */
export function applyQueueChange(view: QueueOverview, event: QueueChangedEvent): QueueChangeOutcome {
  if (Date.parse(event.at) < Date.parse(view.at)) return { view, reload: false };
  const queues = view.queues.map((q) => (q.name === event.queue.name ? event.queue : q));
  const progress = new Map(event.jobs.filter((j) => j.kind === 'progress').map((j) => [j.id, j.progress]));
  const viewed = event.queue.name === view.queue;
  const data =
    viewed && progress.size
      ? view.jobs.data.map((row) => (progress.has(row.id) ? { ...row, progress: progress.get(row.id)! } : row))
      : view.jobs.data;
  return {
    view: { ...view, queues, jobs: { ...view.jobs, data }, at: event.at },
    reload: event.jobs.some((j) => j.kind !== 'progress'),
  };
}

/** A queue's hour as chart points: one per minute, labelled with its time of day. */
export function minutePoints(series: number[], since: string): Array<{ label: string; value: number }> {
  const start = Date.parse(since);
  return series.map((value, i) => ({
    label: new Date(start + i * 60_000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }),
    value,
  }));
}

/** Jobs finished in the hour, for the summary beside a queue's chart. */
export const hourTotals = (t: QueueThroughput) => ({
  completed: t.completed.reduce((a, b) => a + b, 0),
  failed: t.failed.reduce((a, b) => a + b, 0),
});
