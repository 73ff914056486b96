import type { WikiArticle, WikiArticleSummary, WikiRevision, WikiTalkComment } from '../../contracts/wiki';
import { toAuthorJson } from '../community';
import type { User } from '../users';
import type { ArticleRow, RevisionRow, TalkRow } from './wiki.repository';
import { iso } from '../../common/iso';

export function toArticleSummaryJson(row: ArticleRow): WikiArticleSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    category: row.category,
    revisions_count: row.revisions_count,
    updated_at: iso(row.updated_at),
  };
}

export function toRevisionJson(row: Omit<RevisionRow, 'body_html'>, author: User | undefined): WikiRevision {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    category: row.category,
    summary: row.summary,
    rollback_of: row.rollback_of,
    author: row.author_id ? toAuthorJson(author, row.author_id) : null,
    created_at: iso(row.created_at),
  };
}

export function toArticleJson(row: ArticleRow, current: RevisionRow, author: User | undefined, canEdit: boolean) {
  const article: WikiArticle = {
    ...toArticleSummaryJson(row),
    body_html: current.body_html,
    talk_count: row.talk_count,
    current: toRevisionJson(current, author),
    can_edit: canEdit,
  };
  return article;
}

export function toTalkJson(row: TalkRow, author: User | undefined): WikiTalkComment {
  return {
    id: row.id,
    article_id: row.article_id,
    body_html: row.body_html,
    author: toAuthorJson(author, row.author_id),
    created_at: iso(row.created_at),
  };
}
