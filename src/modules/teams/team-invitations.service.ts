import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { Clock, DAY_MS } from '../../common/clock';
import { ValidationFailedException } from '../../common/validation';
import { MailService } from '../mail';
import { NotificationsService } from '../notifications';
import { RateLimiterService } from '../security';
import type { User } from '../users';
import { normalizeEmail, UsersService } from '../users';
import { isUuid } from '../../common/uuid.pipe';
import type { TeamRole } from '../../contracts/teams';
import { INVITATION_TTL_DAYS, ROLE_LABELS } from './team-roles';
import { TeamsRepository } from './teams.repository';
import type { InvitationRow, TeamRow } from './teams.rows';
import { invitationClosed, invitationRefusal, refuseInvitation, type InvitationRefusal } from './teams.policy';
import { TeamsService } from './teams.service';
import { escapeHtml } from '../../common/escape-html';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Acceptance attempts per user per minute (a guessed or leaked link cannot be hammered). */
const ACCEPT_LIMIT = 10;

/**
 * Invitations by email with a role. The link carries a random token (only its hash is stored); it is good for
 * 7 days, checked when it is used against the Clock (no timer: an expired row changes nothing until someone
 * uses it, and the lists show it as expired). Only an account whose email matches the invitation accepts it:
 * a verified address, or the unverified address of an account opening the link that was mailed to it (the
 * token proves the mailbox, so the address is marked verified). Accepting makes the team current.
 */
