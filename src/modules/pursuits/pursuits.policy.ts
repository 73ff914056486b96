import { allowOnly } from '../policies';
import type { User } from '../users';

/** A pursuit is its owner's; shared with a team, that team's members read it, and only the owner changes it. */

export function requireReader(allowed: boolean): void {
  allowOnly(allowed, 'This pursuit is private.');
}

export function requireOwner(user: Pick<User, 'id'>, pursuit: { owner_id: string }): void {
  allowOnly(pursuit.owner_id === user.id, 'Only its owner can change this pursuit.');
}
