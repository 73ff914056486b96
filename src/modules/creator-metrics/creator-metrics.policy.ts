import { allowOnly, isOwnerOrAdmin } from '../policies';
import type { User } from '../users';

/** A creator's metrics are theirs and admins'. */
export function requireMetricsReader(viewer: Pick<User, 'id' | 'role'>, creatorId: string): void {
  allowOnly(isOwnerOrAdmin(viewer, creatorId), 'These metrics belong to another creator.');
}
