import type { CommunityAuthor, ReviewItem } from '../../contracts/community';
import { avatarUrl, type User } from '../users';
import type { ReviewRow } from './community.repository';
import { iso } from '../../common/iso';

export function toReviewJson(row: ReviewRow, author: User | undefined): ReviewItem {
  return {
    id: row.id,
    subject_kind: row.subject_kind,
    subject_id: row.subject_id,
    reason: row.reason,
    excerpt: row.excerpt,
    url: row.url,
    status: row.status,
    flags_count: row.flags_count,
    author: { id: row.author_id, name: author?.name ?? 'Deleted user', handle: author?.handle ?? null },
    created_at: iso(row.created_at),
  };
}

/** The author of a post or comment (a deleted account shows as "Deleted user"). */
export function toAuthorJson(user: User | undefined, id: string): CommunityAuthor {
  return {
    id,
    name: user?.name ?? 'Deleted user',
    handle: user?.handle ?? null,
    avatar_url: user ? avatarUrl(user) : null,
  };
}
