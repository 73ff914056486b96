import { iso } from '../../common/iso';
import type {
  CollectionAccess,
  CollectionComment,
  CollectionItem,
  CollectionSummary,
} from '../../contracts/collections';
import type { CollectionRow, CommentRow, ItemRow } from './collections.repository';

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
