import type { DataSource } from 'typeorm';
import type { QueueName } from './job.types';

export interface StoredDelayedJob {
  id: string;
  queue: QueueName;
  name: string;
  data: unknown;
  dueAt: Date;
  attempts: number;
  backoffMs: number;
}

/**
 * The in-process runner's delayed jobs in PostgreSQL (`in_process_delayed_jobs`), so they outlive a restart. The
 * data source is looked up when first needed: the jobs module is built before the database module.
 */
export class DelayedJobStore {
  constructor(private readonly dataSource: () => DataSource | null) {}

  /** Keeps the job; false when a job of that id is kept already (the same timer is queued once). */
  async keep(job: StoredDelayedJob): Promise<boolean> {
    const db = this.dataSource();
    if (!db) return true;
    const rows: unknown[] = await db.query(
      `INSERT INTO in_process_delayed_jobs (id, queue, name, data, due_at, attempts, backoff_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [job.id, job.queue, job.name, JSON.stringify(job.data ?? null), job.dueAt, job.attempts, job.backoffMs],
    );
    return rows.length > 0;
  }

  /** The job is starting: it no longer waits. */
  async forget(id: string): Promise<void> {
    await this.dataSource()?.query(`DELETE FROM in_process_delayed_jobs WHERE id = $1`, [id]);
  }

  /** What was waiting when the process last stopped. */
  async waiting(): Promise<StoredDelayedJob[]> {
    const db = this.dataSource();
    if (!db) return [];
    const rows: Array<{
      id: string;
      queue: QueueName;
      name: string;
      data: unknown;
      due_at: Date;
      attempts: number;
      backoff_ms: number;
    }> = await db.query(`SELECT * FROM in_process_delayed_jobs ORDER BY due_at`);
    return rows.map((r) => ({
      id: r.id,
      queue: r.queue,
      name: r.name,
      data: r.data,
      dueAt: new Date(r.due_at),
      attempts: r.attempts,
      backoffMs: r.backoff_ms,
    }));
  }
}
