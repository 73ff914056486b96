import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Type } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobRegistry } from './job-registry';
import { QueueName } from './job.types';
import { THROUGHPUT_MINUTES } from './throughput';

const lastLogged = new Map<string, number>();
const logger = new Logger('Jobs');

export function logOutage(source: string, error: Error): void {
  const now = performance.now();
  if (now - (lastLogged.get(source) ?? -Infinity) < 10_000) return;
  lastLogged.set(source, now);
  logger.error(`${source}: ${error.message}`);
}

/** This process's BullMQ workers, so shutdown can stop them taking jobs before it drains them. */
export const localWorkers = new Set<WorkerHost>();

/**
 * One BullMQ worker class per queue, each handing jobs to the registered plain handler. `lockMs` is how long a
 * job stays claimed without its worker renewing the lock (renewed every half of it). The stalled-job check runs
 * every half of it too: one pass marks the running jobs, the next moves back those whose lock has lapsed, so a
 * crashed worker's job runs again within about twice the lock (10 s by default). Every worker of a queue must
 * use the same lock: a check is skipped while another worker's interval runs.
 */
export function processorFor(queue: QueueName, concurrency: number, lockMs = 5_000): Type<WorkerHost> {
  // Metrics: BullMQ counts finished jobs per minute for the queue monitor's charts (an hour of them).
  @Processor(queue, {
    concurrency,
    lockDuration: lockMs,
    stalledInterval: Math.ceil(lockMs / 2),
    // A job found stalled twice fails; once is put back (a crash, or one stall of this process's event loop).
    maxStalledCount: 2,
    metrics: { maxDataPoints: THROUGHPUT_MINUTES },
  })
  class QueueProcessor extends WorkerHost {
    constructor(private readonly registry: JobRegistry) {
      super();
      localWorkers.add(this);
    }

    /** Connection errors while Redis is away: one log line per 10 s (without a listener BullMQ prints each). */
    @OnWorkerEvent('error')
    onError(error: Error): void {
      logOutage(`${queue} worker`, error);
    }

    async process(job: Job): Promise<unknown> {
      return this.registry.get(queue, job.name).handle(job.data, {
        id: job.id!,
        attempt: job.attemptsMade + 1,
        progress: (value) => job.updateProgress(value),
      });
    }
  }
  Object.defineProperty(QueueProcessor, 'name', { value: `${queue[0].toUpperCase()}${queue.slice(1)}QueueProcessor` });
  return QueueProcessor;
}
