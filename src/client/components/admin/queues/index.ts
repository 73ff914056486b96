export { JobItem } from './JobItem';
export { JOB_STATES, QueueCounts } from './QueueCounts';
export { QueueThroughputCard } from './QueueThroughputCard';
export {
  applyQueueChange,
  hourTotals,
  minutePoints,
  queueMonitorLive,
  type QueueChangeOutcome,
} from './queue-monitor-rules';
