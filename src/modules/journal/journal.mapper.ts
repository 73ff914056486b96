import type { ModerationState } from '../../contracts/community';
import type { JournalComment, JournalEmbed, JournalPost, JournalPostSummary } from '../../contracts/journal';
import { toAuthorJson } from '../community';
import type { User } from '../users';
import type { JournalCommentRow, JournalPostRow } from './journal.repository';
import { iso } from '../../common/iso';

export function toSummaryJson(row: JournalPostRow, author: User | undefined, likes: number): JournalPostSummary {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    visibility: row.visibility,
    status: row.status,
    moderation: row.moderation,
    publish_at: iso(row.publish_at),
    published_at: iso(row.published_at),
    comments_count: row.comments_count,
    likes_count: likes,
    author: toAuthorJson(author, row.author_id),
    updated_at: iso(row.updated_at),
  };
}

export function toPostJson(
  row: JournalPostRow,
  author: User | undefined,
  extra: { likes: number; liked: boolean; embeds: JournalEmbed[]; canEdit: boolean; canModerate: boolean },
): JournalPost {
  return {
    ...toSummaryJson(row, author, extra.likes),
    body_html: row.body_html,
    embeds: extra.embeds,
    liked: extra.liked,
    can_edit: extra.canEdit,
    can_moderate: extra.canModerate,
  };
}

export function toCommentJson(row: JournalCommentRow, author: User | undefined): JournalComment {
  return {
    id: row.id,
    post_id: row.post_id,
    body_html: row.body_html,
    moderation: row.moderation as ModerationState,
    author: toAuthorJson(author, row.author_id),
    created_at: iso(row.created_at),
  };
}
