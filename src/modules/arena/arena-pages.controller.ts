import { Controller, Get, Param, Query } from '@nestjs/common';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { ArenaBattlesService } from './arena-battles.service';
import { ArenaEntriesService } from './arena-entries.service';
import { ArenaQueueService } from './arena-queue.service';
import { toSeasonJson } from './arena.mapper';
import { BoardQueryDto } from './dto/arena.dto';

/** Inertia pages: Arena/Lobby, Arena/Queue and Arena/Battle (the voting page). */
@Controller('arena')
export class ArenaPagesController {
  constructor(
    private readonly entries: ArenaEntriesService,
    private readonly battles: ArenaBattlesService,
    private readonly queue: ArenaQueueService,
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
}
