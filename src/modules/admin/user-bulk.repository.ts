import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { UserBulkAction, UserBulkJson } from '../../contracts/admin';
import { returningRows } from '../../database/raw-rows';

/** A bulk action as stored: its JSON's fields, with who started it and the times as dates. */
export interface UserBulkRow extends Omit<UserBulkJson, 'created_at' | 'finished_at'> {
  admin_id: string | null;
  admin_ip: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export interface NewUserBulk {
  adminId: string;
  adminIp: string | null;
  action: UserBulkAction;
  reason: string;
  userIds: string[];
}

/** How many skipped users (with the reason) a bulk action's JSON names. */
const SKIPPED_EXAMPLES = 5;
const BULK = `b.id, b.admin_id, b.admin_ip, b.action, b.reason, b.status, b.total, b.done, b.skipped, b.created_at,
  b.finished_at, coalesce((SELECT json_agg(json_build_object('user_id', s.user_id, 'message', s.message))
    FROM (SELECT user_id, message FROM admin_user_bulk_items i
          WHERE i.bulk_id = b.id AND i.outcome = 'skipped' ORDER BY user_id LIMIT ${SKIPPED_EXAMPLES}) s), '[]')
  AS skipped_examples`;

/** Bulk actions on users and their per-user items (admin_user_bulk_actions, admin_user_bulk_items). */
@Injectable()
export class UserBulkRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The action and its items, fixed at the start, in one transaction. */
  async insert(b: NewUserBulk): Promise<UserBulkRow> {
    return this.db.transaction(async (m: EntityManager) => {
      const [{ id }] = returningRows<{ id: string }>(
        await m.query(
          `INSERT INTO admin_user_bulk_actions (admin_id, admin_ip, action, reason, total)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [b.adminId, b.adminIp, b.action, b.reason, b.userIds.length],
        ),
      );
      await m.query(
        `INSERT INTO admin_user_bulk_items (bulk_id, user_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
        [id, b.userIds],
      );
      const [row] = await m.query<UserBulkRow[]>(`SELECT ${BULK} FROM admin_user_bulk_actions b WHERE b.id = $1`, [id]);
      return row;
    });
  }

  async find(id: string): Promise<UserBulkRow | null> {
    const [row] = await this.db.query<UserBulkRow[]>(`SELECT ${BULK} FROM admin_user_bulk_actions b WHERE b.id = $1`, [
      id,
    ]);
    return row ?? null;
  }

  latest(limit: number): Promise<UserBulkRow[]> {
    return this.db.query<UserBulkRow[]>(
      `SELECT ${BULK} FROM admin_user_bulk_actions b ORDER BY b.created_at DESC, b.id DESC LIMIT $1`,
      [limit],
    );
  }

  /**
   * Takes (or renews, for `runner`) the action's lease for `seconds`: false while another runner holds an unexpired
   * one, so only one runner works on an action at a time; a crashed runner's lease runs out and the retry takes over.
   */
  async lease(id: string, runner: string, seconds: number): Promise<boolean> {
    const rows = returningRows(
      await this.db.query(
        `UPDATE admin_user_bulk_actions SET lease_until = now() + make_interval(secs => $3), leased_by = $2
         WHERE id = $1 AND (lease_until IS NULL OR lease_until < now() OR leased_by = $2) RETURNING id`,
        [id, runner, seconds],
      ),
    );
    return rows.length === 1;
  }

  /** The next users still without an outcome, in a stable order. */
  async pending(id: string, limit: number): Promise<string[]> {
    const rows = await this.db.query<Array<{ user_id: string }>>(
      `SELECT user_id FROM admin_user_bulk_items WHERE bulk_id = $1 AND outcome IS NULL ORDER BY user_id LIMIT $2`,
      [id, limit],
    );
    return rows.map((r) => r.user_id);
  }

  /** Records one user's outcome once (a retried job finds it recorded and moves on), in `m`'s transaction if given. */
  async record(
    id: string,
    userId: string,
    outcome: 'done' | 'skipped',
    message: string | null,
    m: EntityManager = this.db.manager,
  ): Promise<void> {
    await m.query(
      `UPDATE admin_user_bulk_items SET outcome = $3, message = $4
       WHERE bulk_id = $1 AND user_id = $2 AND outcome IS NULL`,
      [id, userId, outcome, message],
    );
  }

  /** Recounts the outcomes into the action's row, finishing it when asked, and returns it. */
  async progress(id: string, finished: boolean): Promise<UserBulkRow> {
    await this.db.query(
      `UPDATE admin_user_bulk_actions b SET (done, skipped) = (
           SELECT count(*) FILTER (WHERE outcome = 'done'), count(*) FILTER (WHERE outcome = 'skipped')
           FROM admin_user_bulk_items WHERE bulk_id = $1),
         status = CASE WHEN $2 THEN 'done' ELSE 'running' END,
         finished_at = CASE WHEN $2 THEN coalesce(finished_at, now()) ELSE finished_at END
       WHERE id = $1`,
      [id, finished],
    );
    return (await this.find(id))!;
  }
}
