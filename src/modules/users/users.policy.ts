import { allowOnly, isOwnerOrAdmin } from '../policies';
import type { User } from './user.entity';

/** An account is changed by its holder or by an admin (support); nobody else learns more than that it exists. */
export function requireSelfOrAdmin(actor: Pick<User, 'id' | 'role'>, target: Pick<User, 'id'>): void {
  allowOnly(isOwnerOrAdmin(actor, target.id), 'You may only update your own account.');
}
