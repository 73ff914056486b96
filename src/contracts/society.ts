/** Wire shapes of societies (groups, members, posts, comments). Type-only. */
import type { Page } from './common';
import type { CommunityAuthor as JournalAuthor, ModerationState } from './community';

export type SocietyVisibility = 'public' | 'invite_only';
export type SocietyRole = 'owner' | 'moderator' | 'member';

export interface Society {
  id: string;
  name: string;
  description: string;
  visibility: SocietyVisibility;
  members_count: number;
  posts_count: number;
  created_at: string;
  /** The viewer's role (null when not a member) and whether they hold an invitation. */
  my_role: SocietyRole | null;
  invited: boolean;
}

export interface SocietyMember {
  user: JournalAuthor;
  role: SocietyRole;
  joined_at: string;
}

export interface SocietyPost {
  id: string;
  society_id: string;
  body_html: string;
  moderation: ModerationState;
  comments_count: number;
  author: JournalAuthor;
  created_at: string;
}

export interface SocietyComment {
  id: string;
  post_id: string;
  body_html: string;
  author: JournalAuthor;
  created_at: string;
}

export interface SocietyFeed {
  data: SocietyPost[];
  next_cursor: string | null;
}

export type SocietyPage = Page<Society>;
export type SocietyMemberPage = Page<SocietyMember>;
export type SocietyCommentPage = Page<SocietyComment>;
