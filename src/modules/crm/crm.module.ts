import { Module, OnModuleInit } from '@nestjs/common';
import { isUuid } from '../../common/uuid.pipe';
import { DomainEvents } from '../events';
import { TimersService } from '../jobs';
import { ChannelRegistry } from '../realtime';
import { PropertiesModule } from '../properties/properties.module';
import { UsersModule } from '../users/users.module';
import { CrmAccessService } from './crm-access.service';
import { CrmContactsController } from './crm-contacts.controller';
import { CrmContactsService } from './crm-contacts.service';
import { CrmCsvService } from './crm-csv.service';
import { CrmIntakeService } from './crm-intake.service';
import { CrmLeadsController } from './crm-leads.controller';
import { CrmLeadsService } from './crm-leads.service';
import { CrmMergeService } from './crm-merge.service';
import { CrmPagesController } from './crm-pages.controller';
import { CrmRoutingService } from './crm-routing.service';
import { CrmSourcesService } from './crm-sources.service';
import { TIMERS } from './crm.constants';
import { CrmRepository } from './crm.repository';

/**
 * Realtor CRM: one lead intake for every source (listing inquiries, open-house registrations, chat requests,
 * opted-in follows, signed outside sources), routing with speed to lead, the agent's live queue, contacts with
 * their timeline, merge with undo, CSV import and export.
 */
@Module({
  imports: [PropertiesModule, UsersModule],
  controllers: [CrmContactsController, CrmLeadsController, CrmPagesController],
  providers: [
    CrmRepository,
    CrmAccessService,
    CrmRoutingService,
    CrmIntakeService,
    CrmContactsService,
    CrmMergeService,
    CrmCsvService,
    CrmLeadsService,
    CrmSourcesService,
  ],
  exports: [CrmIntakeService],
})
export class CrmModule implements OnModuleInit {
  constructor(
    private readonly routing: CrmRoutingService,
    private readonly sources: CrmSourcesService,
    private readonly timers: TimersService,
    private readonly events: DomainEvents,
    private readonly channels: ChannelRegistry,
  ) {}

  onModuleInit(): void {
    this.timers.define(TIMERS.speedToLead, (data: { leadId: string }) => this.routing.onSpeedToLead(data));
    this.events.subscribe('open_house.registered', 'crm.leads', (e) => this.sources.onOpenHouseRegistered(e));
    this.events.subscribe('chat.requested', 'crm.leads', (e) => this.sources.onChatRequested(e));
    this.events.subscribe('user.followed', 'crm.leads', (e) => this.sources.onFollowed(e));
    // An agent's lead queue: only that agent.
    this.channels.register('crm.agent.{id}', (user, { id }) => isUuid(id) && user.id === id);
  }
}
