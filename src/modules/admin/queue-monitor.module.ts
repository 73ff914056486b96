import { Module, OnModuleInit } from '@nestjs/common';
import { ChannelRegistry } from '../realtime';
import { QUEUES_CHANNEL, QueueEventsRelay } from './queue-events-relay';
import { QueueMonitorController } from './queue-monitor.controller';
import { QueueMonitorService } from './queue-monitor.service';

@Module({ controllers: [QueueMonitorController], providers: [QueueMonitorService, QueueEventsRelay] })
export class QueueMonitorModule implements OnModuleInit {
  constructor(private readonly channels: ChannelRegistry) {}

  onModuleInit(): void {
    // Jobs' data and errors are for admins only.
    this.channels.register(QUEUES_CHANNEL.replace(/^private-/, ''), (user) => user.role === 'admin');
  }
}
