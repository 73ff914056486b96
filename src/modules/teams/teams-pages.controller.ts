import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Clock } from '../../common/clock';
import { flash } from '../../common/flash';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { TeamListQueryDto, UsageQueryDto } from './dto/teams.dto';
import { TeamInvitationsService } from './team-invitations.service';
import { refusalMessage } from './teams.policy';
import { rememberPendingInvitation } from './pending-invitation.interceptor';
import { TeamJoinsService } from './team-joins.service';
import { TeamBudgetService } from './team-budget.service';
import {
  permissionsOf,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  roleAllows,
  ROLE_PERMISSIONS,
  TEAM_ROLES,
  TEAM_TYPES,
} from './team-roles';
import { pageOf, toInvitationJson, toJoinRequestJson, toMemberJson, toTeamJson, toTeamSummary } from './teams.mapper';
import { TeamsService } from './teams.service';

const ROLES_TABLE = TEAM_ROLES.map((role) => ({
  role,
  label: ROLE_LABELS[role],
  description: ROLE_DESCRIPTIONS[role],
  permissions: [...ROLE_PERMISSIONS[role]],
}));

/** Teams pages: Create, Show (members), Requests, LlmUsage, Settings; Invitations; the invitation link. */
@Controller()
export class TeamsPagesController {
  constructor(
    private readonly teams: TeamsService,
    private readonly invitations: TeamInvitationsService,
    private readonly joins: TeamJoinsService,
    private readonly budget: TeamBudgetService,
    private readonly clock: Clock,
  ) {}

  @Get('teams/create')
  create() {
    return Inertia.render('Teams/Create', { types: TEAM_TYPES });
  }

  @Get('teams/:id')
  async show(@Param('id', UuidPipe) id: string, @Query() query: TeamListQueryDto, @CurrentUser() user: User) {
    const { page, perPage, offset } = query.window(25);
    const { membership, rows, total } = await this.teams.members(user, id, offset, perPage);
    const canInvite = roleAllows(membership.role, 'members.invite');
    const invitations = canInvite ? await this.invitations.pendingOfTeam(user, id, 0, 50) : null;
    return Inertia.render('Teams/Show', {
      shown_team: toTeamJson(membership, roleAllows(membership.role, 'domain.manage')),
      role: membership.role,
      permissions: permissionsOf(membership.role),
      roles: ROLES_TABLE,
      members: pageOf(
        rows.map((m) => toMemberJson(m, canInvite)),
        total,
        page,
        perPage,
      ),
      invitations: invitations?.rows.map((r) => toInvitationJson(r, this.clock.now())) ?? [],
    });
  }

  @Get('teams/:id/requests')
  async requests(@Param('id', UuidPipe) id: string, @Query() query: TeamListQueryDto, @CurrentUser() user: User) {
    const { page, perPage, offset } = query.window(25);
    const { team, rows, total } = await this.joins.pending(user, id, offset, perPage);
    return Inertia.render('Teams/Requests', {
      shown_team: toTeamSummary(team),
      requests: pageOf(
        rows.map((r) => toJoinRequestJson(r, team)),
        total,
        page,
        perPage,
      ),
    });
  }

  @Get('teams/:id/llm-usage')
  async usage(@Param('id', UuidPipe) id: string, @Query() query: UsageQueryDto, @CurrentUser() user: User) {
    const usage = await this.budget.usage(user, id, query.month);
    const membership = await this.teams.membershipOrFail(user, id);
    return Inertia.render('Teams/LlmUsage', {
      shown_team: toTeamSummary(membership),
      canManage: roleAllows(membership.role, 'usage.manage'),
      usage,
    });
  }

  @Get('teams/:id/settings')
  async settings(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    const membership = await this.teams.authorize(user, id, 'team.update');
    return Inertia.render('Teams/Settings', {
      shown_team: toTeamJson(membership, true),
      role: membership.role,
      types: TEAM_TYPES,
      canDelete: roleAllows(membership.role, 'team.delete') && !membership.personal,
    });
  }

  @Get('invitations')
  async received(@Query() query: TeamListQueryDto, @CurrentUser() user: User) {
    const { page, perPage, offset } = query.window(25);
    const { rows, total } = await this.invitations.received(user, offset, perPage);
    return Inertia.render('Invitations/Index', {
      invitations: pageOf(
        rows.map((r) => toInvitationJson(r, this.clock.now())),
        total,
        page,
        perPage,
      ),
      emailVerified: !!user.emailVerifiedAt,
    });
  }

  /**
   * The emailed link. Signed in: accept (or show why not). Guest: remember the link in the session and offer to
   * sign up or log in; it is accepted on their first signed-in request afterwards (see PendingInvitationInterceptor).
   */
  @Get('team-invitations/:id')
  @Public()
  async link(
    @Param('id', UuidPipe) id: string,
    @Query('token') token: string | undefined,
    @CurrentUser() user: User | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const given = typeof token === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : '';
    const { invitation, team, refusal } = await this.invitations.inspect(id, given, user ?? null);
    const view = { inviting_team: toTeamSummary(team), email: invitation.email, role: invitation.role };
    if (!user) {
      if (!refusal) rememberPendingInvitation(res, id, given, invitation.expires_at, this.clock.nowMs());
      return Inertia.render('Invitations/Show', {
        ...view,
        refusal: refusal && refusalMessage(refusal, invitation.email),
      });
    }
    if (refusal)
      return Inertia.render('Invitations/Show', { ...view, refusal: refusalMessage(refusal, invitation.email) });
    const joined = await this.invitations.accept(user, id, given);
    req.session.currentTeamId = joined.id;
    flash(req, 'success', `Welcome to ${joined.name}`);
    res.redirect(303, `/teams/${joined.id}`);
  }
}
