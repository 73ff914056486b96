import { Module, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { isUuid } from '../../common/uuid.pipe';
import { AdminModule } from '../admin/admin.module';
import { DesignShareHolds } from '../designs';
import { DesignsModule } from '../designs/designs.module';
import { TimersService } from '../jobs';
import { UsersModule } from '../users/users.module';
import { SpotPublishHolds } from '../video';
import { VideoModule } from '../video/video.module';
import { ChannelRegistry } from '../realtime';
import { ArenaBattlesService } from './arena-battles.service';
import { ArenaEntriesService } from './arena-entries.service';
import { ArenaQueueService } from './arena-queue.service';
import { ArenaPagesController } from './arena-pages.controller';
import { ArenaRatingsService } from './arena-ratings.service';
import {
  CHALLENGE_EXPIRE_TIMER,
  INTEGRITY_SCAN_TIMER,
  NIGHTLY_FIT_TIMER,
  QUEUE_TIMERS,
  SEASON_CLOSE_TIMER,
  TIMERS,
  WAR_TIMERS,
} from './arena.constants';
import { ArenaAdminController } from './arena-admin.controller';
import { ArenaIntegrityRepository } from './arena-integrity.repository';
import { ArenaIntegrityService } from './arena-integrity.service';
import { ArenaChallengesService } from './arena-challenges.service';
import { ArenaSquadsService } from './arena-squads.service';
import { ArenaWarsController } from './arena-wars.controller';
import { ArenaWarsRepository } from './arena-wars.repository';
import { ArenaWarsService } from './arena-wars.service';
import { ArenaController } from './arena.controller';
import { ArenaRepository } from './arena.repository';
import { ArenaTicketsRepository } from './arena-tickets.repository';
import { PolicyChecks } from '../policies';

/**
 * Arena: creators enter designs and spots; voters judge anonymous pairs; live Elo per entry and creator with a
 * nightly Bradley-Terry refit. Battles close by timers; watchers follow a battle's votes on
 * `presence-arena.battle.{id}`.
 */
@Module({
  imports: [UsersModule, DesignsModule, VideoModule, AdminModule],
  controllers: [ArenaController, ArenaPagesController, ArenaWarsController, ArenaAdminController],
  providers: [
    ArenaRepository,
    ArenaTicketsRepository,
    ArenaEntriesService,
    ArenaBattlesService,
    ArenaRatingsService,
    ArenaQueueService,
    ArenaWarsRepository,
    ArenaWarsService,
    ArenaSquadsService,
    ArenaChallengesService,
    ArenaIntegrityRepository,
    ArenaIntegrityService,
  ],
  exports: [
    ArenaEntriesService,
    ArenaBattlesService,
    ArenaRatingsService,
    ArenaQueueService,
    ArenaWarsService,
    ArenaSquadsService,
    ArenaChallengesService,
    ArenaIntegrityService,
  ],
})
export class ArenaModule implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly battles: ArenaBattlesService,
    private readonly queue: ArenaQueueService,
    private readonly ratings: ArenaRatingsService,
    private readonly repo: ArenaRepository,
    private readonly timers: TimersService,
    private readonly channels: ChannelRegistry,
    private readonly entries: ArenaEntriesService,
    private readonly wars: ArenaWarsService,
    private readonly warsRepo: ArenaWarsRepository,
    private readonly integrity: ArenaIntegrityService,
    private readonly shareHolds: DesignShareHolds,
    private readonly spotHolds: SpotPublishHolds,
    private readonly challenges: ArenaChallengesService,
    private readonly policies: PolicyChecks,
  ) {}

  /**
   * The nightly Bradley-Terry refit keeps itself scheduled; starting the app makes sure tonight's is queued, and
   * that the active season's close at its end date is.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.ratings.scheduleNightlyFit();
    const season = await this.repo.activeSeason();
    if (season) await this.entries.scheduleClose(season);
  }

  onModuleInit(): void {
    this.policies.define('arena-war.fight', (user, id) => this.wars.fighter(user, id));
    this.timers.define(TIMERS.closeBattle, (data: { battleId: string }) => this.battles.onCloseTimer(data));
    this.timers.define(NIGHTLY_FIT_TIMER, () => this.ratings.onNightlyFit());
    this.timers.define(QUEUE_TIMERS.tick, (data: { ticketId: string }) => this.queue.onTick(data));
    this.timers.define(QUEUE_TIMERS.timeout, (data: { ticketId: string }) => this.queue.onTimeout(data));
    this.timers.define(QUEUE_TIMERS.battleEnd, (data: { battleId: string }) => this.queue.onBattleEnd(data));
    this.timers.define(SEASON_CLOSE_TIMER, (data: { seasonId: string }) => this.ratings.onSeasonClose(data));
    this.timers.define(WAR_TIMERS.battleStart, (data: { warId: string }) => this.wars.onBattleStart(data));
    this.timers.define(WAR_TIMERS.close, (data: { warId: string }) => this.wars.onClose(data));
    this.timers.define(CHALLENGE_EXPIRE_TIMER, (data: { challengeId: string }) => this.challenges.onExpire(data));
    this.timers.define(INTEGRITY_SCAN_TIMER, (data: { seasonId: string; windowStart: number }) =>
      this.integrity.onScan(data),
    );
    this.battles.afterVote((battle) => this.wars.onVote(battle));
    this.battles.afterVote((battle) => this.integrity.afterVote(battle.seasonId));
    // Every entered variant stays public while its season runs: an entered design stays shared and undeleted, an
    // entered spot published with its video (the designs and video modules ask; they never import the arena).
    this.shareHolds.register((design, action) => this.entries.publicHold('design', design.id, action));
    this.spotHolds.register((spot, action) => this.entries.publicHold('spot', spot.id, action));
    // Anyone signed in may watch a war; a squad's own lineup channel is for its members only.
    this.channels.register('presence-arena.war.{id}', async (user, { id }) => {
      if (!isUuid(id) || !(await this.warsRepo.findWar(id))) return false;
      return { id: user.id, name: user.name };
    });
    this.channels.register('private-arena.squad.{id}', async (user, { id }) => {
      return isUuid(id) && (await this.warsRepo.members([id])).some((m) => m.userId === user.id);
    });
    // Anyone signed in may watch a battle's live votes (user_info is the name only).
    this.channels.register('presence-arena.battle.{id}', async (user, { id }) => {
      if (!isUuid(id) || !(await this.repo.findBattle(id))) return false;
      return { id: user.id, name: user.name };
    });
  }
}
