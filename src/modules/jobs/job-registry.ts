import { Injectable } from '@nestjs/common';
import { JobHandler, QueueName } from './job.types';

/** Maps "queue:job name" to its handler; modules register theirs in onModuleInit. */
@Injectable()
export class JobRegistry {
  private readonly handlers = new Map<string, JobHandler>();

  register<T>(queue: QueueName, name: string, handler: JobHandler<T>): void {
    this.handlers.set(`${queue}:${name}`, handler as JobHandler);
  }

  get(queue: string, name: string): JobHandler {
    const handler = this.handlers.get(`${queue}:${name}`);
    if (!handler) throw new Error(`No handler for job "${name}" on queue "${queue}"`);
    return handler;
  }
}
