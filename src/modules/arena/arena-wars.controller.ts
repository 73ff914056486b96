import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { PageQueryDto } from '../../common/page-query.dto';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { RateLimiterService } from '../security';
import type { User } from '../users';
import { ArenaChallengesService } from './arena-challenges.service';
import { ArenaSquadsService } from './arena-squads.service';
import { ArenaWarsService } from './arena-wars.service';
import { AttackDto, CreateSquadDto, DeclareWarDto, LineupDto } from './dto/arena-wars.dto';
import { Authorize } from '../policies';

/** JSON API of squads and wars: squads, challenges, lineups and attacks. */
@Controller('api/arena')
export class ArenaWarsController {
  constructor(
    private readonly squads: ArenaSquadsService,
    private readonly wars: ArenaWarsService,
    private readonly challenges: ArenaChallengesService,
    private readonly limiter: RateLimiterService,
  ) {}

  /** Squads, newest first. */
  @Get('squads')
  @Public()
  squadList(@Query() q: PageQueryDto) {
    return this.squads.page(q);
  }

  /** The squads you are in. */
  @Get('squads/mine')
  async mySquads(@CurrentUser() user: User) {
    return { squads: await this.squads.mine(user) };
  }

  /** Starts a squad with you as captain (ad hoc, or for one of your teams). */
  @Post('squads')
  @HttpCode(201)
  async createSquad(@CurrentUser() user: User, @Body() body: CreateSquadDto) {
    await this.limiter.hit(`arena-squad:${user.id}`, 10, 3600);
    return { message: 'Squad created.', squad: await this.squads.create(user, body) };
  }

  /** Joins a squad (a team's squad takes only that team's members). */
  @Post('squads/:id/join')
  @HttpCode(200)
  async join(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { message: 'You joined the squad.', squad: await this.squads.join(user, id) };
  }

  /** Leaves a squad (the captain hands over to the longest-standing member; the last one out dissolves it). */
  @Post('squads/:id/leave')
  @HttpCode(200)
  async leave(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    const { squad, dissolved } = await this.squads.leave(user, id);
    return { message: dissolved ? 'You left and the squad dissolved.' : 'You left the squad.', squad };
  }

  /** Your squad (you are its captain) challenges another squad; the war starts when its captain accepts. */
  @Post('challenges')
  @HttpCode(201)
  async challenge(@CurrentUser() user: User, @Body() body: DeclareWarDto) {
    await this.limiter.hit(`arena-war:${user.id}`, 10, 3600);
    return { message: 'Challenge sent.', challenge: await this.challenges.challenge(user, body) };
  }

  /** The challenged squad's captain accepts: the war starts in preparation. */
  @Post('challenges/:id/accept')
  @HttpCode(200)
  async accept(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { message: 'Challenge accepted. Line up your entries!', war: await this.challenges.accept(user, id) };
  }

  /** The challenged squad's captain declines. */
  @Post('challenges/:id/decline')
  @HttpCode(200)
  async decline(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { message: 'Challenge declined.', challenge: await this.challenges.decline(user, id) };
  }

  /** A war as the viewer may see it (the other squad's lineup stays hidden during preparation). */
  @Get('wars/:id')
  @Public()
  async show(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    return { war: await this.wars.show(id, viewer) };
  }

  /** Puts one of your entries of the war's category in your squad's lineup (preparation only). */
  @Post('wars/:id/lineup')
  @Authorize('arena-war.fight')
  @HttpCode(200)
  async lineup(@Param('id', UuidPipe) id: string, @CurrentUser() user: User, @Body() body: LineupDto) {
    return { message: 'Lineup saved.', war: await this.wars.setLineup(user, id, body) };
  }

  /** Attacks an entry of the other squad's lineup (battle phase only, up to K attacks each). */
  @Post('wars/:id/attacks')
  @Authorize('arena-war.fight')
  @HttpCode(201)
  async attack(@Param('id', UuidPipe) id: string, @CurrentUser() user: User, @Body() body: AttackDto) {
    return { message: 'Attack launched: voters decide it now.', war: await this.wars.attack(user, id, body) };
  }
}
