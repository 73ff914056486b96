import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { KEYSET_AT_SQL, type KeysetCursor } from '../../common/keyset';
import type { WikiCategory } from '../../contracts/wiki';

export interface ArticleRow {
  id: string;
  slug: string;
  title: string;
  category: WikiCategory;
  current_revision_id: string;
  revisions_count: number;
  talk_count: number;
  updated_at: Date;
}

export interface RevisionRow {
  id: string;
  article_id: string;
  number: number;
  title: string;
  category: WikiCategory;
  body_html: string;
  summary: string;
  author_id: string | null;
  rollback_of: number | null;
  created_at: Date;
}

export interface TalkRow {
  id: string;
  article_id: string;
  author_id: string;
  body_html: string;
  created_at: Date;
}

/** What a new revision carries (an edit's fields, or a copy of an older revision for a rollback). */
export type RevisionValues = Pick<RevisionRow, 'title' | 'category' | 'body_html' | 'summary' | 'rollback_of'>;

const ARTICLE_COLUMNS = 'id, slug, title, category, current_revision_id, revisions_count, talk_count, updated_at';
/** The sort and search key of titles (indexed as such). */
const TITLE_KEY = 'lower(title) COLLATE "C"';
const REVISION_LIST_COLUMNS = 'id, article_id, number, title, category, summary, author_id, rollback_of, created_at';

/** The only place with SQL for wiki articles, their append-only revisions and talk pages. */
@Injectable()
export class WikiRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async findBySlug(slug: string): Promise<ArticleRow | null> {
    const [row] = (await this.db.query(`SELECT ${ARTICLE_COLUMNS} FROM wiki_articles WHERE slug = $1`, [
      slug,
    ])) as ArticleRow[];
    return row ?? null;
  }

  /**
   * Articles by title (A to Z, byte order), optionally those whose title starts with `prefix` (a range on the
   * (lower(title) COLLATE "C") index, so no pattern characters to escape) and of one category.
   */
  async list(
    prefix: string | null,
    category: WikiCategory | null,
    offset: number,
    limit: number,
  ): Promise<[ArticleRow[], number]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (category) where.push(`category = $${params.push(category)}`);
    if (prefix) {
      const at = params.push(prefix.toLowerCase());
      where.push(`${TITLE_KEY} >= $${at} AND ${TITLE_KEY} < $${at} || chr(1114111)`);
    }
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [rows, [{ n }]] = await Promise.all([
      this.db.query(
        `SELECT ${ARTICLE_COLUMNS} FROM wiki_articles ${filter}
         ORDER BY ${TITLE_KEY}, id OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
        [...params, offset, limit],
      ) as Promise<ArticleRow[]>,
      this.db.query(`SELECT count(*)::int AS n FROM wiki_articles ${filter}`, params) as Promise<Array<{ n: number }>>,
    ]);
    return [rows, n];
  }

  async slugTaken(slug: string): Promise<boolean> {
    return ((await this.db.query(`SELECT 1 FROM wiki_articles WHERE slug = $1`, [slug])) as unknown[]).length > 0;
  }

  /** The article and its first revision together. */
  create(slug: string, authorId: string, values: RevisionValues): Promise<ArticleRow> {
    return this.db.transaction(async (tx) => {
      const [article] = (await tx.query(
        `INSERT INTO wiki_articles (slug, title, category, created_by) VALUES ($1, $2, $3, $4) RETURNING id`,
        [slug, values.title, values.category, authorId],
      )) as Array<{ id: string }>;
      await this.insertRevision(tx.query.bind(tx), article.id, 1, authorId, values);
      const [row] = (await tx.query(`SELECT ${ARTICLE_COLUMNS} FROM wiki_articles WHERE id = $1`, [
        article.id,
      ])) as ArticleRow[];
      return row;
    });
  }

  /**
   * Appends a revision under a lock on the article (numbers stay gapless and unique); `check` sees the current
   * revision number first and may throw (an edit made against an older revision).
   */
  addRevision(
    articleId: string,
    authorId: string,
    values: RevisionValues,
    check: (currentNumber: number) => void,
  ): Promise<RevisionRow> {
    return this.db.transaction(async (tx) => {
      const [locked] = (await tx.query(`SELECT revisions_count FROM wiki_articles WHERE id = $1 FOR UPDATE`, [
        articleId,
      ])) as Array<{ revisions_count: number }>;
      check(locked.revisions_count);
      return this.insertRevision(tx.query.bind(tx), articleId, locked.revisions_count + 1, authorId, values);
    });
  }

  private async insertRevision(
    query: (sql: string, params: unknown[]) => Promise<unknown>,
    articleId: string,
    number: number,
    authorId: string,
    v: RevisionValues,
  ): Promise<RevisionRow> {
    const [row] = (await query(
      `INSERT INTO wiki_revisions (article_id, number, title, category, body_html, summary, author_id, rollback_of)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [articleId, number, v.title, v.category, v.body_html, v.summary, authorId, v.rollback_of],
    )) as RevisionRow[];
    await query(
      `UPDATE wiki_articles SET title = $2, category = $3, current_revision_id = $4, revisions_count = $5,
       updated_at = now() WHERE id = $1`,
      [articleId, v.title, v.category, row.id, number],
    );
    return row;
  }

  async revisionById(id: string): Promise<RevisionRow> {
    const [row] = (await this.db.query(`SELECT * FROM wiki_revisions WHERE id = $1`, [id])) as RevisionRow[];
    return row;
  }

  async revision(articleId: string, number: number): Promise<RevisionRow | null> {
    const [row] = (await this.db.query(`SELECT * FROM wiki_revisions WHERE article_id = $1 AND number = $2`, [
      articleId,
      number,
    ])) as RevisionRow[];
    return row ?? null;
  }

  /** The history, newest revision first (the body left out: the diff page loads two). */
  async revisions(articleId: string, offset: number, limit: number): Promise<Omit<RevisionRow, 'body_html'>[]> {
    return (await this.db.query(
      `SELECT ${REVISION_LIST_COLUMNS} FROM wiki_revisions WHERE article_id = $1
       ORDER BY number DESC OFFSET $2 LIMIT $3`,
      [articleId, offset, limit],
    )) as Omit<RevisionRow, 'body_html'>[];
  }

  /** Talk comments newest first, keyset paged on (created_at, id). */
  talk(articleId: string, after: KeysetCursor | null, limit: number): Promise<(TalkRow & { cursor_at: string })[]> {
    const columns = `id, article_id, author_id, body_html, created_at, ${KEYSET_AT_SQL('created_at')} AS cursor_at`;
    const keyset = after ? `AND (created_at, id) < ($3::timestamptz, $4::uuid)` : '';
    return this.db.query(
      `SELECT ${columns} FROM wiki_talk WHERE article_id = $1 ${keyset} ORDER BY created_at DESC, id DESC LIMIT $2`,
      after ? [articleId, limit, after.exact, after.id] : [articleId, limit],
    ) as Promise<(TalkRow & { cursor_at: string })[]>;
  }

  addTalk(articleId: string, authorId: string, html: string): Promise<TalkRow> {
    return this.db.transaction(async (tx) => {
      const [row] = (await tx.query(
        `INSERT INTO wiki_talk (article_id, author_id, body_html) VALUES ($1, $2, $3)
         RETURNING id, article_id, author_id, body_html, created_at`,
        [articleId, authorId, html],
      )) as TalkRow[];
      await tx.query(`UPDATE wiki_articles SET talk_count = talk_count + 1 WHERE id = $1`, [articleId]);
      return row;
    });
  }
}
