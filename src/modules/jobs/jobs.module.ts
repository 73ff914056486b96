import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { Runtime } from '../../config/runtime';
import { processorFor } from './bull-processors';
import { JobRegistry } from './job-registry';
import { QUEUES } from './job.types';
import { JOBS_MODE, JobsService } from './jobs.service';
import { TimersService } from './timers.service';

const CONCURRENCY: Record<string, number> = {
  mail: 4,
  media: 1,
  designs: 2,
  fanout: 4,
  events: 4,
  timers: 2,
  payouts: 1,
};

@Global()
@Module({})
export class JobsModule {
  /**
   * BullMQ when Redis is there; otherwise the in-process runner. `runWorkers` false makes a
   * web-only node that enqueues but never processes (the worker process does that).
   */
  static forRoot(runtime: Runtime, options: { runWorkers: boolean; prefix?: string; lockMs?: number }): DynamicModule {
    const common: Provider[] = [JobRegistry, JobsService, TimersService];
    if (!runtime.redisUrl) {
      return {
        module: JobsModule,
        providers: [...common, { provide: JOBS_MODE, useValue: 'in-process' }],
        exports: [JobsService, JobRegistry, TimersService],
      };
    }
    const processors = options.runWorkers
      ? QUEUES.map((queue) => processorFor(queue, CONCURRENCY[queue] ?? 1, options.lockMs))
      : [];
    return {
      module: JobsModule,
      imports: [
        BullModule.forRoot({
          connection: { url: runtime.redisUrl, maxRetriesPerRequest: null },
          prefix: options.prefix ?? 'reelty',
        }),
        ...QUEUES.map((name) => BullModule.registerQueue({ name })),
      ],
      providers: [...common, ...processors, { provide: JOBS_MODE, useValue: 'bullmq' }],
      exports: [JobsService, JobRegistry, TimersService],
    };
  }
}
