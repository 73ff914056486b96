import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { KEYSET_AT_SQL, type KeysetCursor } from '../../common/keyset';
import type { ModerationState } from '../../contracts/community';
import type { JournalEmbedRef, JournalStatus, JournalVisibility } from '../../contracts/journal';

export interface JournalPostRow {
  id: string;
  author_id: string;
  title: string;
  body_html: string;
  excerpt: string;
  embeds: JournalEmbedRef[];
  visibility: JournalVisibility;
  status: JournalStatus;
  moderation: ModerationState;
  publish_at: Date | null;
  published_at: Date | null;
  notified_at: Date | null;
  comments_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface JournalCommentRow {
  id: string;
  post_id: string;
  author_id: string;
  body_html: string;
  moderation: ModerationState;
  created_at: Date;
}

export type PostValues = Partial<
  Pick<
    JournalPostRow,
    | 'title'
    | 'body_html'
    | 'excerpt'
    | 'embeds'
    | 'visibility'
    | 'status'
    | 'moderation'
    | 'publish_at'
    | 'published_at'
  >
>;

const COLUMNS = `id, author_id, title, body_html, excerpt, embeds, visibility, status, moderation, publish_at,
  published_at, notified_at, comments_count, created_at, updated_at`;
const LISTED = `status = 'published' AND moderation = 'visible'`;

/** The only place with SQL for journal_posts and journal_comments. */
@Injectable()
export class JournalRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async find(id: string): Promise<JournalPostRow | null> {
    const [row] = (await this.db.query(`SELECT ${COLUMNS} FROM journal_posts WHERE id = $1`, [id])) as JournalPostRow[];
    return row ?? null;
  }

  async create(authorId: string, values: PostValues): Promise<JournalPostRow> {
    const [row] = (await this.db.query(
      `INSERT INTO journal_posts (author_id, title, body_html, excerpt, embeds, visibility)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING ${COLUMNS}`,
      [
        authorId,
        values.title,
        values.body_html ?? '',
        values.excerpt ?? '',
        JSON.stringify(values.embeds ?? []),
        values.visibility ?? 'private',
      ],
    )) as JournalPostRow[];
    return row;
  }

