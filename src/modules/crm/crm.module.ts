import { Module, OnModuleInit } from '@nestjs/common';
import { isUuid } from '../../common/uuid.pipe';
import { DomainEvents } from '../events';
import { JobRegistry, TimersService } from '../jobs';
import { ChannelRegistry } from '../realtime';
import { AffiliatesModule } from '../affiliates/affiliates.module';
import { CommerceModule } from '../commerce/commerce.module';
import { MarketModule } from '../market/market.module';
import { PropertiesModule } from '../properties/properties.module';
import { OpenHousesModule } from '../open-houses/open-houses.module';
import { UsersModule } from '../users/users.module';
import { CrmCampaignsRepository } from './campaigns/campaigns.repository';
import { CrmCampaignPagesController } from './campaigns/crm-campaign-pages.controller';
import { CrmCampaignPublicService } from './campaigns/crm-campaign-public.service';
import { CrmCampaignsController } from './campaigns/crm-campaigns.controller';
import { CrmCampaignsService } from './campaigns/crm-campaigns.service';
import { CrmFarmAreaService } from './campaigns/crm-farm-area.service';
import { CrmCodeExpiryService } from './campaigns/crm-code-expiry.service';
import { CrmTemplatesController } from './templates/crm-templates.controller';
import { CrmMailController } from './templates/crm-mail.controller';
import { CrmMailEventsService } from './templates/crm-mail-events.service';
import { CrmMailOutboxService, type OutboxBatch } from './templates/crm-mail-outbox.service';
import { CrmTemplatesService } from './templates/crm-templates.service';
import { CrmTemplatesRepository } from './templates/templates.repository';
import { CrmAccessService } from './crm-access.service';
import { PolicyChecks } from '../policies';
import { CrmContactsController } from './contacts/crm-contacts.controller';
import { CrmContactsService } from './contacts/crm-contacts.service';
import { CrmCsvService } from './contacts/crm-csv.service';
import { CrmIntakeService } from './leads/crm-intake.service';
import { CrmLeadsController } from './leads/crm-leads.controller';
import { CrmMarketplaceController } from './marketplace/crm-marketplace.controller';
import { CrmMarketplaceService } from './marketplace/crm-marketplace.service';
import { CrmSellerLedgerService } from './marketplace/crm-seller-ledger.service';
import { CrmMarketplaceMoneyService } from './marketplace/crm-marketplace-money.service';
import { CrmMarketplaceRepository } from './marketplace/marketplace.repository';
import { CrmLeadsService } from './leads/crm-leads.service';
import { CrmMergeService } from './contacts/crm-merge.service';
import { CrmPagesController } from './crm-pages.controller';
import { CrmRoutingService } from './leads/crm-routing.service';
import { CrmSourcesService } from './leads/crm-sources.service';
import { CrmSuppressionsService } from './templates/crm-suppressions.service';
import { OUTBOX_JOB, TIMERS } from './crm.constants';
import { CrmRepository } from './crm.repository';

/**
 * Realtor CRM: one lead intake for every source (listing inquiries, open-house registrations, chat requests,
 * opted-in follows, signed outside sources), routing with speed to lead, the agent's live queue, contacts with
 * their timeline, merge with undo, CSV import and export; farm campaigns with public forms and single-use codes;
 * the lead marketplace (masked offers, first to claim for credits, a 72-hour dispute window).
 */
