import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { FlagReason } from '../../contracts/community';

export interface ActivityRow {
  days_visited: number;
  posts_read: number;
  likes_given: number;
  likes_received: number;
}

export interface ReviewRow {
  id: string;
  subject_kind: string;
  subject_id: string;
  author_id: string;
  reason: 'link' | 'flags';
  excerpt: string;
  url: string | null;
  status: 'open' | 'approved' | 'rejected';
  created_at: Date;
  flags_count: number;
}

export interface Subject {
  kind: string;
  id: string;
  authorId: string;
  excerpt: string;
  url: string;
}

export type ActivityDelta = Partial<ActivityRow>;

/** The only place with SQL for the community tables (activity, reads, likes, flags, reviews). */
@Injectable()
export class CommunityRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async activity(userId: string): Promise<ActivityRow> {
    const [row] = (await this.db.query(
      `SELECT days_visited, posts_read, likes_given, likes_received FROM community_activity WHERE user_id = $1`,
      [userId],
    )) as ActivityRow[];
    return row ?? { days_visited: 0, posts_read: 0, likes_given: 0, likes_received: 0 };
  }

  /** Adds to a user's counters (never below zero). */
  async addActivity(userId: string, d: ActivityDelta): Promise<void> {
    await this.db.query(
      `INSERT INTO community_activity AS a (user_id, days_visited, posts_read, likes_given, likes_received)
       VALUES ($1, GREATEST($2::int, 0), GREATEST($3::int, 0), GREATEST($4::int, 0), GREATEST($5::int, 0))
       ON CONFLICT (user_id) DO UPDATE SET
         days_visited = GREATEST(a.days_visited + $2, 0), posts_read = GREATEST(a.posts_read + $3, 0),
         likes_given = GREATEST(a.likes_given + $4, 0), likes_received = GREATEST(a.likes_received + $5, 0),
         updated_at = now()`,
      [userId, d.days_visited ?? 0, d.posts_read ?? 0, d.likes_given ?? 0, d.likes_received ?? 0],
    );
  }

  /** Counts one visit per calendar day (UTC): true when `day` is a new day for this user. */
  async visit(userId: string, day: string): Promise<boolean> {
    const rows = (await this.db.query(
      `INSERT INTO community_activity AS a (user_id, days_visited, last_visit_day) VALUES ($1, 1, $2::date)
       ON CONFLICT (user_id) DO UPDATE SET days_visited = a.days_visited + 1, last_visit_day = $2::date,
         updated_at = now()
       WHERE a.last_visit_day IS DISTINCT FROM $2::date RETURNING user_id`,
      [userId, day],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Records a read once per user and post; true the first time. */
  async read(userId: string, kind: string, id: string): Promise<boolean> {
    const rows = (await this.db.query(
      `INSERT INTO community_reads (user_id, subject_kind, subject_id) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [userId, kind, id],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Adds or removes a like with both users' counters in one transaction; true when something changed. */
  async setLike(userId: string, subject: Pick<Subject, 'kind' | 'id' | 'authorId'>, liked: boolean): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = (
        liked
          ? await tx.query(
              `INSERT INTO community_likes (subject_kind, subject_id, user_id, author_id) VALUES ($1, $2, $3, $4)
               ON CONFLICT DO NOTHING RETURNING user_id`,
              [subject.kind, subject.id, userId, subject.authorId],
            )
          : (
              (await tx.query(
                `DELETE FROM community_likes WHERE subject_kind = $1 AND subject_id = $2 AND user_id = $3 RETURNING user_id`,
                [subject.kind, subject.id, userId],
              )) as [unknown[], number]
            )[0]
      ) as unknown[];
      if (!rows.length) return false;
      const step = liked ? 1 : -1;
      for (const [who, column] of [
        [userId, 'likes_given'],
        [subject.authorId, 'likes_received'],
      ] as const) {
        await tx.query(
          `INSERT INTO community_activity AS a (user_id, ${column}) VALUES ($1, GREATEST($2::int, 0))
           ON CONFLICT (user_id) DO UPDATE SET ${column} = GREATEST(a.${column} + $2, 0), updated_at = now()`,
          [who, step],
        );
      }
      return true;
    });
  }

  async likeCounts(
    kind: string,
    ids: string[],
    viewerId: string | null,
  ): Promise<Map<string, { n: number; mine: boolean }>> {
    if (!ids.length) return new Map();
    const rows = (await this.db.query(
      `SELECT subject_id, count(*)::int AS n, bool_or(user_id = $3) AS mine FROM community_likes
       WHERE subject_kind = $1 AND subject_id = ANY($2::uuid[]) GROUP BY subject_id`,
      [kind, ids, viewerId],
    )) as Array<{ subject_id: string; n: number; mine: boolean | null }>;
    return new Map(rows.map((r) => [r.subject_id, { n: r.n, mine: !!r.mine }]));
  }

  /** Adds a flag (one per user and post) and answers how many unresolved flags the post has. */
  async flag(userId: string, kind: string, id: string, reason: FlagReason): Promise<number> {
    await this.db.query(
      `INSERT INTO community_flags (subject_kind, subject_id, user_id, reason) VALUES ($1, $2, $3, $4)
       ON CONFLICT (subject_kind, subject_id, user_id) DO UPDATE SET reason = EXCLUDED.reason
       WHERE community_flags.resolved_at IS NULL`,
      [kind, id, userId, reason],
    );
    const [{ n }] = (await this.db.query(
      `SELECT count(*)::int AS n FROM community_flags WHERE subject_kind = $1 AND subject_id = $2 AND resolved_at IS NULL`,
      [kind, id],
    )) as Array<{ n: number }>;
    return n;
  }

  /** Opens a review unless one is open for the post; answers the open review's id and whether it is new. */
  async openReview(subject: Subject, reason: 'link' | 'flags'): Promise<{ id: string; created: boolean }> {
    const rows = (await this.db.query(
      `INSERT INTO community_reviews (subject_kind, subject_id, author_id, reason, excerpt, url)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (subject_kind, subject_id) WHERE status = 'open' DO NOTHING
       RETURNING id`,
      [subject.kind, subject.id, subject.authorId, reason, subject.excerpt.slice(0, 500), subject.url],
    )) as Array<{ id: string }>;
    if (rows.length) return { id: rows[0].id, created: true };
    const [open] = (await this.db.query(
      `SELECT id FROM community_reviews WHERE subject_kind = $1 AND subject_id = $2 AND status = 'open'`,
      [subject.kind, subject.id],
    )) as Array<{ id: string }>;
    return { id: open.id, created: false };
  }

  async review(id: string): Promise<ReviewRow | null> {
    const [row] = (await this.db.query(`${REVIEW_SELECT} WHERE r.id = $1`, [id])) as ReviewRow[];
    return row ?? null;
  }

  async reviews(status: ReviewRow['status'], offset: number, limit: number): Promise<[ReviewRow[], number]> {
    const [rows, [{ n }]] = await Promise.all([
      this.db.query(`${REVIEW_SELECT} WHERE r.status = $1 ORDER BY r.created_at DESC, r.id DESC OFFSET $2 LIMIT $3`, [
        status,
        offset,
        limit,
      ]) as Promise<ReviewRow[]>,
      this.db.query(`SELECT count(*)::int AS n FROM community_reviews WHERE status = $1`, [status]) as Promise<
        Array<{ n: number }>
      >,
    ]);
    return [rows, n];
  }

  /** Decides an open review and resolves the post's flags together; false when it was already decided. */
  async decide(id: string, status: 'approved' | 'rejected', deciderId: string, at: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = (
        (await tx.query(
          `UPDATE community_reviews SET status = $2, decided_by = $3, decided_at = $4
           WHERE id = $1 AND status = 'open' RETURNING subject_kind, subject_id`,
          [id, status, deciderId, at],
        )) as [Array<{ subject_kind: string; subject_id: string }>, number]
      )[0];
      if (!rows.length) return false;
      await tx.query(
        `UPDATE community_flags SET resolved_at = $3 WHERE subject_kind = $1 AND subject_id = $2 AND resolved_at IS NULL`,
        [rows[0].subject_kind, rows[0].subject_id, at],
      );
      return true;
    });
  }
}

const REVIEW_SELECT = `
  SELECT r.id, r.subject_kind, r.subject_id, r.author_id, r.reason, r.excerpt, r.url, r.status, r.created_at,
    (SELECT count(*)::int FROM community_flags f WHERE f.subject_kind = r.subject_kind
       AND f.subject_id = r.subject_id AND f.resolved_at IS NULL) AS flags_count
  FROM community_reviews r`;
