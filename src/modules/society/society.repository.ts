import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { GroupMemberRow } from '../../common/group-membership.policy';
import { KEYSET_AT_SQL, type KeysetCursor } from '../../common/keyset';
import type { ModerationState } from '../../contracts/community';
import type { SocietyRole, SocietyVisibility } from '../../contracts/society';
import { GroupMembersRepository } from '../../database/group-members.repository';

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

export type MemberRow = GroupMemberRow<SocietyRole>;
export type SocietyValues = Pick<SocietyRow, 'name' | 'description' | 'visibility'>;

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

/** The only place with SQL for societies, their members, invitations, posts and comments (membership: the shared base). */
@Injectable()
export class SocietyRepository extends GroupMembersRepository<SocietyRow, SocietyRole, SocietyValues> {
  constructor(@InjectDataSource() db: DataSource) {
    super(db, {
      groups: 'societies',
      members: 'society_members',
      invites: 'society_invites',
      key: 'society_id',
      memberOrder: "CASE role WHEN 'owner' THEN 0 WHEN 'moderator' THEN 1 ELSE 2 END",
    });
  }

  /** Public societies (most members first), or those `memberId` belongs to. */
  async list(memberId: string | null, offset: number, limit: number): Promise<[SocietyRow[], number]> {
    const where = memberId
      ? `id IN (SELECT society_id FROM society_members WHERE user_id = $3)`
      : `visibility = 'public'`;
    const params = memberId ? [offset, limit, memberId] : [offset, limit];
    const [rows, [{ n }]] = await Promise.all([
      this.m.query(
        `SELECT * FROM societies WHERE ${where} ORDER BY members_count DESC, id OFFSET $1 LIMIT $2`,
        params,
      ) as Promise<SocietyRow[]>,
      this.m.query(
        `SELECT count(*)::int AS n FROM societies WHERE ${where.replace('$3', '$1')}`,
        memberId ? [memberId] : [],
      ) as Promise<Array<{ n: number }>>,
    ]);
    return [rows, n];
  }

  async setRole(societyId: string, userId: string, role: SocietyRole): Promise<void> {
    await this.m.query(`UPDATE society_members SET role = $3 WHERE society_id = $1 AND user_id = $2`, [
      societyId,
      userId,
      role,
    ]);
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
    const [row] = (await this.m.query(`SELECT ${POST_COLUMNS} FROM society_posts WHERE id = $1`, [id])) as PostRow[];
    return row ?? null;
  }

  async setPostState(id: string, state: ModerationState): Promise<void> {
    await this.m.query(`UPDATE society_posts SET moderation = $2 WHERE id = $1`, [id, state]);
  }

  /** Visible posts newest first, keyset paged on (created_at, id): a deep page costs what the first does. */
  feed(societyId: string, after: KeysetCursor | null, limit: number): Promise<(PostRow & { cursor_at: string })[]> {
    const columns = `${POST_COLUMNS}, ${KEYSET_AT_SQL('created_at')} AS cursor_at`;
    return (
      after
        ? this.m.query(
            `SELECT ${columns} FROM society_posts WHERE society_id = $1 AND moderation = 'visible'
             AND (created_at, id) < ($3::timestamptz, $4) ORDER BY created_at DESC, id DESC LIMIT $2`,
            [societyId, limit, after.exact, after.id],
          )
        : this.m.query(
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
      this.m.query(
        `SELECT id, post_id, author_id, body_html, created_at FROM society_comments WHERE post_id = $1
         ORDER BY created_at, id OFFSET $2 LIMIT $3`,
        [postId, offset, limit],
      ) as Promise<CommentRow[]>,
      this.m.query(`SELECT count(*)::int AS n FROM society_comments WHERE post_id = $1`, [postId]) as Promise<
        Array<{ n: number }>
      >,
    ]);
    return [rows, n];
  }
}
