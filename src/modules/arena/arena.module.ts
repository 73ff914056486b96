import { Module, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { isUuid } from '../../common/uuid.pipe';
import { DesignsModule } from '../designs/designs.module';
import { TimersService } from '../jobs';
import { UsersModule } from '../users/users.module';
import { VideoModule } from '../video/video.module';
import { ChannelRegistry } from '../realtime';
import { ArenaBattlesService } from './arena-battles.service';
import { ArenaEntriesService } from './arena-entries.service';
import { ArenaQueueService } from './arena-queue.service';
import { ArenaPagesController } from './arena-pages.controller';
import { ArenaRatingsService } from './arena-ratings.service';
import { NIGHTLY_FIT_TIMER, QUEUE_TIMERS, TIMERS } from './arena.constants';
import { ArenaController } from './arena.controller';
import { ArenaRepository } from './arena.repository';
import { ArenaTicketsRepository } from './arena-tickets.repository';

/**
 * Arena: creators enter designs and spots; voters judge anonymous pairs; live Elo per entry and creator with a
 * nightly Bradley-Terry refit. Battles close by timers; watchers follow a battle's votes on
 * `presence-arena.battle.{id}`.
 */
@Module({
  imports: [UsersModule, DesignsModule, VideoModule],
  controllers: [ArenaController, ArenaPagesController],
  providers: [
    ArenaRepository,
    ArenaTicketsRepository,
    ArenaEntriesService,
    ArenaBattlesService,
    ArenaRatingsService,
    ArenaQueueService,
  ],
  exports: [ArenaEntriesService, ArenaBattlesService, ArenaRatingsService, ArenaQueueService],
})
export class ArenaModule implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly battles: ArenaBattlesService,
    private readonly queue: ArenaQueueService,
    private readonly ratings: ArenaRatingsService,
    private readonly repo: ArenaRepository,
    private readonly timers: TimersService,
    private readonly channels: ChannelRegistry,
  ) {}

  /** The nightly Bradley-Terry refit keeps itself scheduled; starting the app makes sure tonight's is queued. */
  async onApplicationBootstrap(): Promise<void> {
    await this.ratings.scheduleNightlyFit();
  }

  onModuleInit(): void {
    this.timers.define(TIMERS.closeBattle, (data: { battleId: string }) => this.battles.onCloseTimer(data));
    this.timers.define(NIGHTLY_FIT_TIMER, () => this.ratings.onNightlyFit());
    this.timers.define(QUEUE_TIMERS.tick, (data: { ticketId: string }) => this.queue.onTick(data));
    this.timers.define(QUEUE_TIMERS.timeout, (data: { ticketId: string }) => this.queue.onTimeout(data));
    this.timers.define(QUEUE_TIMERS.battleEnd, (data: { battleId: string }) => this.queue.onBattleEnd(data));
    // Anyone signed in may watch a battle's live votes (user_info is the name only).
    this.channels.register('presence-arena.battle.{id}', async (user, { id }) => {
      if (!isUuid(id) || !(await this.repo.findBattle(id))) return false;
      return { id: user.id, name: user.name };
    });
  }
}
