import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../common/clock';
import type { DelayedJobStore, StoredDelayedJob } from './delayed-job-store';
import { JobRegistry } from './job-registry';
import { DispatchOptions, JOB_DEFAULTS, QueueName, QueueState } from './job.types';

/** The longest wait `setTimeout` takes (2^31 - 1 ms, about 24.8 days); a longer one would fire at once. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Runs jobs in this process when there is no Redis: same handlers, same retries with backoff. Delays are measured
 * against the injected Clock (so tests advance it instead of waiting), for any length (waits longer than
 * `setTimeout` takes are re-armed in chunks), and delayed jobs are kept in PostgreSQL until they start, so a restart
 * re-arms them as BullMQ would. Jobs already running when the process stops are not resumed. Used by the embedded
 * quick start only.
 */
export class InProcessQueue {
  private readonly logger = new Logger('InProcessQueue');
  private readonly counts = { waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0 };
  private readonly running = new Set<Promise<void>>();
  private closed = false;
  /** Pending delays, cut short at close: a timer set for next week must not hold shutdown open. */
  private readonly delays = new Set<() => void>();

  constructor(
    readonly name: QueueName,
    private readonly registry: JobRegistry,
    private readonly clock: Clock,
    private readonly store: DelayedJobStore,
  ) {}

  /** Answers once the job is accepted: a delayed job is kept in the database by then, as BullMQ's is in Redis. */
  async add(jobName: string, data: unknown, options: DispatchOptions = {}): Promise<string> {
    const job: StoredDelayedJob = {
      id: options.jobId ?? randomUUID(),
      queue: this.name,
      name: jobName,
      data,
      dueAt: new Date(this.clock.nowMs() + (options.delayMs ?? 0)),
      attempts: options.attempts ?? JOB_DEFAULTS.attempts,
      backoffMs: options.backoffMs ?? JOB_DEFAULTS.backoffMs,
    };
    const delayed = !!options.delayMs;
    // The same delayed job id is queued once (as BullMQ does), also across a restart.
    if (this.closed || (delayed && !(await this.store.keep(job)))) return job.id;
    this.start(job, delayed);
    return job.id;
  }

  /** Re-arms a delayed job kept before the last stop (at start-up). */
  restore(job: StoredDelayedJob): void {
    this.start(job, true);
  }

  private start(job: StoredDelayedJob, delayed: boolean): void {
    // Stopping: a job dispatched now (a chain re-arming itself as the last jobs finish) is not started.
    if (this.closed) return;
    this.counts.waiting++;
    const run = this.run(job, delayed);
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  private async run(job: StoredDelayedJob, delayed: boolean): Promise<void> {
    const { id, name: jobName, data, attempts, backoffMs } = job;
    const due = !delayed || (await this.waitUntil(job.dueAt.getTime()));
    this.counts.waiting--;
    if (!due) return;
    if (delayed) await this.store.forget(id);
    for (let attempt = 1; attempt <= attempts && !this.closed; attempt++) {
      this.counts.active++;
      try {
        await this.registry.get(this.name, jobName).handle(data, { id, attempt, progress: async () => undefined });
        this.counts.active--;
        this.counts.completed++;
        return;
      } catch (error) {
        this.counts.active--;
        this.logger.warn(`${this.name}:${jobName} attempt ${attempt}/${attempts} failed: ${(error as Error).message}`);
        if (attempt < attempts) await sleep(backoffMs * 2 ** (attempt - 1));
      }
    }
    this.counts.failed++;
  }

  state(): QueueState {
    return { name: this.name, ...this.counts };
  }

  /**
   * Resolves true once the Clock reaches `dueMs`, false when the queue closed first (the job stays kept and is
   * re-armed at the next start). Checks again whenever the Clock is moved and at least every MAX_TIMEOUT_MS.
   */
  private waitUntil(dueMs: number): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return new Promise((done) => {
      let timer: NodeJS.Timeout | undefined;
      let settled = false;
      const finish = (passed: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        unsubscribe();
        this.delays.delete(cancel);
        done(passed);
      };
      const check = () => {
        clearTimeout(timer);
        const left = dueMs - this.clock.nowMs();
        if (left <= 0) return finish(true);
        timer = setTimeout(check, Math.min(left, MAX_TIMEOUT_MS));
      };
      const cancel = () => finish(false);
      const unsubscribe = this.clock.onChange(check);
      this.delays.add(cancel);
      check();
    });
  }

  /** Jobs added from now on are not started (the process is stopping; in-process work does not survive it anyway). */
  stopTaking(): void {
    this.closed = true;
  }

  /** Lets running jobs finish (graceful shutdown); delayed ones stay kept for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    for (const cancel of [...this.delays]) cancel();
    await Promise.allSettled([...this.running]);
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
