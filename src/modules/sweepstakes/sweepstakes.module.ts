import { Module, OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../events';
import { JobRegistry } from '../jobs';
import { TimersService } from '../jobs';
import { ChannelRegistry } from '../realtime';
import { MediaAccessRegistry } from '../storage';
import { isUuid } from '../../common/uuid.pipe';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { SWEEPSTAKES_CONFIG } from '../../config/sweepstakes.config';
import { DRAW_JOB, DRAW_QUEUE, PURCHASE_CONSUMER, TAX_FORM_PREFIX, TIMERS } from './sweepstakes.constants';
import { SweepstakesAdminController } from './sweepstakes-admin.controller';
import { SweepstakesAdminService } from './sweepstakes-admin.service';
import { SweepstakesClaimsService } from './sweepstakes-claims.service';
import { PolicyChecks } from '../policies';
import { SweepstakesController } from './sweepstakes.controller';
import { SweepstakesDrawService, type DrawJobData } from './sweepstakes-draw.service';
import { SweepstakesEntriesService } from './sweepstakes-entries.service';
import { SweepstakesLive } from './sweepstakes-live.service';
import { SweepstakesPagesController } from './sweepstakes-pages.controller';
import { SweepstakesEntrantsRepository } from './sweepstakes-entrants.repository';
import { SweepstakesFreezeService } from './sweepstakes-freeze.service';
import { SweepstakesRepository } from './sweepstakes.repository';
import { SweepstakesService } from './sweepstakes.service';

/**
 * Sweepstakes: admins create, open, close and draw provably fair sweepstakes; verified users enter; winners claim
 * before a deadline and alternates step in. Timers open/close at their times and enforce claim deadlines; the draw
 * runs as a job with live progress on `admin.sweepstakes.{id}`; purchases earn bonus entries through `order.paid`.
 */
@Module({
  controllers: [SweepstakesAdminController, SweepstakesController, SweepstakesPagesController],
  providers: [
    { provide: SWEEPSTAKES_CONFIG, useFactory: (config: AppConfig) => config.sweepstakes, inject: [APP_CONFIG] },
    SweepstakesRepository,
    SweepstakesEntrantsRepository,
    SweepstakesFreezeService,
    SweepstakesService,
    SweepstakesAdminService,
    SweepstakesEntriesService,
    SweepstakesDrawService,
    SweepstakesClaimsService,
    SweepstakesLive,
  ],
  exports: [SweepstakesService, SweepstakesEntriesService],
})
export class SweepstakesModule implements OnModuleInit {
  constructor(
    private readonly policies: PolicyChecks,
    private readonly admin: SweepstakesAdminService,
    private readonly entries: SweepstakesEntriesService,
    private readonly draws: SweepstakesDrawService,
    private readonly claims: SweepstakesClaimsService,
    private readonly timers: TimersService,
    private readonly jobs: JobRegistry,
    private readonly events: DomainEvents,
    private readonly channels: ChannelRegistry,
    private readonly media: MediaAccessRegistry,
  ) {}

  onModuleInit(): void {
    // A claim, whatever its form says, is refused at once to anyone who won nothing here.
    this.policies.define('sweepstakes-prize.claim', (user, id) => this.claims.ownPrize(user, id));
    this.timers.define(TIMERS.open, (data: { sweepstakesId: string }) => this.admin.onOpenTimer(data));
    this.timers.define(TIMERS.close, (data: { sweepstakesId: string }) => this.admin.onCloseTimer(data));
    this.timers.define(TIMERS.claimDeadline, (data: { winnerId: string }) => this.claims.onDeadline(data));
    this.jobs.register<DrawJobData>(DRAW_QUEUE, DRAW_JOB, {
      handle: (data, ctx) => this.draws.run(data.sweepstakesId, ctx),
    });
    this.events.subscribe('order.paid', PURCHASE_CONSUMER, (event) => this.entries.onOrderPaid(event));
    // A referral through the affiliate programme earns the referrer the bonus entries the rules set for it.
    this.events.subscribe('affiliate.referred', 'sweepstakes.referral-entries', ({ payload }) =>
      this.entries
        .awardBonusEntry({
          userId: payload.affiliate_user_id,
          source: 'referral',
          sourceRef: payload.referred_user_id,
          at: new Date(payload.bound_at),
        })
        .then(() => undefined),
    );
    // Live entry counts and draw progress are for admins only.
    this.channels.register('admin.sweepstakes.{id}', (user, { id }) => isUuid(id) && user.role === 'admin');
    // sweepstakes-tax/<sweepstakes id>/<user id>/<file>: the winner who uploaded it, and admins.
    this.media.register(`${TAX_FORM_PREFIX}/`, (key, user) => {
      const ownerId = key.split('/')[2];
      return !!user && (user.role === 'admin' || user.id === ownerId);
    });
  }
}
