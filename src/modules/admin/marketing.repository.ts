import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AnnouncementJson, BroadcastJson } from '../../contracts/admin-content';
import { returningRows, type RowOfJson } from '../../database/raw-rows';

/** An announcement as stored: its JSON with Date timestamps. */
export type AnnouncementRow = RowOfJson<AnnouncementJson, 'starts_at' | 'ends_at' | 'created_at'>;

/** A broadcast as stored: its JSON with Date timestamps. */
export type BroadcastRow = RowOfJson<BroadcastJson, 'created_at' | 'finished_at'>;

/** What happened to a recipient's copy of an email broadcast. */
export type EmailStatus = 'sent' | 'suppressed';

export type NewAnnouncement = Omit<AnnouncementRow, 'id' | 'created_at'> & { created_by: string };
export type NewBroadcast = Pick<BroadcastRow, 'title' | 'body' | 'url' | 'audience' | 'email'> & { created_by: string };

const ANNOUNCEMENT = 'id, title, body, url, style, audience, starts_at, ends_at, created_at';
const BROADCAST =
  'id, title, body, url, audience, status, total, sent, email, emailed, suppressed, created_at, finished_at';

/**
 * Announcements with their per-user dismissals, and broadcasts with their recipients (announcements,
 * announcement_dismissals, broadcasts, broadcast_recipients).
 */
@Injectable()
export class MarketingRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async announcements(offset: number, limit: number): Promise<[AnnouncementRow[], number]> {
    const rows = await this.db.query<AnnouncementRow[]>(
      `SELECT ${ANNOUNCEMENT} FROM announcements ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT $2`,
      [offset, limit],
    );
    const [{ n }] = await this.db.query<Array<{ n: string }>>(`SELECT count(*) AS n FROM announcements`);
    return [rows, Number(n)];
  }

  /** What is showing now for these audiences and not dismissed by the user (when given), newest first (a few). */
  live(audiences: string[], at: Date, limit: number, userId: string | null): Promise<AnnouncementRow[]> {
    return this.db.query(
      `SELECT ${ANNOUNCEMENT} FROM announcements a
       WHERE starts_at <= $2 AND (ends_at IS NULL OR ends_at > $2) AND audience = ANY($1)
         AND NOT EXISTS (SELECT 1 FROM announcement_dismissals d WHERE d.user_id = $4 AND d.announcement_id = a.id)
       ORDER BY starts_at DESC, id DESC LIMIT $3`,
      [audiences, at, limit, userId],
    );
  }

  /** Records that the user closed the announcement (a repeat is a no-op). */
  async dismiss(userId: string, announcementId: string): Promise<void> {
    await this.db.query(
      `INSERT INTO announcement_dismissals (user_id, announcement_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [userId, announcementId],
    );
  }

  async announcement(id: string, m: EntityManager = this.db.manager): Promise<AnnouncementRow | null> {
    const [row] = await m.query<AnnouncementRow[]>(`SELECT ${ANNOUNCEMENT} FROM announcements WHERE id = $1`, [id]);
    return row ?? null;
  }

  async insertAnnouncement(a: NewAnnouncement, m: EntityManager): Promise<AnnouncementRow> {
    const [row] = returningRows<AnnouncementRow>(
      await m.query(
        `INSERT INTO announcements (title, body, url, style, audience, starts_at, ends_at, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${ANNOUNCEMENT}`,
        [a.title, a.body, a.url, a.style, a.audience, a.starts_at, a.ends_at, a.created_by],
      ),
    );
    return row;
  }

  async endAnnouncement(id: string, at: Date, m: EntityManager): Promise<AnnouncementRow> {
    const [row] = returningRows<AnnouncementRow>(
      await m.query(
        `UPDATE announcements SET ends_at = LEAST(coalesce(ends_at, $2), $2) WHERE id = $1 RETURNING ${ANNOUNCEMENT}`,
        [id, at],
      ),
    );
    return row;
  }

  async broadcasts(offset: number, limit: number): Promise<[BroadcastRow[], number]> {
    const rows = await this.db.query<BroadcastRow[]>(
      `SELECT ${BROADCAST} FROM broadcasts ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT $2`,
      [offset, limit],
    );
    const [{ n }] = await this.db.query<Array<{ n: string }>>(`SELECT count(*) AS n FROM broadcasts`);
    return [rows, Number(n)];
  }

  async broadcast(id: string): Promise<BroadcastRow | null> {
    const [row] = await this.db.query<BroadcastRow[]>(`SELECT ${BROADCAST} FROM broadcasts WHERE id = $1`, [id]);
    return row ?? null;
  }

  async insertBroadcast(b: NewBroadcast, m: EntityManager): Promise<BroadcastRow> {
    const [row] = returningRows<BroadcastRow>(
      await m.query(
        `INSERT INTO broadcasts (title, body, url, audience, email, created_by) VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING ${BROADCAST}`,
        [b.title, b.body, b.url, b.audience, b.email, b.created_by],
      ),
    );
    return row;
  }

  /** Moves a queued broadcast to sending with its audience size (a retried job finds it sending already). */
  async start(id: string, total: number): Promise<void> {
    await this.db.query(`UPDATE broadcasts SET status = 'sending', total = $2 WHERE id = $1 AND status = 'queued'`, [
      id,
      total,
    ]);
  }

  /**
   * Claims recipients with what their mail will be (null: none): returns only those not claimed before, so nobody
   * hears or gets mail from a broadcast twice, and the mail counts are right the moment the claim commits.
   */
  async claim(
    id: string,
    recipients: Array<{ userId: string; email: EmailStatus | null }>,
  ): Promise<Array<{ user_id: string; email_status: EmailStatus | null }>> {
    return returningRows(
      await this.db.query(
        `INSERT INTO broadcast_recipients (broadcast_id, user_id, email_status)
         SELECT $1, r.user_id, r.email_status FROM unnest($2::uuid[], $3::varchar[]) AS r(user_id, email_status)
         ON CONFLICT DO NOTHING RETURNING user_id, email_status`,
        [id, recipients.map((r) => r.userId), recipients.map((r) => r.email)],
      ),
    );
  }

  /** Recounts the recipients reached (right after retries too) and returns the row. */
  async progress(id: string, done: boolean): Promise<BroadcastRow> {
    const [row] = returningRows<BroadcastRow>(
      await this.db.query(
        `UPDATE broadcasts SET (sent, emailed, suppressed) = (
             SELECT count(*), count(*) FILTER (WHERE email_status = 'sent'),
                    count(*) FILTER (WHERE email_status = 'suppressed')
             FROM broadcast_recipients WHERE broadcast_id = $1),
           status = CASE WHEN $2 THEN 'done' ELSE status END,
           finished_at = CASE WHEN $2 THEN coalesce(finished_at, now()) ELSE finished_at END
         WHERE id = $1 RETURNING ${BROADCAST}`,
        [id, done],
      ),
    );
    return row;
  }
}
