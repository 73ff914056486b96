import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Db } from './catalog.repository';
import { returningRows } from '../../database/raw-rows';

export interface EntitlementRow {
  id: string;
  order_id: string;
  order_line_id: string;
  order_number?: string;
  user_id: string;
  product_id: string;
  title: string;
  asset_key: string | null;
  download_limit: number;
  downloads_used: number;
  revoked_at: Date | null;
  created_at: Date;
}

/** The only SQL for the vault (digital entitlements and their download counters). */
@Injectable()
export class EntitlementsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** One entitlement per order line: granting again for the same line is a no-op. */
  async grant(
    e: {
      orderId: string;
      lineId: string;
      userId: string;
      productId: string;
      title: string;
      assetKey: string | null;
      downloadLimit: number;
    },
    m: Db,
  ): Promise<void> {
    await m.query(
      `INSERT INTO entitlements (order_id, order_line_id, user_id, product_id, title, asset_key, download_limit)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (order_line_id) DO NOTHING`,
      [e.orderId, e.lineId, e.userId, e.productId, e.title, e.assetKey, e.downloadLimit],
    );
  }

  async revokeLines(lineIds: string[], at: Date, m: Db): Promise<number> {
    if (!lineIds.length) return 0;
    const rows = await m.query(
      `UPDATE entitlements SET revoked_at = $2 WHERE order_line_id = ANY($1) AND revoked_at IS NULL RETURNING id`,
      [lineIds, at],
    );
    return returningRows(rows).length;
  }

  async ofUser(userId: string, limit: number, offset: number, downloadableOnly = false) {
    const filter = downloadableOnly ? 'AND e.asset_key IS NOT NULL' : '';
    const [{ total }] = await this.db.query(
      `SELECT count(*)::int AS total FROM entitlements e WHERE e.user_id = $1 ${filter}`,
      [userId],
    );
    const rows: EntitlementRow[] = await this.db.query(
      `SELECT e.*, o.number AS order_number FROM entitlements e JOIN orders o ON o.id = e.order_id
        WHERE e.user_id = $1 ${filter} ORDER BY e.created_at DESC, e.id LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    return { rows, total: total as number };
  }

  /** The style packs the user holds (a live entitlement of a style-pack product). */
  async stylePacksOf(userId: string): Promise<string[]> {
    const rows: Array<{ style_pack: string }> = await this.db.query(
      `SELECT DISTINCT p.style_pack FROM entitlements e JOIN products p ON p.id = e.product_id
        WHERE e.user_id = $1 AND e.revoked_at IS NULL AND p.style_pack IS NOT NULL`,
      [userId],
    );
    return rows.map((r) => r.style_pack);
  }

  async find(id: string): Promise<EntitlementRow | null> {
    const rows: EntitlementRow[] = await this.db.query(`SELECT * FROM entitlements WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Counts one download if the entitlement is live and under its limit; null when refused. */
  async consumeDownload(id: string): Promise<EntitlementRow | null> {
    const rows = await this.db.query(
      `UPDATE entitlements SET downloads_used = downloads_used + 1
        WHERE id = $1 AND revoked_at IS NULL AND downloads_used < download_limit RETURNING *`,
      [id],
    );
    return returningRows<EntitlementRow>(rows)[0] ?? null;
  }
}
