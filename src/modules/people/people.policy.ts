import { allowOnly, isOwnerOrAdmin } from '../policies';
import type { User } from '../users';

/** A person's markets (the areas they serve) are changed by themself or by an admin. */
export function requireSelfOrAdmin(actor: Pick<User, 'id' | 'role'>, userId: string): void {
  allowOnly(isOwnerOrAdmin(actor, userId), 'You can only change your own markets.');
}
