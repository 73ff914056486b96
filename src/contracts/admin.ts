/** Wire shapes of the admin queue monitor. Type-only. */
import type { Page } from './common';

export type JobState = 'waiting' | 'active' | 'completed' | 'failed' | 'delayed';

/** Job counts of one queue. */
export interface QueueState {
  name: string;
  waiting: number;
  active: number;
  completed: number;
  failed: number;
  delayed: number;
}

/** One job with its progress and, when it failed, why. */
export interface JobRow {
  id: string;
  queue: string;
  name: string;
  state: string;
  progress: number | object;
  attempts_made: number;
  attempts: number;
  failed_reason: string | null;
  stacktrace: string | null;
  data: Record<string, unknown>;
  created_at: string | null;
  processed_at: string | null;
  finished_at: string | null;
}

/** Admin/QueueMonitor and GET /api/admin/queues. */
export interface QueueOverview {
  mode: 'bullmq' | 'in-process';
  queues: QueueState[];
  queue: string;
  state: string;
  jobs: Page<JobRow>;
  at: string;
}
