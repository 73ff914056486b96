/** Wire shapes of community trust and moderation (trust levels, flags, the review queue). Type-only. */
import type { Page } from './common';

/** Who wrote a post or comment, as every community area shows it. */
export interface CommunityAuthor {
  id: string;
  name: string;
  handle: string | null;
  avatar_url: string | null;
}

export type TrustLevel = 0 | 1 | 2 | 3;
export type TrustLevelName = 'new' | 'basic' | 'member' | 'regular';

export interface TrustActivity {
  account_days: number;
  days_visited: number;
  posts_read: number;
  likes_given: number;
  likes_received: number;
}

export interface TrustStanding {
  level: TrustLevel;
  name: TrustLevelName;
  activity: TrustActivity;
  /** The next level and what it needs (null at the top). */
  next: { level: TrustLevel; name: TrustLevelName; needs: TrustActivity } | null;
  can: { post_links: boolean; create_society: boolean; create_channel: boolean; edit_wiki: boolean };
}

/** Where a post stands with moderation: pending = waits for review (a new account's link), hidden = flagged. */
export type ModerationState = 'visible' | 'pending' | 'hidden' | 'removed';
export type FlagReason = 'spam' | 'abuse' | 'off_topic' | 'illegal' | 'other';

export interface FlagResult {
  flagged: true;
  hidden: boolean;
}

export interface LikeResult {
  liked: boolean;
  likes_count: number;
}

export interface ReviewItem {
  id: string;
  subject_kind: string;
  subject_id: string;
  reason: 'link' | 'flags';
  excerpt: string;
  url: string | null;
  status: 'open' | 'approved' | 'rejected';
  flags_count: number;
  author: { id: string; name: string; handle: string | null };
  created_at: string;
}

export type ReviewPage = Page<ReviewItem>;
