/** Wire shapes of the journal (posts, comments, embeds). Type-only. */
import type { Page } from './common';
import type { CommunityAuthor, ModerationState } from './community';

export type JournalVisibility = 'private' | 'followers' | 'public';
export type JournalStatus = 'draft' | 'scheduled' | 'published';

/** A listing or spot embedded by reference: resolved for each viewer (unavailable when they may not see it). */
export interface JournalEmbedRef {
  kind: 'listing' | 'spot';
  ref: string;
}
export interface JournalEmbed extends JournalEmbedRef {
  available: boolean;
  title: string | null;
  url: string | null;
}

export type JournalAuthor = CommunityAuthor;

export interface JournalPostSummary {
  id: string;
  title: string;
  excerpt: string;
  visibility: JournalVisibility;
  status: JournalStatus;
  moderation: ModerationState;
  publish_at: string | null;
  published_at: string | null;
  comments_count: number;
  likes_count: number;
  author: JournalAuthor;
  updated_at: string;
}

export interface JournalPost extends JournalPostSummary {
  /** Sanitised HTML: safe to render as is. */
  body_html: string;
  embeds: JournalEmbed[];
  liked: boolean;
  can_edit: boolean;
  can_moderate: boolean;
}

export interface JournalComment {
  id: string;
  post_id: string;
  body_html: string;
  moderation: ModerationState;
  author: JournalAuthor;
  created_at: string;
}

/** Newest first; `next_cursor` fetches the following page (null at the end). */
export interface JournalFeed {
  data: JournalPostSummary[];
  next_cursor: string | null;
}

export type JournalCommentPage = Page<JournalComment>;
