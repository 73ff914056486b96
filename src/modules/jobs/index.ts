export { JobsService } from './jobs.service';
export { JobRegistry } from './job-registry';
export { TimersService } from './timers.service';
export type { JobContext, JobHandler, QueueName, DispatchOptions } from './job.types';
