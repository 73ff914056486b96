import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Type } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobRegistry } from './job-registry';
import { QueueName } from './job.types';

/** One BullMQ worker class per queue, each handing jobs to the registered plain handler. */
export function processorFor(queue: QueueName, concurrency: number): Type<WorkerHost> {
  @Processor(queue, { concurrency })
  class QueueProcessor extends WorkerHost {
    constructor(private readonly registry: JobRegistry) {
      super();
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
