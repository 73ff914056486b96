import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleInit,
  Optional,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { Clock } from '../../common/clock';
import { DependencyUnavailableException, withDeadline } from '../../common/dependency-unavailable';
import { localWorkers, logOutage } from './bull-processors';
import { DelayedJobStore } from './delayed-job-store';
import { InProcessQueue } from './in-process-queue';
import { watchBullQueues, type JobEventListener, type StopWatching } from './job-events';
import { JobRegistry } from './job-registry';
import { DispatchOptions, JOB_DEFAULTS, QUEUES, QueueName, QueueState } from './job.types';
import { perMinuteFromMetrics, throughputSince } from './throughput';
import type { JobRow, JobState, QueueThroughput } from '../../contracts/admin';

export const JOBS_MODE = Symbol('JOBS_MODE');
/** A queue command that has not answered in this long means Redis is not answering. */
const QUEUE_DEADLINE_MS = 2000;
export type JobsMode = 'bullmq' | 'in-process';

/** The one way modules start background work, whichever runner this node has. */
@Injectable()
export class JobsService implements BeforeApplicationShutdown, OnModuleInit, OnApplicationBootstrap {
  private readonly local = new Map<QueueName, InProcessQueue>();
  private readonly store = new DelayedJobStore(() => this.dataSource());

  constructor(
    @Inject(JOBS_MODE) readonly mode: JobsMode,
    private readonly registry: JobRegistry,
    @Optional() private readonly moduleRef?: ModuleRef,
    @Optional() private readonly clock: Clock = new Clock(),
  ) {
    if (mode === 'in-process')
      for (const name of QUEUES) this.local.set(name, new InProcessQueue(name, registry, clock, this.store));
  }

  onModuleInit(): void {
    if (this.mode === 'bullmq')
      for (const name of QUEUES) this.bullQueue(name).on('error', (error) => logOutage(`${name} queue`, error));
  }

  /** In-process mode: the delayed jobs kept before the last stop wait again (a past due time runs now). */
  async onApplicationBootstrap(): Promise<void> {
    if (this.mode !== 'in-process') return;
    const waiting = await this.store.waiting();
    for (const job of waiting) this.local.get(job.queue)?.restore(job);
    if (waiting.length) new Logger('Jobs').log(`Re-armed ${waiting.length} delayed job(s) kept before the last stop`);
  }

  private dataSource(): DataSource | null {
    try {
      return this.moduleRef?.get<DataSource>(getDataSourceToken(), { strict: false }) ?? null;
    } catch {
      return null;
    }
  }

  async dispatch<T>(queue: QueueName, jobName: string, data: T, options: DispatchOptions = {}): Promise<string> {
    const local = this.local.get(queue);
    if (local) return local.add(jobName, data, options);
    const bull = await this.readyQueue(queue);
    const job = await withDeadline(
      bull.add(jobName, data, {
        attempts: options.attempts ?? JOB_DEFAULTS.attempts,
        backoff: { type: 'exponential', delay: options.backoffMs ?? JOB_DEFAULTS.backoffMs },
        delay: options.delayMs,
        // BullMQ reserves ':' in ids (its key separator); callers may use any readable key.
        jobId: options.jobId?.replace(/:/g, '|'),
        removeOnComplete: { age: 86_400, count: 1000 },
        removeOnFail: { age: 7 * 86_400 },
      }),
      QUEUE_DEADLINE_MS,
    );
    return job.id!;
  }

  /**
   * The queue, if its Redis connection is up. When it is not, refuse at once (503) rather than let
   * the command wait in the client's offline queue: it would run after the caller was told it failed.
   */
  private async readyQueue(name: QueueName): Promise<Queue> {
    const queue = this.bullQueue(name);
    const client = await withDeadline(queue.getBackend().connection.client, QUEUE_DEADLINE_MS);
    if ((client as { status?: string }).status !== 'ready') throw new DependencyUnavailableException();
    return queue;
  }

  async states(): Promise<QueueState[]> {
    return Promise.all(QUEUES.map((name) => this.state(name)));
  }

  async state(name: QueueName): Promise<QueueState> {
    const local = this.local.get(name);
    if (local) return local.state();
    const queue = await this.readyQueue(name);
    const [counts, paused] = await withDeadline(
      Promise.all([queue.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed'), queue.isPaused()]),
      QUEUE_DEADLINE_MS,
    );
    const { waiting = 0, active = 0, completed = 0, failed = 0, delayed = 0 } = counts;
    return { name, waiting, active, completed, failed, delayed, paused };
  }

  /** Each queue's finished jobs per minute over the last hour (BullMQ's worker metrics, or the runner's own). */
  throughput(): Promise<QueueThroughput[]> {
    const now = this.clock.nowMs();
    const since = throughputSince(now);
    return Promise.all(
      QUEUES.map(async (name) => {
        const local = this.local.get(name);
        if (local)
          return {
            name,
            since,
            completed: local.perMinute.completed.series(now),
            failed: local.perMinute.failed.series(now),
          };
        const queue = await this.readyQueue(name);
        const [completed, failed] = await withDeadline(
          Promise.all([queue.getMetrics('completed'), queue.getMetrics('failed')]),
          QUEUE_DEADLINE_MS,
        );
        return {
          name,
          since,
          completed: perMinuteFromMetrics(completed, now),
          failed: perMinuteFromMetrics(failed, now),
        };
      }),
    );
  }

  /** In-process mode: a page of a queue's jobs in a state, from what the runner holds in memory. */
  localJobs(name: QueueName, state: JobState, start: number, count: number): { total: number; rows: JobRow[] } {
    return this.local.get(name)?.jobs(state, start, count) ?? { total: 0, rows: [] };
  }

  /** Every queue's job events, as they happen anywhere in the cluster (BullMQ) or in this process. */
  watch(listener: JobEventListener): StopWatching {
    if (this.mode === 'bullmq')
      return watchBullQueues(
        QUEUES.map((name) => ({ name, queue: this.bullQueue(name) })),
        listener,
      );
    const unwatch = [...this.local.values()].map((queue) => queue.events.watch(listener));
    return async () => unwatch.forEach((stop) => stop());
  }

  bullQueue(name: QueueName): Queue {
    return this.moduleRef!.get<Queue>(getQueueToken(name), { strict: false });
  }

  /**
   * First step of a graceful stop: this process takes no new job (BullMQ leaves them in Redis for
   * another node; the in-process runner stops starting them). BullMQ workers abort their pending
   * fetch and resolve once their running jobs finished; in-process ones finish as the app closes.
   */
  async stopTaking(): Promise<void> {
    for (const queue of this.local.values()) queue.stopTaking();
    const running = [...localWorkers].filter((host) => host.worker?.isRunning());
    await Promise.all(running.map((host) => host.worker.pause().catch(() => undefined)));
  }

  /** Before any module closes its connections: in-process jobs still need the database to finish. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([...this.local.values()].map((queue) => queue.close()));
  }
}
