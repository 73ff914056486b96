export { QueueMonitorService } from './queue-monitor.service';
