export { JobsService } from './jobs.service';
export { JobRegistry } from './job-registry';
export { TimersService } from './timers.service';
export { QUEUES, type JobContext, type JobHandler, type QueueName, type DispatchOptions } from './job.types';
export type { QueueState } from './job.types';
export type { JobEventListener, StopWatching } from './job-events';
