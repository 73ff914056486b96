import { Global, Module, OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { Request } from 'express';
import { InertiaService } from '../inertia';
import { ChannelRegistry } from '../realtime';
import { MediaAccessRegistry } from '../storage';
import { UserJsonExtensions } from '../users';
import { UsersModule } from '../users/users.module';
import { CurrentTeamService } from './current-team';
import { DnsTxtResolver, TxtResolver } from './dns-txt.resolver';
import { PendingInvitationInterceptor } from './pending-invitation.interceptor';
import { TeamBudgetRepository } from './team-budget.repository';
import { TeamBudgetService } from './team-budget.service';
import { TeamInvitationsController } from './team-invitations.controller';
import { TeamInvitationsService } from './team-invitations.service';
import { TeamJoinsService } from './team-joins.service';
import { TeamsController } from './teams.controller';
import { TeamsPagesController } from './teams-pages.controller';
import { TeamsRepository } from './teams.repository';
import { TeamsService } from './teams.service';
import { PolicyChecks } from '../policies';
import { TEAM_PERMISSIONS } from './team-roles';

/**
 * Teams: members and roles, invitations, join requests, domain claims, the current team and the LLM budget.
 * Global, like notifications: every area with team-owned data asks it who may do what.
 */
@Global()
@Module({
  imports: [UsersModule],
  controllers: [TeamsController, TeamInvitationsController, TeamsPagesController],
  providers: [
    TeamsRepository,
    TeamBudgetRepository,
    TeamsService,
    TeamInvitationsService,
    TeamJoinsService,
    TeamBudgetService,
    CurrentTeamService,
    DnsTxtResolver,
    { provide: TxtResolver, useExisting: DnsTxtResolver },
    { provide: APP_INTERCEPTOR, useClass: PendingInvitationInterceptor },
  ],
  exports: [TeamsService, TeamBudgetService, CurrentTeamService],
})
export class TeamsModule implements OnModuleInit {
  constructor(
    private readonly policies: PolicyChecks,
    private readonly inertia: InertiaService,
    private readonly current: CurrentTeamService,
    private readonly teams: TeamsService,
    private readonly joins: TeamJoinsService,
    private readonly channels: ChannelRegistry,
    private readonly media: MediaAccessRegistry,
    private readonly userJson: UserJsonExtensions,
  ) {}

  onModuleInit(): void {
    // `team:<permission>` on a team's routes: non-members 404, members whose role lacks it 403 (ROLE_PERMISSIONS).
    for (const permission of TEAM_PERMISSIONS)
      this.policies.define(`team:${permission}`, (user, id) => this.teams.authorize(user, id, permission));
    this.policies.define('team.transfer', (user, id) => this.teams.assertOwner(user, id));
    this.policies.define('team-request.decide', (user, id) => this.joins.decidable(user, id));
    // The spec's user fields on every page: team, teamRole, current_team, team_users.
    for (const key of ['team', 'teamRole', 'current_team', 'team_users'] as const) {
      this.inertia.share(key, async (req: Request) => (await this.current.props(req))[key]);
    }
    this.userJson.register((_user, req) => this.current.props(req) as unknown as Promise<Record<string, unknown>>);
    // Membership changes are broadcast to the team's members only.
    this.channels.register('team.{id}', async (user, { id }) => !!(await this.teams.roleIn(user.id, id)));
    // Logos are public: a team's handle page and join form show them to anyone.
    this.media.register('teams/', () => true);
  }
}