@Module({
  imports: [PropertiesModule, UsersModule, OpenHousesModule, MarketModule, CommerceModule, AffiliatesModule],
  controllers: [
    CrmContactsController,
    CrmLeadsController,
    CrmPagesController,
    CrmCampaignsController,
    CrmCampaignPagesController,
    CrmTemplatesController,
    CrmMarketplaceController,
    CrmMailController,
  ],
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
    CrmCampaignsRepository,
    CrmCampaignsService,
    CrmFarmAreaService,
    CrmCodeExpiryService,
    CrmCampaignPublicService,
    CrmTemplatesRepository,
    CrmTemplatesService,
    CrmSuppressionsService,
    CrmMarketplaceRepository,
    CrmMarketplaceService,
    CrmMarketplaceMoneyService,
    CrmSellerLedgerService,
    CrmMailOutboxService,
    CrmMailEventsService,
  ],
  exports: [CrmIntakeService, CrmSuppressionsService, CrmLeadsService],
})
export class CrmModule implements OnModuleInit {
  constructor(
    private readonly policies: PolicyChecks,
    private readonly access: CrmAccessService,
    private readonly templates: CrmTemplatesService,
    private readonly contacts: CrmContactsService,
    private readonly merges: CrmMergeService,
    private readonly campaigns: CrmCampaignsService,
    private readonly routing: CrmRoutingService,
    private readonly sources: CrmSourcesService,
    private readonly timers: TimersService,
    private readonly events: DomainEvents,
    private readonly channels: ChannelRegistry,
    private readonly market: CrmMarketplaceService,
    private readonly marketMoney: CrmMarketplaceMoneyService,
    private readonly codeExpiry: CrmCodeExpiryService,
    private readonly outbox: CrmMailOutboxService,
    private readonly jobs: JobRegistry,
    private readonly sellerLedger: CrmSellerLedgerService,
  ) {}

  onModuleInit(): void {
    this.policies.define('crm-contact.work', (user, id) => this.access.contact(user, id));
    this.policies.define('crm-template.use', (user, id) => this.templates.template(user, id));
    this.policies.define('crm-campaign.manage', (user, id) => this.campaigns.managed(user, id));
    this.policies.define('crm-task.work', (user, id) => this.contacts.workableTask(user, id));
    this.policies.define('crm-contact.merge', (user, id) => this.merges.survivor(user, id));
    this.policies.define('crm-lead.offer', (user, id) => this.market.offerable(user, id));
    this.policies.define('crm-sale.dispute', (user, id) => this.market.disputable(user, id));
    this.policies.define('crm-sale.refund', (user, id) => this.market.refundable(user, id));
    this.timers.define(TIMERS.speedToLead, (data: { leadId: string }) => this.routing.onSpeedToLead(data));
    this.timers.define(TIMERS.marketSettle, (data: { saleId?: string; offerId?: string }) =>
      this.market.onSettle(data),
    );
    this.timers.define(TIMERS.codesExpire, (data: { campaignId: string }) => this.codeExpiry.onExpire(data));
    // The marketing mail outbox: the job after a send commits, and the safety timer set before it.
    this.jobs.register<OutboxBatch>('mail', OUTBOX_JOB, { handle: (data) => this.outbox.drain(data) });
    this.timers.define(TIMERS.mailOutbox, (data: OutboxBatch) => this.outbox.drain(data));
    this.events.subscribe('open_house.registered', 'crm.leads', (e) => this.sources.onOpenHouseRegistered(e));
    this.events.subscribe('chat.requested', 'crm.leads', (e) => this.sources.onChatRequested(e));
    this.events.subscribe('user.followed', 'crm.leads', (e) => this.sources.onFollowed(e));
    this.events.subscribe('tour.requested', 'crm.leads', (e) => this.sources.onTourRequested(e));
    // A paid order line for a money-priced lead offer sells it (or refunds a payment that came second).
    this.events.subscribe('order.paid', 'crm.lead-offers', ({ payload }) => this.marketMoney.onOrderPaid(payload));
    // A seller's payout account can be paid now: settled sales awaiting one move to it (each once).
    this.events.subscribe('affiliate.approved', 'crm.seller-payouts', async ({ payload }) => {
      await this.sellerLedger.transferAwaiting(payload.user_id);
    });
    // An agent's lead queue: only that agent.
    this.channels.register('crm.agent.{id}', (user, { id }) => isUuid(id) && user.id === id);
  }
}