  /** Updates the given columns (and updated_at); answers the fresh row. */
  async update(id: string, values: PostValues, at: Date): Promise<JournalPostRow> {
    const entries = Object.entries(values).filter(([, v]) => v !== undefined);
    const sets = entries.map(([k], i) => (k === 'embeds' ? `${k} = $${i + 3}::jsonb` : `${k} = $${i + 3}`));
    const params = entries.map(([k, v]) => (k === 'embeds' ? JSON.stringify(v) : v));
    const [rows] = (await this.db.query(
      `UPDATE journal_posts SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, at, ...params],
    )) as [JournalPostRow[], number];
    return rows[0];
  }

  /** Claims the one-time "followers were told" mark; false when it was already taken. */
  async claimNotice(id: string, at: Date): Promise<boolean> {
    const [rows] = (await this.db.query(
      `UPDATE journal_posts SET notified_at = $2 WHERE id = $1 AND notified_at IS NULL AND ${LISTED} RETURNING id`,
      [id, at],
    )) as [unknown[], number];
    return rows.length > 0;
  }

  async delete(id: string): Promise<void> {
    await this.db.query(`DELETE FROM journal_posts WHERE id = $1`, [id]);
  }

  /** The author's posts (every state), most recently edited first. */
  async byAuthor(authorId: string, offset: number, limit: number): Promise<[JournalPostRow[], number]> {
    const [rows, [{ n }]] = await Promise.all([
      this.db.query(
        `SELECT ${COLUMNS} FROM journal_posts WHERE author_id = $1 ORDER BY updated_at DESC, id DESC OFFSET $2 LIMIT $3`,
        [authorId, offset, limit],
      ) as Promise<JournalPostRow[]>,
      this.db.query(`SELECT count(*)::int AS n FROM journal_posts WHERE author_id = $1`, [authorId]) as Promise<
        Array<{ n: number }>
      >,
    ]);
    return [rows, n];
  }

  /**
   * Published, visible posts newest first: public ones, or (with `authorId`) one author's posts the viewer may
   * read (`visibilities`). Keyset paged on (published_at, id).
   */
  feed(
    filter: { authorId?: string; visibilities: JournalVisibility[] },
    after: KeysetCursor | null,
    limit: number,
  ): Promise<(JournalPostRow & { cursor_at: string })[]> {
    const params: unknown[] = [filter.visibilities, limit];
    let where = `${LISTED} AND visibility = ANY($1::varchar[])`;
    if (filter.authorId) where += ` AND author_id = $${params.push(filter.authorId)}`;
    if (after)
      where += ` AND (published_at, id) < ($${params.push(after.exact)}::timestamptz, $${params.push(after.id)})`;
    return this.db.query(
      `SELECT ${COLUMNS}, ${KEYSET_AT_SQL('published_at')} AS cursor_at FROM journal_posts WHERE ${where}
       ORDER BY published_at DESC, id DESC LIMIT $2`,
      params,
    ) as Promise<(JournalPostRow & { cursor_at: string })[]>;
  }

  // ---- comments -----------------------------------------------------------------------------------------------

  async addComment(postId: string, authorId: string, html: string, moderation: ModerationState) {
    return this.db.transaction(async (tx) => {
      const [row] = (await tx.query(
        `INSERT INTO journal_comments (post_id, author_id, body_html, moderation) VALUES ($1, $2, $3, $4)
         RETURNING id, post_id, author_id, body_html, moderation, created_at`,
        [postId, authorId, html, moderation],
      )) as JournalCommentRow[];
      if (moderation === 'visible')
        await tx.query(`UPDATE journal_posts SET comments_count = comments_count + 1 WHERE id = $1`, [postId]);
      return row;
    });
  }

  async findComment(id: string): Promise<JournalCommentRow | null> {
    const [row] = (await this.db.query(
      `SELECT id, post_id, author_id, body_html, moderation, created_at FROM journal_comments WHERE id = $1`,
      [id],
    )) as JournalCommentRow[];
    return row ?? null;
  }

  /** Sets a comment's moderation state, keeping the post's visible-comment count in step. */
  async setCommentState(id: string, state: ModerationState): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [[before]] = (await tx.query(`SELECT post_id, moderation FROM journal_comments WHERE id = $1 FOR UPDATE`, [
        id,
      ])) as [Array<{ post_id: string; moderation: ModerationState }>];
      if (!before || before.moderation === state) return;
      await tx.query(`UPDATE journal_comments SET moderation = $2 WHERE id = $1`, [id, state]);
      const step = (state === 'visible' ? 1 : 0) - (before.moderation === 'visible' ? 1 : 0);
      if (step)
        await tx.query(`UPDATE journal_posts SET comments_count = GREATEST(comments_count + $2, 0) WHERE id = $1`, [
          before.post_id,
          step,
        ]);
    });
  }

  /** A post's comments oldest first: visible ones, plus the viewer's own awaiting review. */
  async comments(postId: string, viewerId: string | null, offset: number, limit: number) {
    const where = `post_id = $1 AND (moderation = 'visible' OR (author_id = $2 AND moderation = 'pending'))`;
    const [rows, [{ n }]] = await Promise.all([
      this.db.query(
        `SELECT id, post_id, author_id, body_html, moderation, created_at FROM journal_comments WHERE ${where}
         ORDER BY created_at, id OFFSET $3 LIMIT $4`,
        [postId, viewerId, offset, limit],
      ) as Promise<JournalCommentRow[]>,
      this.db.query(`SELECT count(*)::int AS n FROM journal_comments WHERE ${where}`, [postId, viewerId]) as Promise<
        Array<{ n: number }>
      >,
    ]);
    return [rows, n] as const;
  }
}
