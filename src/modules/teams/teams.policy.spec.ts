import { ForbiddenException, GoneException } from '@nestjs/common';
import type { TeamRole } from '../../contracts/teams';
import {
  invitationRefusal,
  refuseInvitation,
  requireDeletable,
  requireOwner,
  requirePermission,
  requireRemoval,
  requireRoleChange,
} from './teams.policy';

/** The rule's verdict: null when allowed, else the refusal's message. */
function verdict(rule: () => void): string | null {
  try {
    rule();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ForbiddenException);
    return (error as Error).message;
  }
}

const ROLES: TeamRole[] = ['owner', 'admin', 'agent', 'assistant'];

describe('teams policy', () => {
  it('changes roles: owners and admins only, never the owner, an admin only by the owner', () => {
    const table = Object.fromEntries(
      ROLES.map((actor) => [actor, ROLES.map((target) => verdict(() => requireRoleChange(actor, target)) === null)]),
    );
    // Columns: owner, admin, agent, assistant as the target.
    expect(table).toEqual({
      owner: [false, true, true, true],
      admin: [false, false, true, true],
      agent: [false, false, false, false],
      assistant: [false, false, false, false],
    });
    expect(verdict(() => requireRoleChange('admin', 'owner'))).toBe(
      'The owner keeps the owner role until ownership moves.',
    );
    expect(verdict(() => requireRoleChange('agent', 'assistant'))).toBe('Your role cannot change roles.');
  });

  it('removes members: the owner never goes; leaving is anyone else’s right; an admin only by the owner', () => {
    expect(verdict(() => requireRemoval('owner', 'owner', true))).toBe(
      'Transfer ownership to an administrator before leaving the team.',
    );
    expect(verdict(() => requireRemoval('admin', 'owner', false))).toBe('The owner cannot be removed.');
    expect(verdict(() => requireRemoval('assistant', 'assistant', true))).toBeNull();
    expect(verdict(() => requireRemoval('admin', 'admin', false))).toBe('Only the owner removes an administrator.');
    expect(verdict(() => requireRemoval('owner', 'admin', false))).toBeNull();
    expect(verdict(() => requireRemoval('agent', 'assistant', false))).toBe('Your role cannot remove members.');
    expect(verdict(() => requireRemoval('admin', 'agent', false))).toBeNull();
  });

  it('reads permissions off the role table, and keeps the personal team and the transfer to their owner', () => {
    expect(verdict(() => requirePermission('agent', 'listings.publish'))).toBeNull();
    expect(verdict(() => requirePermission('assistant', 'listings.publish'))).toBe(
      'Your role (assistant) does not allow this (listings.publish).',
    );
    expect(verdict(() => requireDeletable({ personal: true }))).toBe('Your personal team cannot be deleted.');
    expect(verdict(() => requireDeletable({ personal: false }))).toBeNull();
    expect(verdict(() => requireOwner('admin'))).toBe('Only the owner can transfer ownership.');
    expect(verdict(() => requireOwner('owner'))).toBeNull();
  });

  it('answers an invitation once, in time, to its address; closed ones are gone (410), others refused (403)', () => {
    const now = Date.parse('2026-12-02T12:00:00Z');
    const open = { accepted_at: null, revoked_at: null, expires_at: new Date(now + 1000), email: 'abe@example.test' };
    const abe = { email: ' Abe@Example.test ', emailVerifiedAt: null };
    expect(invitationRefusal(open, abe, true, now)).toBeNull();
    expect(invitationRefusal(open, abe, false, now)).toBe('unverified');
    expect(invitationRefusal(open, { email: 'eve@example.test', emailVerifiedAt: new Date() }, true, now)).toBe(
      'wrong_account',
    );
    expect(invitationRefusal({ ...open, expires_at: new Date(now) }, abe, true, now)).toBe('expired');
    expect(invitationRefusal({ ...open, accepted_at: new Date(now) }, abe, true, now)).toBe('accepted');
    expect(() => refuseInvitation('expired', open.email)).toThrow(GoneException);
    expect(() => refuseInvitation('wrong_account', open.email)).toThrow(ForbiddenException);
  });
});
