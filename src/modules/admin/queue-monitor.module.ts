import { Module } from '@nestjs/common';
import { QueueMonitorController } from './queue-monitor.controller';
import { QueueMonitorService } from './queue-monitor.service';

@Module({ controllers: [QueueMonitorController], providers: [QueueMonitorService] })
export class QueueMonitorModule {}
