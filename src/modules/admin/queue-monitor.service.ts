import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { Job } from 'bullmq';
import { QUEUES, QueueName, QueueState } from '../jobs';
import { JobsService } from '../jobs';
import { pageOf } from '../../common/pagination';
import type { Page } from '../../contracts/common';
import type { JobRow as JobJson } from '../../contracts/admin';

export type { JobJson };

export const JOB_STATES = ['waiting', 'active', 'completed', 'failed', 'delayed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Only ids and small scalars of a job's data: mail jobs carry whole messages, which admins need not read here. */
function summarize(data: unknown): Record<string, unknown> {
  if (!data || typeof data !== 'object') return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>).slice(0, 8)) {
    if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    else if (typeof value === 'string')
      out[key] = /id$|Id$|^run$/.test(key) ? value.slice(0, 80) : `${value.length} chars`;
    else out[key] = Array.isArray(value) ? `[${value.length}]` : '{…}';
  }
  return out;
}

const iso = (ms?: number | null) => (ms ? new Date(ms).toISOString() : null);

/** Admin view over the job queues: counts for every runner, job details and actions on BullMQ. */
@Injectable()
export class QueueMonitorService {
  constructor(private readonly jobs: JobsService) {}

  get mode() {
    return this.jobs.mode;
  }

  states(): Promise<QueueState[]> {
    return this.jobs.states();
  }

  throughput() {
    return this.jobs.throughput();
  }

  /** A page of a queue's jobs in a state: BullMQ's stored jobs, or what the in-process runner holds. */
  async list(queue: QueueName, state: JobState, page = 1, perPage = 25): Promise<Page<JobJson>> {
    const start = (page - 1) * perPage;
    if (this.jobs.mode !== 'bullmq') {
      const { total, rows } = this.jobs.localJobs(queue, state, start, perPage);
      return pageOf(
        rows.map((row) => this.shown(row)),
        page,
        perPage,
        total,
      );
    }
    const q = this.jobs.bullQueue(queue);
    const total = (await q.getJobCounts(state))[state] ?? 0;
    const jobs = (await q.getJobs([state], start, start + perPage - 1, false)).filter(Boolean);
    return pageOf(
      jobs.map((job) => this.toJson(queue, job, state)),
      page,
      perPage,
      total,
    );
  }

  async retry(queue: QueueName, id: string): Promise<JobJson> {
    const job = await this.failedJob(queue, id);
    await job.retry('failed');
    return this.toJson(queue, job, await job.getState());
  }

  async remove(queue: QueueName, id: string): Promise<void> {
    const job = await this.failedJob(queue, id);
    await job.remove();
  }

  /** Workers take no new job from the queue until it is resumed; running jobs finish. */
  async pause(queue: QueueName): Promise<void> {
    await this.bull(queue).pause();
  }

  async resume(queue: QueueName): Promise<void> {
    await this.bull(queue).resume();
  }

  /** Every failed job of the queue queued again (its attempts start over); answers how many. */
  async retryFailed(queue: QueueName): Promise<number> {
    const q = this.bull(queue);
    const count = (await q.getJobCounts('failed')).failed ?? 0;
    if (count) await q.retryJobs({ state: 'failed', count: 1000 });
    return count;
  }

  /** Every failed job of the queue removed; answers how many. */
  async removeFailed(queue: QueueName): Promise<number> {
    return (await this.bull(queue).clean(0, 100_000, 'failed')).length;
  }

  private bull(queue: QueueName) {
    if (this.jobs.mode !== 'bullmq')
      throw new ConflictException('Jobs run in this process (no Redis): there are no stored jobs to act on.');
    return this.jobs.bullQueue(queue);
  }

  private async failedJob(queue: QueueName, id: string): Promise<Job> {
    if (!QUEUES.includes(queue)) throw new NotFoundException('There is no such queue.');
    const job = await this.bull(queue).getJob(id);
    if (!job) throw new NotFoundException('There is no job with that id.');
    const state = await job.getState();
    if (state !== 'failed')
      throw new ConflictException(`Only failed jobs can be retried or removed; this one is ${state}.`);
    return job;
  }

  /** A row as admins see it: the data summarized, the error without server paths. */
  private shown(row: JobJson): JobJson {
    return {
      ...row,
      data: summarize(row.data),
      failed_reason: row.failed_reason ? withoutServerPaths(row.failed_reason) : null,
    };
  }

  private toJson(queue: string, job: Job, state: string): JobJson {
    return this.shown({
      id: String(job.id),
      queue,
      name: job.name,
      state,
      progress: job.progress as number | object,
      attempts_made: job.attemptsMade,
      attempts: Math.max(job.opts.attempts ?? 1, job.attemptsMade),
      failed_reason: job.failedReason || null,
      data: job.data as Record<string, unknown>,
      created_at: iso(job.timestamp),
      processed_at: iso(job.processedOn),
      finished_at: iso(job.finishedOn),
      duration_ms: job.finishedOn && job.processedOn ? job.finishedOn - job.processedOn : null,
    });
  }
}

/**
 * An error message as admins may read it: absolute file paths (which tell the server's layout) become their base
 * name, `file:` URLs included. The full stack stays in the server log.
 */
export function withoutServerPaths(message: string): string {
  return message
    .replace(/(?:file:\/\/)?(?:\/[\w.@-]+)+\/([\w.@-]+\.[a-z]{1,4})(:\d+(?::\d+)?)?/gi, '$1$2')
    .slice(0, 500);
}
