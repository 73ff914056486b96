import { allowOnly } from '../policies';
import type { User } from '../users';

/**
 * What even an admin may not do: change their own role (another admin must), act on another admin's account
 * (suspend, delete, impersonate: demote them first), or impersonate a suspended or deleted account.
 */

export function requireNotOwnRole(actor: Pick<User, 'id'>, target: Pick<User, 'id'>, changesRole: boolean): void {
  allowOnly(!changesRole || target.id !== actor.id, 'You cannot change your own role; ask another admin.');
}

/** `what` says what is refused ("suspended", "deleted", "impersonated"). */
export function requireNotAdmin(target: Pick<User, 'role'>, what: string): void {
  allowOnly(target.role !== 'admin', `Admin accounts cannot be ${what}; change their role to user first.`);
}

export function requireImpersonable(target: Pick<User, 'role' | 'suspendedAt' | 'deletedAt'>): void {
  allowOnly(target.role !== 'admin', 'Admins cannot be impersonated.');
  allowOnly(!target.suspendedAt && !target.deletedAt, 'Suspended or deleted accounts cannot be impersonated.');
}
