import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { createHash } from 'node:crypto';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public, Roles, Verified } from '../auth';
import { PageQueryDto } from '../../common/page-query.dto';
import { RateLimiterService } from '../security';
import { StorageService } from '../storage';
import type { User } from '../users';
import { ArenaBattlesService, type VoterMeta } from './arena-battles.service';
import { ArenaEntriesService } from './arena-entries.service';
import { ArenaQueueService } from './arena-queue.service';
import { ENTRIES_PER_HOUR } from './arena.constants';
import { BoardQueryDto, EnterDto, JoinQueueDto, NextBattleDto, RolloverDto, VoteDto } from './dto/arena.dto';
import { ArenaRatingsService } from './arena-ratings.service';
import { toSeasonJson } from './arena.mapper';

/** Who cast a vote, for the integrity checks: the address and a digest of the browser's headers. */
function voterMeta(req: Request): VoterMeta {
  const device = createHash('sha256')
    .update(`${req.get('user-agent') ?? ''}|${req.get('accept-language') ?? ''}`)
    .digest('hex')
    .slice(0, 32);
  return { ip: req.ip ?? null, device };
}

/** JSON API of the arena: entering, the leaderboard, battles and votes. */
@Controller('api/arena')
export class ArenaController {
  constructor(
    private readonly entries: ArenaEntriesService,
    private readonly battles: ArenaBattlesService,
    private readonly limiter: RateLimiterService,
    private readonly storage: StorageService,
    private readonly queue: ArenaQueueService,
    private readonly ratings: ArenaRatingsService,
  ) {}

  /** The season's leaderboard (one category or all), by live rating. */
  @Get('leaderboard')
  @Public()
  leaderboard(@Query() q: BoardQueryDto) {
    return this.entries.board(q);
  }

  /** The signed-in creator's entries in the current season. */
  @Get('entries/mine')
  async mine(@CurrentUser() user: User) {
    return { entries: await this.entries.mine(user) };
  }

  /** Enters one of your finished designs or published spots in a category (public from then on). */
  @Post('entries')
  @HttpCode(201)
  async enter(@CurrentUser() user: User, @Body() body: EnterDto) {
    await this.limiter.hit(`arena-enter:${user.id}`, ENTRIES_PER_HOUR, 3600);
    return { message: 'Entered. Good luck in the arena!', entry: await this.entries.enter(user, body) };
  }

  /** A battle for you to judge: one waiting for your vote, or a new pair. */
  @Post('battles/next')
  @Verified()
  @HttpCode(200)
  async next(@CurrentUser() user: User, @Body() body: NextBattleDto) {
    return { battle: await this.battles.next(user, body.category) };
  }

  @Get('battles/:id')
  @Public()
  async show(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    return { battle: await this.battles.show(id, viewer) };
  }

  /** The picture of one side as this viewer sees it, without the creator's name in its address. */
  @Get('battles/:id/sides/:side/image')
  @Public()
  async sideImage(
    @Param('id', UuidPipe) id: string,
    @Param('side') side: string,
    @CurrentUser() viewer: User | undefined,
    @Res() res: Response,
  ) {
    if (side !== 'left' && side !== 'right') throw new NotFoundException('A battle has a left and a right side.');
    const key = await this.battles.sideImageKey(id, side, viewer ?? null);
    const stat = await this.storage.stat(key);
    if (!stat) throw new NotFoundException('This side has no picture.');
    res.setHeader('Content-Type', stat.contentType);
    res.setHeader('Cache-Control', 'private, no-store');
    await pipeline(await this.storage.read(key), res);
  }

  /** Votes left, right, tie or both bad; the answer reveals both entries. */
  @Post('battles/:id/votes')
  @Verified()
  @HttpCode(201)
  async vote(@Param('id', UuidPipe) id: string, @CurrentUser() user: User, @Body() body: VoteDto, @Req() req: Request) {
    return { message: 'Vote counted.', battle: await this.battles.vote(user, id, body, voterMeta(req)) };
  }

  /** Your queue tickets, newest first, with place in the queue and the current rating window. */
  @Get('queue')
  async tickets(@CurrentUser() user: User) {
    return { tickets: await this.queue.mine(user) };
  }

  /** Queues one of your entries for a live round against a creator of similar rating. */
  @Post('queue')
  @HttpCode(201)
  async join(@CurrentUser() user: User, @Body() body: JoinQueueDto) {
    return { message: 'Queued. We will find you an opponent.', ticket: await this.queue.join(user, body.entry_id) };
  }

  /** Leaves the queue (the ticket ends as abandoned). */
  @Post('queue/:id/leave')
  @HttpCode(200)
  async leave(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { message: 'You left the queue.', ticket: await this.queue.leave(user, id) };
  }

  /** Seasons, newest first. */
  @Get('seasons')
  @Public()
  seasons(@Query() q: PageQueryDto) {
    return this.entries.seasons(q);
  }

  /** Closes the active season and opens the next with every rating softly reset toward the mean (admins). */
  @Post('seasons/rollover')
  @Roles('admin')
  @HttpCode(201)
  async rollover(@Body() body: RolloverDto) {
    return { message: 'A new season has started.', season: toSeasonJson(await this.ratings.rollover(body.name)) };
  }
}
