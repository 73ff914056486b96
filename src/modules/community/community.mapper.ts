import type { ReviewItem } from '../../contracts/community';
import type { User } from '../users';
import type { ReviewRow } from './community.repository';

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
    created_at: new Date(row.created_at).toISOString(),
  };
}