@Injectable()
export class TeamInvitationsService {
  constructor(
    private readonly repo: TeamsRepository,
    private readonly teams: TeamsService,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly notifications: NotificationsService,
    private readonly limiter: RateLimiterService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async invite(actor: User, teamId: string, email: string, role: TeamRole): Promise<InvitationRow> {
    const team = await this.teams.authorize(actor, teamId, 'members.invite');
    const address = normalizeEmail(email);
    const existing = await this.users.findByEmail(address);
    if (existing && (await this.teams.roleIn(existing.id, teamId))) {
      throw ValidationFailedException.of('email', 'This person is already a member of the team.');
    }
    if (await this.repo.openInvitationFor(teamId, address)) {
      throw ValidationFailedException.of('email', 'This address already has a pending invitation: resend it instead.');
    }
    const token = randomBytes(24).toString('base64url');
    const id = await this.repo
      .insertInvitation({
        teamId,
        email: address,
        role,
        tokenHash: hashToken(token),
        invitedBy: actor.id,
        expiresAt: this.expiry(),
      })
      .catch((error) => {
        if ((error as { code?: string }).code === '23505')
          throw ValidationFailedException.of('email', 'This address already has a pending invitation.');
        throw error;
      });
    await this.sendMail(team, address, role, id, token, actor);
    if (existing) {
      await this.notifications.notify(existing.id, {
        kind: 'system',
        title: `${actor.name} invited you to join ${team.name}`,
        url: '/invitations',
        data: { team_id: teamId, invitation_id: id },
      });
    }
    return (await this.repo.findInvitation(id))!;
  }

  /** A fresh token and a fresh 7 days; the old link stops working. */
  async resend(actor: User, invitationId: string): Promise<InvitationRow> {
    const invitation = await this.openOfTeamMember(actor, invitationId);
    const team = await this.teams.authorize(actor, invitation.team_id, 'members.invite');
    const token = randomBytes(24).toString('base64url');
    await this.repo.renewInvitation(invitation.id, hashToken(token), this.expiry());
    await this.sendMail(team, invitation.email, invitation.role, invitation.id, token, actor);
    return (await this.repo.findInvitation(invitation.id))!;
  }

  async revoke(actor: User, invitationId: string): Promise<void> {
    const invitation = await this.openOfTeamMember(actor, invitationId);
    await this.teams.authorize(actor, invitation.team_id, 'members.invite');
    await this.repo.closeInvitation(invitation.id, 'revoked', this.clock.now());
  }

  pendingOfTeam(actor: User, teamId: string, offset: number, limit: number) {
    return this.teams
      .authorize(actor, teamId, 'members.invite')
      .then(() => this.repo.pendingInvitationsOfTeam(teamId, offset, limit));
  }

  received(user: User, offset: number, limit: number) {
    return this.repo.invitationsForEmail(normalizeEmail(user.email), offset, limit);
  }

  /** What a link would do for this user, without doing it (the landing page shows it). */
  async inspect(invitationId: string, token: string | null, user: User | null) {
    const invitation = isUuid(invitationId) ? await this.repo.findInvitation(invitationId) : null;
    if (!invitation || (token !== null && invitation.token_hash !== hashToken(token))) {
      throw new NotFoundException('This invitation link is not valid.');
    }
    const team = (await this.teams.findTeam(invitation.team_id))!;
    return {
      invitation,
      team,
      refusal: user ? this.refusal(invitation, user, token !== null) : this.closed(invitation),
    };
  }

  /**
   * Accepts with the link's token (`token` given) or from the Invitations page (`token` null: a verified address
   * is the proof). Refusals are 403/410 with a message that says what to do.
   */
  async accept(user: User, invitationId: string, token: string | null): Promise<TeamRow> {
    await this.limiter.hit(`team-invitation-accept:${user.id}`, ACCEPT_LIMIT, 60);
    const { team } = await this.inspect(invitationId, token, user);
    await this.repo.transaction(async (tx) => {
      const invitation = (await this.repo.lockInvitation(tx, invitationId))!;
      const refusal = this.refusal(invitation, user, token !== null);
      if (refusal) refuseInvitation(refusal, invitation.email);
      await this.teams.addMember(tx, invitation.team_id, user.id, invitation.role);
      await this.repo.closeInvitation(invitation.id, 'accepted', this.clock.now(), tx);
      await this.teams.setCurrentTeam(user.id, invitation.team_id, tx);
    });
    if (!user.emailVerifiedAt) {
      // The link's token was mailed to this address: opening it proves the mailbox.
      await this.users.update(user.id, { emailVerifiedAt: this.clock.now() });
      user.emailVerifiedAt = this.clock.now();
    }
    for (const adminId of await this.teams.adminIds(team.id)) {
      await this.notifications.notify(adminId, {
        kind: 'system',
        title: `${user.name} joined ${team.name}`,
        url: `/teams/${team.id}`,
        data: { team_id: team.id },
      });
    }
    return team;
  }

  async decline(user: User, invitationId: string): Promise<void> {
    const invitation = isUuid(invitationId) ? await this.repo.findInvitation(invitationId) : null;
    if (!invitation || invitation.email !== normalizeEmail(user.email)) {
      throw new NotFoundException('There is no such invitation.');
    }
    const closed = this.closed(invitation);
    if (closed) refuseInvitation(closed, invitation.email);
    await this.repo.closeInvitation(invitation.id, 'revoked', this.clock.now());
  }

  private refusal(invitation: InvitationRow, user: User, viaLink: boolean): InvitationRefusal | null {
    return invitationRefusal(invitation, user, viaLink, this.clock.nowMs());
  }

  private closed(invitation: InvitationRow): InvitationRefusal | null {
    return invitationClosed(invitation, this.clock.nowMs());
  }

  private async openOfTeamMember(actor: User, invitationId: string): Promise<InvitationRow> {
    const invitation = isUuid(invitationId) ? await this.repo.findInvitation(invitationId) : null;
    if (!invitation || !(await this.teams.roleIn(actor.id, invitation.team_id))) {
      throw new NotFoundException('There is no such invitation.');
    }
    if (invitation.accepted_at || invitation.revoked_at) {
      refuseInvitation(invitation.accepted_at ? 'accepted' : 'revoked', invitation.email);
    }
    return invitation;
  }

  private expiry(): Date {
    return new Date(this.clock.nowMs() + INVITATION_TTL_DAYS * DAY_MS);
  }

  private async sendMail(team: TeamRow, email: string, role: TeamRole, id: string, token: string, actor: User) {
    const link = `${this.config.appUrl}${invitationPath(id, token)}`;
    const role_ = ROLE_LABELS[role].toLowerCase();
    await this.mail.send({
      to: email,
      subject: `${actor.name} invited you to ${team.name} on ${this.config.appName}`,
      text: `${actor.name} invited you to join ${team.name} as ${role_}.\n\nAccept: ${link}\n\nThe link works for ${INVITATION_TTL_DAYS} days. If you have no account yet, you can create one from the link with this address.`,
      html: `<p>${escapeHtml(actor.name)} invited you to join <strong>${escapeHtml(team.name)}</strong> as ${role_}.</p><p><a href="${link}">Accept the invitation</a></p><p>The link works for ${INVITATION_TTL_DAYS} days. If you have no account yet, you can create one from the link with this address.</p>`,
    });
  }
}

export const invitationPath = (id: string, token: string) => `/team-invitations/${id}?token=${token}`;
