import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Clock } from '../../common/clock';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser } from '../auth';
import type { User } from '../users';
import {
  AcceptLinkQueryDto,
  DecideRequestDto,
  DomainDto,
  InviteDto,
  JoinRequestDto,
  TeamListQueryDto,
} from './dto/teams.dto';
import { TeamInvitationsService } from './team-invitations.service';
import { TeamJoinsService } from './team-joins.service';
import { pageOf, toInvitationJson, toJoinRequestJson, toTeamJson, toTeamSummary } from './teams.mapper';
import { TeamsService } from './teams.service';
import { Authorize } from '../policies';

/** Invitations, join requests and the domain claim (JSON API). */
@Controller('api')
export class TeamInvitationsController {
  constructor(
    private readonly invitations: TeamInvitationsService,
    private readonly joins: TeamJoinsService,
    private readonly teams: TeamsService,
    private readonly clock: Clock,
  ) {}

  @Get('teams/:id/invitations')
  async pending(@Param('id', UuidPipe) id: string, @Query() query: TeamListQueryDto, @CurrentUser() user: User) {
    const { page, perPage, offset } = query.window(25);
    const { rows, total } = await this.invitations.pendingOfTeam(user, id, offset, perPage);
    return pageOf(
      rows.map((r) => toInvitationJson(r, this.clock.now())),
      total,
      page,
      perPage,
    );
  }

  @Post('teams/:id/invitations')
  @Authorize('team:members.invite')
  @HttpCode(201)
  async invite(@Param('id', UuidPipe) id: string, @Body() dto: InviteDto, @CurrentUser() user: User) {
    const invitation = await this.invitations.invite(user, id, dto.email, dto.role);
    const team = (await this.teams.findTeam(id))!;
    return {
      message: `Invitation sent to ${dto.email}`,
      invitation: toInvitationJson({ ...invitation, team }, this.clock.now()),
    };
  }

  @Post('team-invitations/:id/resend')
  @HttpCode(200)
  async resend(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    const invitation = await this.invitations.resend(user, id);
    return { message: `Invitation sent again to ${invitation.email}` };
  }

  @Delete('team-invitations/:id')
  async revoke(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    await this.invitations.revoke(user, id);
    return { message: 'Invitation revoked' };
  }

  /** The invitations the signed-in user has received (by their email address). */
  @Get('invitations')
  async received(@Query() query: TeamListQueryDto, @CurrentUser() user: User) {
    const { page, perPage, offset } = query.window(25);
    const { rows, total } = await this.invitations.received(user, offset, perPage);
    return pageOf(
      rows.map((r) => toInvitationJson(r, this.clock.now())),
      total,
      page,
      perPage,
    );
  }

  /** Accepting from the Invitations page (verified address) or with the link's token (`?token=`). */
  @Post('invitations/:id/accept')
  @HttpCode(200)
  async accept(
    @Param('id', UuidPipe) id: string,
    @Query() query: Partial<AcceptLinkQueryDto>,
    @CurrentUser() user: User,
    @Req() req: Request,
  ) {
    const token = typeof query.token === 'string' ? query.token : null;
    const team = await this.invitations.accept(user, id, token);
    req.session.currentTeamId = team.id;
    return { message: `Welcome to ${team.name}`, team: toTeamSummary(team) };
  }

  @Post('invitations/:id/decline')
  @HttpCode(200)
  async decline(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    await this.invitations.decline(user, id);
    return { message: 'Invitation declined' };
  }

  /** Public facts of a team found by handle, for the join form. */
  @Get('teams/by-handle/:handle')
  async byHandle(@Param('handle') handle: string) {
    const team = /^[a-z0-9_.]{1,30}$/i.test(handle) ? await this.teams.findByHandle(handle) : null;
    if (!team || team.personal) return { team: null };
    return { team: toTeamSummary(team) };
  }

  @Post('teams/join')
  @HttpCode(200)
  async join(@Body() dto: JoinRequestDto, @CurrentUser() user: User, @Req() req: Request) {
    const outcome = await this.joins.request(user, dto.handle, dto.message ?? null);
    if (outcome.status === 'joined') {
      req.session.currentTeamId = outcome.team.id;
      return { status: 'joined', message: `Welcome to ${outcome.team.name}`, team: toTeamSummary(outcome.team) };
    }
    return { status: 'requested', message: 'Request sent. The team admins will answer it.' };
  }

  @Get('teams/:id/requests')
  async requests(@Param('id', UuidPipe) id: string, @Query() query: TeamListQueryDto, @CurrentUser() user: User) {
    const { page, perPage, offset } = query.window(25);
    const { team, rows, total } = await this.joins.pending(user, id, offset, perPage);
    return pageOf(
      rows.map((r) => toJoinRequestJson(r, team)),
      total,
      page,
      perPage,
    );
  }

  @Post('team-requests/:id/approve')
  @Authorize('team-request.decide')
  @HttpCode(200)
  async approve(@Param('id', UuidPipe) id: string, @Body() dto: DecideRequestDto, @CurrentUser() user: User) {
    await this.joins.decide(user, id, true, dto.role);
    return { message: 'Request approved' };
  }

  @Post('team-requests/:id/decline')
  @HttpCode(200)
  async declineRequest(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    await this.joins.decide(user, id, false);
    return { message: 'Request declined' };
  }

  @Post('teams/:id/domain')
  @Authorize('team:domain.manage')
  @HttpCode(200)
  async claim(@Param('id', UuidPipe) id: string, @Body() dto: DomainDto, @CurrentUser() user: User) {
    return {
      message: 'Add the TXT record, then verify',
      team: toTeamJson(await this.joins.claimDomain(user, id, dto.domain), true),
    };
  }

  @Post('teams/:id/domain/verify')
  @HttpCode(200)
  async verify(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { message: 'Domain verified', team: toTeamJson(await this.joins.verifyDomain(user, id), true) };
  }

  @Delete('teams/:id/domain')
  async release(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    await this.joins.releaseDomain(user, id);
    return { message: 'Domain released' };
  }
}
