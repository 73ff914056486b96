import { Module } from '@nestjs/common';
import { AdminDashboardController } from './admin-dashboard.controller';
import { QueueMonitorController } from './queue-monitor.controller';
import { QueueMonitorService } from './queue-monitor.service';

@Module({ controllers: [AdminDashboardController, QueueMonitorController], providers: [QueueMonitorService] })
export class QueueMonitorModule {}
