import { GoneException } from '@nestjs/common';
import type { TeamPermission, TeamRole } from '../../contracts/teams';
import { allowOnly, deny } from '../policies';
import { normalizeEmail } from '../users';
import { roleAllows } from './team-roles';
import type { InvitationRow } from './teams.rows';

/**
 * Who may do what in a team: the role table (team-roles.ts) answers "may this role do that", this file the rules
 * around it that name a second person (the owner is never demoted or removed, only the owner touches an
 * administrator) and the invitation's refusals. Services load the rows and call these; nothing else refuses.
 */

/** Why an invitation cannot be accepted by this user now (or null: it can). */
export type InvitationRefusal = 'expired' | 'revoked' | 'accepted' | 'wrong_account' | 'unverified';

/** Members without the permission get 403 with what they lack (non-members got 404 before this). */
export function requirePermission(role: TeamRole, permission: TeamPermission): void {
  allowOnly(roleAllows(role, permission), `Your role (${role}) does not allow this (${permission}).`);
}

/** Only the owner deletes (the role table), and never a personal team: it lasts as long as its user. */
export function requireDeletable(team: { personal: boolean }): void {
  allowOnly(!team.personal, 'Your personal team cannot be deleted.');
}

/** Changing roles is an administrator's (the member is looked up only for someone who may). */
export function requireRoleChanger(actorRole: TeamRole): void {
  allowOnly(roleAllows(actorRole, 'members.role'), 'Your role cannot change roles.');
}

/** Role changes never touch the owner (ownership moves only by transfer); only the owner changes an administrator. */
export function requireRoleChange(actorRole: TeamRole, targetRole: TeamRole): void {
  requireRoleChanger(actorRole);
  allowOnly(targetRole !== 'owner', 'The owner keeps the owner role until ownership moves.');
  allowOnly(targetRole !== 'admin' || actorRole === 'owner', 'Only the owner changes an administrator.');
}

/** Only a team's owner hands it on. */
export function requireOwner(role: TeamRole): void {
  allowOnly(role === 'owner', 'Only the owner can transfer ownership.');
}

/** Leaving (self) or removing someone: the owner neither leaves nor is removed; only the owner removes an admin. */
export function requireRemoval(actorRole: TeamRole, targetRole: TeamRole, self: boolean): void {
  if (targetRole === 'owner')
    deny(self ? 'Transfer ownership to an administrator before leaving the team.' : 'The owner cannot be removed.');
  if (self) return;
  allowOnly(roleAllows(actorRole, 'members.remove'), 'Your role cannot remove members.');
  allowOnly(targetRole !== 'admin' || actorRole === 'owner', 'Only the owner removes an administrator.');
}

/** A join request is decided once. */
export function requirePendingRequest(status: string): void {
  allowOnly(status === 'pending', `This request was already ${status}.`);
}

/** An invitation answers once, before it expires, and only to the address it was sent to (verified or via the link). */
export function invitationRefusal(
  invitation: Pick<InvitationRow, 'accepted_at' | 'revoked_at' | 'expires_at' | 'email'>,
  user: { email: string; emailVerifiedAt: Date | null },
  viaLink: boolean,
  nowMs: number,
): InvitationRefusal | null {
  const closed = invitationClosed(invitation, nowMs);
  if (closed) return closed;
  if (normalizeEmail(user.email) !== invitation.email) return 'wrong_account';
  if (!user.emailVerifiedAt && !viaLink) return 'unverified';
  return null;
}

export function invitationClosed(
  invitation: Pick<InvitationRow, 'accepted_at' | 'revoked_at' | 'expires_at'>,
  nowMs: number,
): InvitationRefusal | null {
  if (invitation.accepted_at) return 'accepted';
  if (invitation.revoked_at) return 'revoked';
  if (new Date(invitation.expires_at).getTime() <= nowMs) return 'expired';
  return null;
}

export function refusalMessage(refusal: InvitationRefusal, email: string): string {
  switch (refusal) {
    case 'expired':
      return 'This invitation has expired. Ask the team to send it again.';
    case 'revoked':
      return 'This invitation was withdrawn or declined.';
    case 'accepted':
      return 'This invitation has already been accepted.';
    case 'unverified':
      return `Verify ${email} first, or open the link from the invitation email.`;
    case 'wrong_account':
      return `This invitation is for ${email}. Sign in with that address to accept it.`;
  }
}

/** A closed invitation is gone (410); one for another address or an unverified one is refused (403). */
export function refuseInvitation(refusal: InvitationRefusal, email: string): never {
  const message = refusalMessage(refusal, email);
  if (refusal === 'expired' || refusal === 'revoked' || refusal === 'accepted') throw new GoneException(message);
  deny(message);
}
