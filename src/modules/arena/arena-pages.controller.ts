import { Controller, Get, Param, Query } from '@nestjs/common';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { ArenaBattlesService } from './arena-battles.service';
import { ArenaEntriesService } from './arena-entries.service';
import { ArenaQueueService } from './arena-queue.service';
import { ArenaChallengesService } from './arena-challenges.service';
import { ArenaSquadsService } from './arena-squads.service';
import { ArenaWarsService } from './arena-wars.service';
import { toSeasonJson } from './arena.mapper';
import { BoardQueryDto } from './dto/arena.dto';
import { PageQueryDto } from '../../common/page-query.dto';

/**
 * Inertia pages: Arena/Lobby, Arena/Queue, Arena/SeriesSelection, Arena/SeriesArenas, Arena/Battle, Arena/SquadBattle,
 * Arena/WarBattle and Arena/WarBattleResults.
 */
@Controller('arena')
export class ArenaPagesController {
  constructor(
    private readonly entries: ArenaEntriesService,
    private readonly battles: ArenaBattlesService,
    private readonly queue: ArenaQueueService,
    private readonly squads: ArenaSquadsService,
    private readonly challenges: ArenaChallengesService,
    private readonly wars: ArenaWarsService,
  ) {}

  @Get()
  @Public()
  async lobby(@CurrentUser() viewer: User | undefined, @Query() q: BoardQueryDto) {
    const [season, myEntries, liveBattles, board] = await Promise.all([
      this.entries.currentSeason(),
      viewer ? this.entries.mine(viewer) : [],
      this.battles.liveBattles(viewer ?? null),
      this.entries.board(q),
    ]);
    return Inertia.render('Arena/Lobby', {
      season: toSeasonJson(season),
      categories: this.entries.categories(),
      category: q.category ?? null,
      my_entries: myEntries,
      live_battles: liveBattles,
      board,
    });
  }

  @Get('battles/:id')
  @Public()
  async battle(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    return Inertia.render('Arena/Battle', { battle: await this.battles.show(id, viewer) });
  }

  @Get('queue')
  async queuePage(@CurrentUser() user: User) {
    const [entries, tickets] = await Promise.all([this.entries.mine(user), this.queue.mine(user)]);
    return Inertia.render('Arena/Queue', { entries, tickets });
  }

  @Get('squads')
  async squadBattle(@CurrentUser() user: User, @Query() q: PageQueryDto) {
    const [mine, squads, myWars, wars] = await Promise.all([
      this.squads.mine(user),
      this.squads.page(q),
      this.squads.recentWars(user, true),
      this.squads.recentWars(null, false),
    ]);
    return Inertia.render('Arena/SquadBattle', {
      my_squads: mine,
      squads,
      my_wars: myWars,
      wars,
      challenges: await this.challenges.of(mine.map((s) => s.id)),
      categories: this.entries.categories(),
      my_entries: await this.entries.mine(user),
    });
  }

  @Get('wars/:id')
  @Public()
  async warBattle(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    const war = await this.wars.show(id, viewer);
    const mine = viewer && war.my_squad ? await this.entries.mine(viewer) : [];
    return Inertia.render('Arena/WarBattle', {
      war,
      my_entries: mine.filter((e) => e.category === war.category && e.season_id === war.season_id),
    });
  }

  @Get('wars/:id/results')
  @Public()
  async warResults(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    return Inertia.render('Arena/WarBattleResults', { war: await this.wars.show(id, viewer) });
  }

  @Get('seasons')
  @Public()
  async seriesSelection(@Query() q: PageQueryDto) {
    const current = await this.entries.currentSeason();
    return Inertia.render('Arena/SeriesSelection', {
      current: toSeasonJson(current),
      seasons: await this.entries.seasons(q),
    });
  }

  @Get('seasons/:id')
  @Public()
  async seriesArenas(@Param('id', UuidPipe) id: string, @Query() q: BoardQueryDto) {
    const season = await this.entries.season(id);
    const [board, creators] = await Promise.all([
      this.entries.board(Object.assign(q, { season_id: season.id })),
      this.entries.creatorBoard(season.id),
    ]);
    return Inertia.render('Arena/SeriesArenas', {
      season: toSeasonJson(season),
      categories: this.entries.categories(),
      category: q.category ?? null,
      board,
      creators,
    });
  }
}
