export const QUEUES = ['mail', 'media', 'designs', 'fanout', 'events', 'timers', 'webhooks', 'payouts'] as const;
export type QueueName = (typeof QUEUES)[number];

export interface JobContext {
  id: string;
  attempt: number;
  /** Reports progress (0-100 or an object) to whoever watches the queue. */
  progress(value: number | object): Promise<void>;
}

/** A plain handler: the same code runs under BullMQ workers and under the in-process runner. */
export interface JobHandler<T = unknown> {
  handle(data: T, context: JobContext): Promise<unknown>;
}

export interface DispatchOptions {
  attempts?: number;
  backoffMs?: number;
  delayMs?: number;
  jobId?: string;
}

export type { QueueState } from '../../contracts/admin';

export const JOB_DEFAULTS = { attempts: 3, backoffMs: 2000 };
