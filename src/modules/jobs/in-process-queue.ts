import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../common/clock';
import type { JobRow, JobState } from '../../contracts/admin';
import type { DelayedJobStore, StoredDelayedJob } from './delayed-job-store';
import { JobEventHub, type JobEventKind } from './job-events';
import { JobRegistry } from './job-registry';
import { DispatchOptions, JOB_DEFAULTS, QueueName, QueueState } from './job.types';
import { MinuteCounter } from './throughput';

/** How many completed and how many failed jobs the in-process monitor lists (the newest). */
const KEPT_FINISHED = 100;

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
  /** Finished jobs since the start, and per minute for the monitor's charts. */
  private readonly totals = { completed: 0, failed: 0 };
  readonly perMinute = { completed: new MinuteCounter(), failed: new MinuteCounter() };
  /** Jobs waiting, delayed or running, by id; the latest finished ones (KEPT_FINISHED of each), newest first. */
  private readonly open = new Map<string, JobRow>();
  private readonly finished: Record<'completed' | 'failed', JobRow[]> = { completed: [], failed: [] };
  readonly events = new JobEventHub();
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
    const row: JobRow = {
      id: job.id,
      queue: this.name,
      name: job.name,
      state: delayed ? 'delayed' : 'waiting',
      progress: 0,
      attempts_made: 0,
      attempts: job.attempts,
      failed_reason: null,
      data: job.data as Record<string, unknown>,
      created_at: this.clock.now().toISOString(),
      processed_at: null,
      finished_at: null,
      duration_ms: null,
    };
    this.open.set(job.id, row);
    this.moved(row, row.state as JobEventKind);
    const run = this.run(job, row, delayed);
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  private async run(job: StoredDelayedJob, row: JobRow, delayed: boolean): Promise<void> {
    const { id, name: jobName, data, attempts, backoffMs } = job;
    const due = !delayed || (await this.waitUntil(job.dueAt.getTime()));
    if (!due) return void this.open.delete(id);
    if (delayed) await this.store.forget(id);
    const progress = async (value: number | object) => {
      row.progress = value;
      this.events.emit({ queue: this.name, id, kind: 'progress', progress: value });
    };
    for (let attempt = 1; attempt <= attempts && !this.closed; attempt++) {
      Object.assign(row, { attempts_made: attempt - 1, processed_at: this.clock.now().toISOString() });
      this.moved(row, 'active');
      try {
        await this.registry.get(this.name, jobName).handle(data, { id, attempt, progress });
        return this.finish(row, 'completed', attempt);
      } catch (error) {
        row.failed_reason = (error as Error).message;
        this.logger.warn(`${this.name}:${jobName} attempt ${attempt}/${attempts} failed: ${(error as Error).message}`);
        if (attempt < attempts) {
          this.moved(row, 'delayed');
          await sleep(backoffMs * 2 ** (attempt - 1));
        } else this.finish(row, 'failed', attempt);
      }
    }
    this.open.delete(id);
  }

  private finish(row: JobRow, state: 'completed' | 'failed', attempt: number): void {
    const now = this.clock.nowMs();
    Object.assign(row, { attempts_made: attempt, finished_at: new Date(now).toISOString() });
    row.duration_ms = now - Date.parse(row.processed_at!);
    if (state === 'completed') row.failed_reason = null;
    this.open.delete(row.id);
    this.totals[state]++;
    this.perMinute[state].record(now);
    this.finished[state].unshift(row);
    this.finished[state].length = Math.min(this.finished[state].length, KEPT_FINISHED);
    this.moved(row, state);
  }

  private moved(row: JobRow, kind: JobEventKind): void {
    row.state = kind;
    this.events.emit({ queue: this.name, id: row.id, kind });
  }

  /** A page of this queue's jobs in a state: the open ones as they stand, finished ones from the latest kept. */
  jobs(state: JobState, start: number, count: number): { total: number; rows: JobRow[] } {
    const all =
      state === 'completed' || state === 'failed'
        ? this.finished[state]
        : [...this.open.values()].filter((row) => row.state === state);
    return { total: all.length, rows: all.slice(start, start + count) };
  }

  state(): QueueState {
    const open = { waiting: 0, active: 0, delayed: 0 };
    for (const row of this.open.values()) open[row.state as keyof typeof open]++;
    return { name: this.name, ...open, ...this.totals };
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
