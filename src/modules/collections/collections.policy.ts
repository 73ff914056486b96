import type { CollectionAccess } from '../../contracts/collections';
import { allowOnly } from '../policies';
import type { CollectionRow } from './collections.repository';

/**
 * Who may do what with a collection. Its owner shares, renames and deletes it; people it is shared with see it
 * ("link" and "view"), comment ("view" and up) and add or remove listings ("edit"); nobody else sees it.
 */

/** What a level of access allows: see, comment, add/remove listings, share/rename/delete. */
export type CollectionPermission = 'see' | 'comment' | 'add' | 'share';
const RANK: Record<CollectionAccess, number> = { link: 0, view: 1, edit: 2, owner: 3 };
const NEEDS: Record<CollectionPermission, number> = { see: 0, comment: 1, add: 2, share: 3 };

export function allows(access: CollectionAccess, what: CollectionPermission): boolean {
  return RANK[access] >= NEEDS[what];
}

/** The signed-in user's access (null: neither owner nor member). */
export function accessOf(c: Pick<CollectionRow, 'owner_id' | 'my_role'>, userId: string): CollectionAccess | null {
  return c.owner_id === userId ? 'owner' : (c.my_role ?? null);
}

export function requireAccess(access: CollectionAccess | null, need: CollectionPermission): CollectionAccess {
  allowOnly(access !== null, 'This collection is private to its owner and the people it is shared with.');
  allowOnly(
    allows(access, need),
    need === 'share' ? 'Only the owner can do that.' : 'You can view this collection but not change it.',
  );
  return access;
}
