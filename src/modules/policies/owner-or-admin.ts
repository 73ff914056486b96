import type { User } from '../users';

/**
 * The rule most areas start from: the person a row belongs to may act on it, and so may a site admin (support).
 * A missing user (a guest) is neither. Areas add their own grants (team roles, delegations) around it.
 */
export function isOwnerOrAdmin(user: Pick<User, 'id' | 'role'> | null | undefined, ownerId: string | null): boolean {
  return !!user && (user.id === ownerId || user.role === 'admin');
}
