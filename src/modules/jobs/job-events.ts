import { QueueEvents, type Queue } from 'bullmq';
import type { JobEvent, JobEventKind } from '../../contracts/admin';
import { logOutage } from './bull-processors';
import type { QueueName } from './job.types';

export type { JobEvent, JobEventKind };
export type JobEventListener = (event: JobEvent) => void;
/** Stops watching and closes what watching opened. */
export type StopWatching = () => Promise<void>;

/** The BullMQ events that change what the monitor shows, as our kinds (queue-wide ones carry no job id). */
const BULL_EVENTS: Record<string, JobEventKind> = {
  waiting: 'waiting',
  delayed: 'delayed',
  active: 'active',
  progress: 'progress',
  completed: 'completed',
  failed: 'failed',
  removed: 'removed',
  paused: 'paused',
  resumed: 'resumed',
};

/**
 * Every queue's job events from Redis, as BullMQ's QueueEvents reads them (one blocking stream reader per queue):
 * they come from whichever node ran the job, so one watcher sees the whole cluster's work.
 */
export function watchBullQueues(queues: Array<{ name: QueueName; queue: Queue }>, listener: JobEventListener) {
  const readers = queues.map(({ name, queue }) => {
    const reader = new QueueEvents(name, { connection: queue.opts.connection, prefix: queue.opts.prefix });
    reader.on('error', (error) => logOutage(`${name} queue events`, error));
    for (const [bullEvent, kind] of Object.entries(BULL_EVENTS))
      reader.on(bullEvent as 'progress', (args: { jobId?: string; data?: unknown } = {}) =>
        listener({
          queue: name,
          kind,
          id: args.jobId ?? '',
          ...(kind === 'progress' ? { progress: (args.data ?? 0) as number | object } : {}),
        }),
      );
    return reader;
  });
  const stop: StopWatching = async () => {
    await Promise.all(readers.map((reader) => reader.close().catch(() => undefined)));
  };
  return stop;
}

/** Listeners of one in-process queue's events (the runner calls `emit` as its jobs move). */
export class JobEventHub {
  private readonly listeners = new Set<JobEventListener>();

  watch(listener: JobEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: JobEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
