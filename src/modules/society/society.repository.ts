import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { KEYSET_AT_SQL, type KeysetCursor } from '../../common/keyset';
import type { ModerationState } from '../../contracts/community';
import type { SocietyRole, SocietyVisibility } from '../../contracts/society';

export interface SocietyRow {
  id: string;
  name: string;
  description: string;
  visibility: SocietyVisibility;
  owner_id: string;
  members_count: number;
  posts_count: number;
  created_at: Date;
}

export interface MemberRow {
  user_id: string;
  role: SocietyRole;
  created_at: Date;
}

export interface PostRow {
  id: string;
  society_id: string;
  author_id: string;
  body_html: string;
  moderation: ModerationState;
  comments_count: number;
  created_at: Date;
}

export interface CommentRow {
  id: string;
  post_id: string;
  author_id: string;
  body_html: string;
  created_at: Date;
}

const POST_COLUMNS = 'id, society_id, author_id, body_html, moderation, comments_count, created_at';

/** The only place with SQL for societies, their members, invitations, posts and comments. */
@Injectable()
export class SocietyRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async find(id: string): Promise<SocietyRow | null> {
    const [row] = (await this.db.query(`SELECT * FROM societies WHERE id = $1`, [id])) as SocietyRow[];
    return row ?? null;
  }

  async nameTaken(name: string, exceptId: string | null): Promise<boolean> {
    const rows = (await this.db.query(
      `SELECT 1 FROM societies WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2`,
      [name, exceptId],
    )) as unknown[];
    return rows.length > 0;
  }

  /** The society and its owner's membership together. */
  create(ownerId: string, values: Pick<SocietyRow, 'name' | 'description' | 'visibility'>): Promise<SocietyRow> {
    return this.db.transaction(async (tx) => {
      const [row] = (await tx.query(
        `INSERT INTO societies (name, description, visibility, owner_id, members_count) VALUES ($1, $2, $3, $4, 1)
         RETURNING *`,
        [values.name, values.description, values.visibility, ownerId],
      )) as SocietyRow[];
      await tx.query(`INSERT INTO society_members (society_id, user_id, role) VALUES ($1, $2, 'owner')`, [
        row.id,
        ownerId,
      ]);
      return row;
    });
  }

  async update(
    id: string,
    values: Partial<Pick<SocietyRow, 'name' | 'description' | 'visibility'>>,
  ): Promise<SocietyRow> {
    const entries = Object.entries(values).filter(([, v]) => v !== undefined);
    if (!entries.length) return (await this.find(id))!;
    const sets = entries.map(([k], i) => `${k} = $${i + 2}`).join(', ');
    const [rows] = (await this.db.query(`UPDATE societies SET ${sets} WHERE id = $1 RETURNING *`, [
      id,
      ...entries.map(([, v]) => v),
    ])) as [SocietyRow[], number];
    return rows[0];
  }

  /** Public societies (most members first), or those `memberId` belongs to. */
  async list(memberId: string | null, offset: number, limit: number): Promise<[SocietyRow[], number]> {
    const where = memberId
      ? `id IN (SELECT society_id FROM society_members WHERE user_id = $3)`
      : `visibility = 'public'`;
    const params = memberId ? [offset, limit, memberId] : [offset, limit];
    const [rows, [{ n }]] = await Promise.all([
      this.db.query(
        `SELECT * FROM societies WHERE ${where} ORDER BY members_count DESC, id OFFSET $1 LIMIT $2`,
        params,
      ) as Promise<SocietyRow[]>,
      this.db.query(
        `SELECT count(*)::int AS n FROM societies WHERE ${where.replace('$3', '$1')}`,
        memberId ? [memberId] : [],
      ) as Promise<Array<{ n: number }>>,
    ]);
    return [rows, n];
  }

  async membership(societyId: string, userId: string): Promise<{ role: SocietyRole | null; invited: boolean }> {
    const [row] = (await this.db.query(
      `SELECT (SELECT role FROM society_members WHERE society_id = $1 AND user_id = $2) AS role,
              EXISTS (SELECT 1 FROM society_invites WHERE society_id = $1 AND user_id = $2) AS invited`,
      [societyId, userId],
    )) as Array<{ role: SocietyRole | null; invited: boolean }>;
    return row;
  }

  async roles(societyIds: string[], userId: string): Promise<Map<string, SocietyRole>> {
    if (!societyIds.length) return new Map();
    const rows = (await this.db.query(
      `SELECT society_id, role FROM society_members WHERE user_id = $1 AND society_id = ANY($2::uuid[])`,
      [userId, societyIds],
    )) as Array<{ society_id: string; role: SocietyRole }>;
    return new Map(rows.map((r) => [r.society_id, r.role]));
  }

  /** Adds a member (using up any invitation) and counts them; false when already a member. */
  join(societyId: string, userId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = (await tx.query(
        `INSERT INTO society_members (society_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_id`,
        [societyId, userId],
      )) as unknown[];
      await tx.query(`DELETE FROM society_invites WHERE society_id = $1 AND user_id = $2`, [societyId, userId]);
      if (rows.length)
        await tx.query(`UPDATE societies SET members_count = members_count + 1 WHERE id = $1`, [societyId]);
      return rows.length > 0;
    });
  }

  leave(societyId: string, userId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [rows] = (await tx.query(
        `DELETE FROM society_members WHERE society_id = $1 AND user_id = $2 AND role <> 'owner' RETURNING user_id`,
        [societyId, userId],
      )) as [unknown[], number];
      if (rows.length)
        await tx.query(`UPDATE societies SET members_count = GREATEST(members_count - 1, 0) WHERE id = $1`, [
          societyId,
        ]);
      return rows.length > 0;
    });
  }

  async invite(societyId: string, userId: string, invitedBy: string): Promise<void> {
    await this.db.query(
      `INSERT INTO society_invites (society_id, user_id, invited_by) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [societyId, userId, invitedBy],
    );
  }

  async setRole(societyId: string, userId: string, role: SocietyRole): Promise<void> {
    await this.db.query(`UPDATE society_members SET role = $3 WHERE society_id = $1 AND user_id = $2`, [
      societyId,
      userId,
      role,
    ]);
  }

  async members(societyId: string, offset: number, limit: number): Promise<[MemberRow[], number]> {
    const [rows, [{ n }]] = await Promise.all([
      this.db.query(
        `SELECT user_id, role, created_at FROM society_members WHERE society_id = $1
         ORDER BY CASE role WHEN 'owner' THEN 0 WHEN 'moderator' THEN 1 ELSE 2 END, created_at, user_id OFFSET $2 LIMIT $3`,
        [societyId, offset, limit],
      ) as Promise<MemberRow[]>,
      this.db.query(`SELECT count(*)::int AS n FROM society_members WHERE society_id = $1`, [societyId]) as Promise<
        Array<{ n: number }>
      >,
    ]);
    return [rows, n];
  }

  // ---- posts and comments --------------------------------------------------------------------------------------

  addPost(societyId: string, authorId: string, html: string, moderation: ModerationState): Promise<PostRow> {
    return this.db.transaction(async (tx) => {
      const [row] = (await tx.query(
        `INSERT INTO society_posts (society_id, author_id, body_html, moderation) VALUES ($1, $2, $3, $4) RETURNING ${POST_COLUMNS}`,
        [societyId, authorId, html, moderation],
      )) as PostRow[];
      await tx.query(`UPDATE societies SET posts_count = posts_count + 1 WHERE id = $1`, [societyId]);
      return row;
    });
  }

  async findPost(id: string): Promise<PostRow | null> {
    const [row] = (await this.db.query(`SELECT ${POST_COLUMNS} FROM society_posts WHERE id = $1`, [id])) as PostRow[];
    return row ?? null;
  }

  async setPostState(id: string, state: ModerationState): Promise<void> {
    await this.db.query(`UPDATE society_posts SET moderation = $2 WHERE id = $1`, [id, state]);
  }

  /** Visible posts newest first, keyset paged on (created_at, id): a deep page costs what the first does. */
  feed(societyId: string, after: KeysetCursor | null, limit: number): Promise<(PostRow & { cursor_at: string })[]> {
    const columns = `${POST_COLUMNS}, ${KEYSET_AT_SQL('created_at')} AS cursor_at`;
    return (
      after
        ? this.db.query(
            `SELECT ${columns} FROM society_posts WHERE society_id = $1 AND moderation = 'visible'
             AND (created_at, id) < ($3::timestamptz, $4) ORDER BY created_at DESC, id DESC LIMIT $2`,
            [societyId, limit, after.exact, after.id],
          )
        : this.db.query(
            `SELECT ${columns} FROM society_posts WHERE society_id = $1 AND moderation = 'visible'
             ORDER BY created_at DESC, id DESC LIMIT $2`,
            [societyId, limit],
          )
    ) as Promise<(PostRow & { cursor_at: string })[]>;
  }

  addComment(postId: string, authorId: string, html: string): Promise<CommentRow> {
    return this.db.transaction(async (tx) => {
      const [row] = (await tx.query(
        `INSERT INTO society_comments (post_id, author_id, body_html) VALUES ($1, $2, $3)
         RETURNING id, post_id, author_id, body_html, created_at`,
        [postId, authorId, html],
      )) as CommentRow[];
      await tx.query(`UPDATE society_posts SET comments_count = comments_count + 1 WHERE id = $1`, [postId]);
      return row;
    });
  }

  async comments(postId: string, offset: number, limit: number): Promise<[CommentRow[], number]> {
    const [rows, [{ n }]] = await Promise.all([
      this.db.query(
        `SELECT id, post_id, author_id, body_html, created_at FROM society_comments WHERE post_id = $1
         ORDER BY created_at, id OFFSET $2 LIMIT $3`,
        [postId, offset, limit],
      ) as Promise<CommentRow[]>,
      this.db.query(`SELECT count(*)::int AS n FROM society_comments WHERE post_id = $1`, [postId]) as Promise<
        Array<{ n: number }>
      >,
    ]);
    return [rows, n];
  }
}
