import { Module, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AFFILIATES_CONFIG } from '../../config/affiliates.config';
import { DiscountCodesService } from '../commerce';
import { CommerceModule } from '../commerce/commerce.module';
import { DomainEvents } from '../events';
import { JobRegistry } from '../jobs';
import { TimersService } from '../jobs';
import { ChannelRegistry } from '../realtime';
import { MediaAccessRegistry } from '../storage';
import { AffiliatesAdminController } from './affiliates-admin.controller';
import { AffiliatesPagesController } from './affiliates-pages.controller';
import { AffiliatesController } from './affiliates.controller';
import { AffiliatesRepository } from './affiliates.repository';
import { AttributionService } from './attribution.service';
import { CommissionsService, HOLD_TIMER } from './commissions.service';
import { DocumentsService, MATERIALS_PREFIX, TAX_FORM_PREFIX } from './documents.service';
import { FlagsService } from './flags.service';
import { AffiliatePayeesService } from './payees.service';
import { PayoutsRepository } from './payouts/payouts.repository';
import { BATCH_JOB, PayoutsService } from './payouts/payouts.service';
import { ProgrammeService } from './programme.service';

@Module({
  imports: [CommerceModule],
  controllers: [AffiliatesController, AffiliatesPagesController, AffiliatesAdminController],
  providers: [
    // The programme's part of the one configuration loaded and validated at start.
    { provide: AFFILIATES_CONFIG, inject: [APP_CONFIG], useFactory: (config: AppConfig) => config.affiliates },
    AffiliatesRepository,
    PayoutsRepository,
    ProgrammeService,
    AttributionService,
    CommissionsService,
    PayoutsService,
    DocumentsService,
    FlagsService,
    AffiliatePayeesService,
  ],
  exports: [AttributionService, ProgrammeService, AffiliatePayeesService],
})
export class AffiliatesModule implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly timers: TimersService,
    private readonly jobs: JobRegistry,
    private readonly channels: ChannelRegistry,
    private readonly media: MediaAccessRegistry,
    private readonly commissions: CommissionsService,
    private readonly attribution: AttributionService,
    private readonly payouts: PayoutsService,
    private readonly documents: DocumentsService,
    private readonly programme: ProgrammeService,
    private readonly discountCodes: DiscountCodesService,
  ) {}

  onModuleInit(): void {
    // Discount codes may belong to an affiliate: commerce asks the programme whether a referral code is one.
    this.discountCodes.useAffiliateDirectory((code) => this.programme.approvedByCode(code));
    this.events.subscribe('order.paid', 'affiliates.commissions', (event) => this.commissions.onOrderPaid(event));
    this.events.subscribe('order.refunded', 'affiliates.commissions', (event) =>
      this.commissions.onOrderRefunded(event),
    );
    this.events.subscribe('user.registered', 'affiliates.referrals', ({ payload }) =>
      this.attribution.bindRegistration(payload),
    );
    this.timers.define<{ commission_id: string }>(HOLD_TIMER, ({ commission_id }) =>
      this.commissions.releaseHold(commission_id),
    );
    this.jobs.register<{ batch_id: string }>('payouts', BATCH_JOB, {
      handle: ({ batch_id }) => this.payouts.runBatch(batch_id),
    });
    this.channels.register('admin.payouts', (user) => user.role === 'admin');
    this.media.register(`${TAX_FORM_PREFIX}/`, (key, user) => this.documents.canReadTaxForm(key, user));
    this.media.register(`${MATERIALS_PREFIX}/`, async (_key, user) => {
      if (!user) return false;
      if (user.role === 'admin') return true;
      return (await this.programme.row({ userId: user.id }))?.status === 'approved';
    });
  }
}
