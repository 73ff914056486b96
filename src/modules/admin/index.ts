export { QueueMonitorService } from './queue-monitor.service';
export { AuditService, type AuditContext, type AuditRecord } from './audit.service';
export { AuditActor } from './audit-context';
