/** Wire shapes of WikiLuxury (articles, revisions, diffs, talk). Type-only. */
import type { Page } from './common';
import type { CommunityAuthor } from './community';

export type WikiCategory = 'term' | 'brand' | 'architect' | 'neighbourhood';

export interface WikiArticleSummary {
  id: string;
  slug: string;
  title: string;
  category: WikiCategory;
  revisions_count: number;
  updated_at: string;
}

export interface WikiRevision {
  id: string;
  number: number;
  title: string;
  category: WikiCategory;
  summary: string;
  /** The revision number this one restored, when it is a rollback. */
  rollback_of: number | null;
  /** Null once the author's account is deleted. */
  author: CommunityAuthor | null;
  created_at: string;
}

export interface WikiArticle extends WikiArticleSummary {
  body_html: string;
  talk_count: number;
  current: WikiRevision;
  /** Whether the viewer may edit (trust level 2 or admin). */
  can_edit: boolean;
}

export type WikiDiffOp = 'same' | 'add' | 'del';

export interface WikiDiffLine {
  op: WikiDiffOp;
  text: string;
}

export interface WikiDiff {
  from: WikiRevision;
  to: WikiRevision;
  title_changed: boolean;
  category_changed: boolean;
  lines: WikiDiffLine[];
  added: number;
  removed: number;
}

export interface WikiTalkComment {
  id: string;
  article_id: string;
  body_html: string;
  author: CommunityAuthor;
  created_at: string;
}

export interface WikiTalkFeed {
  data: WikiTalkComment[];
  next_cursor: string | null;
}

export type WikiArticlePage = Page<WikiArticleSummary>;
export type WikiRevisionPage = Page<WikiRevision>;
