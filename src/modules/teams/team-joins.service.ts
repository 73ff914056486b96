import { Injectable, NotFoundException } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock';
import { ValidationFailedException } from '../../common/validation';
import type { TeamRole } from '../../contracts/teams';
import { NotificationsService } from '../notifications';
import { RateLimiterService } from '../security';
import type { User } from '../users';
import { normalizeEmail } from '../users';
import { isUuid } from '../../common/uuid.pipe';
import { TxtResolver } from './dns-txt.resolver';
import { domainTxtRecord } from './teams.mapper';
import { PUBLIC_MAIL_DOMAINS } from './team-roles';
import { TeamsRepository } from './teams.repository';
import type { TeamRow } from './teams.rows';
import { requirePendingRequest } from './teams.policy';
import { TeamsService } from './teams.service';

/** Join requests per user per hour. */
const JOIN_REQUEST_LIMIT = 20;
/** The role of someone who joins by request or by their email domain. */
const JOINER_ROLE: TeamRole = 'agent';

export type JoinOutcome = { status: 'requested'; requestId: string } | { status: 'joined'; team: TeamRow };

/**
 * Joining a team found by its handle: a request admins approve or decline (the requester is notified either way),
 * or, for a verified email at the team's proven domain, straight in. A domain is proven by a TXT record; free mail
 * domains never qualify.
 */
@Injectable()
export class TeamJoinsService {
  constructor(
    private readonly repo: TeamsRepository,
    private readonly teams: TeamsService,
    private readonly notifications: NotificationsService,
    private readonly limiter: RateLimiterService,
    private readonly resolver: TxtResolver,
    private readonly clock: Clock,
  ) {}

  async request(user: User, handle: string, message: string | null): Promise<JoinOutcome> {
    await this.limiter.hit(`team-join:${user.id}`, JOIN_REQUEST_LIMIT, 3600);
    const team = await this.teams.findByHandle(handle);
    if (!team || team.personal) throw ValidationFailedException.of('handle', 'There is no team with that handle.');
    if (await this.teams.roleIn(user.id, team.id))
      throw ValidationFailedException.of('handle', 'You are already a member of this team.');
    if (this.domainLetsIn(user, team)) {
      await this.repo.transaction(async (tx) => {
        await this.teams.addMember(tx, team.id, user.id, JOINER_ROLE);
        await this.teams.setCurrentTeam(user.id, team.id, tx);
      });
      await this.tellAdmins(team, `${user.name} joined ${team.name} with a verified @${team.email_domain} address`);
      return { status: 'joined', team };
    }
    const requestId = await this.repo.insertJoinRequest(team.id, user.id, message);
    if (!requestId) throw ValidationFailedException.of('handle', 'Your request to join this team is already pending.');
    await this.tellAdmins(team, `${user.name} asked to join ${team.name}`, `/teams/${team.id}/requests`);
    return { status: 'requested', requestId };
  }

  async pending(actor: User, teamId: string, offset: number, limit: number) {
    const team = await this.teams.authorize(actor, teamId, 'requests.manage');
    return { team, ...(await this.repo.pendingJoinRequests(teamId, offset, limit)) };
  }

  /** A join request to a team the actor manages requests of (non-members see no request: 404). */
  async decidable(actor: User, requestId: string) {
    const found = isUuid(requestId) ? await this.repo.findJoinRequest(requestId) : null;
    if (!found || !(await this.teams.roleIn(actor.id, found.team_id))) {
      throw new NotFoundException('There is no such request.');
    }
    return { found, team: await this.teams.authorize(actor, found.team_id, 'requests.manage') };
  }

  async decide(actor: User, requestId: string, approve: boolean, role: TeamRole = JOINER_ROLE): Promise<void> {
    const { found, team } = await this.decidable(actor, requestId);
    await this.repo.transaction(async (tx) => {
      const request = (await this.repo.lockJoinRequest(tx, requestId))!;
      requirePendingRequest(request.status);
      await this.repo.decideJoinRequest(tx, request.id, approve ? 'approved' : 'declined', actor.id, this.clock.now());
      if (approve) await this.teams.addMember(tx, request.team_id, request.user_id, role);
    });
    await this.notifications.notify(found.user_id, {
      kind: 'system',
      title: approve ? `You are now a member of ${team.name}` : `Your request to join ${team.name} was declined`,
      url: approve ? `/teams/${team.id}` : '/invitations',
      data: { team_id: team.id, join_request_id: found.id, approved: approve },
    });
  }

  /** Claims a domain: stores it unproven with a fresh token for the TXT record. */
  async claimDomain(actor: User, teamId: string, domain: string): Promise<TeamRow> {
    await this.teams.authorize(actor, teamId, 'domain.manage');
    if (PUBLIC_MAIL_DOMAINS.has(domain)) {
      throw ValidationFailedException.of('domain', 'Public mail domains cannot be claimed by a team.');
    }
    await this.repo.updateTeam(teamId, {
      email_domain: domain,
      domain_token: randomBytes(16).toString('hex'),
      domain_verified_at: null,
    });
    return (await this.teams.findTeam(teamId))!;
  }

  async verifyDomain(actor: User, teamId: string): Promise<TeamRow> {
    const team = await this.teams.authorize(actor, teamId, 'domain.manage');
    if (!team.email_domain || !team.domain_token) throw ValidationFailedException.of('domain', 'Claim a domain first.');
    const records = await this.resolver.resolveTxt(team.email_domain);
    if (!records.includes(domainTxtRecord(team.domain_token))) {
      throw ValidationFailedException.of(
        'domain',
        `No TXT record "${domainTxtRecord(team.domain_token)}" was found on ${team.email_domain} yet. DNS changes can take a while.`,
      );
    }
    await this.repo.updateTeam(teamId, { domain_verified_at: this.clock.now() }).catch((error) => {
      if ((error as { code?: string }).code === '23505')
        throw ValidationFailedException.of('domain', 'Another team has already proven this domain.');
      throw error;
    });
    return (await this.teams.findTeam(teamId))!;
  }

  async releaseDomain(actor: User, teamId: string): Promise<void> {
    await this.teams.authorize(actor, teamId, 'domain.manage');
    await this.repo.updateTeam(teamId, { email_domain: null, domain_token: null, domain_verified_at: null });
  }

  private domainLetsIn(user: User, team: TeamRow): boolean {
    if (!team.domain_verified_at || !team.email_domain || !user.emailVerifiedAt) return false;
    const domain = normalizeEmail(user.email).split('@')[1];
    return domain === team.email_domain && !PUBLIC_MAIL_DOMAINS.has(domain);
  }

  private async tellAdmins(team: TeamRow, title: string, url = `/teams/${team.id}`): Promise<void> {
    for (const adminId of await this.teams.adminIds(team.id)) {
      await this.notifications.notify(adminId, { kind: 'system', title, url, data: { team_id: team.id } });
    }
  }
}
