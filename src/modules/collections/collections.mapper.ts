import { iso } from '../../common/iso';
import type {
  CollectionAccess,
  CollectionComment,
  CollectionItem,
  CollectionSummary,
} from '../../contracts/collections';
import type { CollectionRow, CommentRow, ItemRow } from './collections.repository';

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

export function toCollectionSummary(c: CollectionRow, access: CollectionAccess): CollectionSummary {
  return {
    id: c.id,
    name: c.name,
    owner: { id: c.owner_id, name: c.owner_name },
    access,
    items_count: c.items_count,
    updated_at: iso(c.updated_at),
  };
}

export function toCommentJson(c: CommentRow): CollectionComment {
  return { id: c.id, body: c.body, author: { id: c.user_id, name: c.user_name }, created_at: iso(c.created_at) };
}

export function toItemJson(i: ItemRow, comments: CollectionComment[]): CollectionItem {
  return {
    id: i.id,
    property: {
      id: i.property_id,
      slug: i.slug,
      name: i.name,
      city: i.city,
      price: i.price,
      currency: i.currency,
      status: i.status,
    },
    added_by: i.added_by,
    comments,
    created_at: iso(i.created_at),
  };
}
