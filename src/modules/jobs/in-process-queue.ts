import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { JobRegistry } from './job-registry';
import { DispatchOptions, JOB_DEFAULTS, QueueName, QueueState } from './job.types';

/**
 * Runs jobs in this process when there is no Redis: same handlers, same retries with backoff,
 * but nothing survives a restart. Used by the embedded quick start only.
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
  ) {}

  add(jobName: string, data: unknown, options: DispatchOptions = {}): string {
    const id = options.jobId ?? randomUUID();
    const attempts = options.attempts ?? JOB_DEFAULTS.attempts;
    const backoffMs = options.backoffMs ?? JOB_DEFAULTS.backoffMs;
    this.counts.waiting++;
    const run = this.run(id, jobName, data, attempts, backoffMs, options.delayMs ?? 0);
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return id;
  }

  private async run(
    id: string,
    jobName: string,
    data: unknown,
    attempts: number,
    backoffMs: number,
    delayMs: number,
  ): Promise<void> {
    if (delayMs && !(await this.delay(delayMs))) {
      this.counts.waiting--;
      return;
    }
    this.counts.waiting--;
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

  /** Resolves true when the delay passed, false when the queue closed first (the job is dropped, as on restart). */
  private delay(ms: number): Promise<boolean> {
    return new Promise((done) => {
      const cancel = () => {
        clearTimeout(timer);
        this.delays.delete(cancel);
        done(false);
      };
      const timer = setTimeout(() => {
        this.delays.delete(cancel);
        done(true);
      }, ms);
      this.delays.add(cancel);
    });
  }

  /** Jobs added from now on are not started (the process is stopping; in-process work does not survive it anyway). */
  stopTaking(): void {
    this.closed = true;
  }

  /** Lets running jobs finish (graceful shutdown); delayed ones are dropped, as a restart would drop them. */
  async close(): Promise<void> {
    this.closed = true;
    for (const cancel of [...this.delays]) cancel();
    await Promise.allSettled([...this.running]);
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
