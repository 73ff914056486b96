/** Wire shapes of collections (Collections/Index, Collections/Show, the "Save to collection" picker). Type-only. */
import type { Page } from './common';

/** What the signed-in user may do: owner, a member who edits or only views, or a visitor through the shared link. */
export type CollectionAccess = 'owner' | 'edit' | 'view' | 'link';
export type CollectionRole = 'edit' | 'view';

export interface CollectionSummary {
  id: string;
  name: string;
  owner: { id: string; name: string };
  access: CollectionAccess;
  items_count: number;
  updated_at: string;
}

export interface CollectionMember {
  id: string;
  name: string;
  handle: string | null;
  role: CollectionRole;
}

export interface CollectionComment {
  id: string;
  body: string;
  author: { id: string; name: string };
  created_at: string;
}

export interface CollectionItem {
  id: string;
  property: {
    id: string;
    slug: string;
    name: string;
    city: string | null;
    price: string | null;
    currency: string;
    status: string;
  };
  added_by: string | null;
  /** Empty for visitors through the shared link (comments are for the people the collection is shared with). */
  comments: CollectionComment[];
  created_at: string;
}

export interface CollectionDetail extends CollectionSummary {
  /** Owner only: the active share link, or null. */
  share_url: string | null;
  members: CollectionMember[];
  items: Page<CollectionItem>;
}
