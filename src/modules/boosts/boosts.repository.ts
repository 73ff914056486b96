import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { returningRows } from '../../database/raw-rows';
import type { BoostTimes } from './boost-rules';

type Db = DataSource | EntityManager;

export interface BoostRow extends BoostTimes {
  id: string;
  property_id: string | null;
  user_id: string | null;
  order_id: string;
  order_number: string;
  order_line_id: string;
  paid_minor: string;
  currency: string;
  refund_minor: string | null;
  created_at: Date;
}

export interface NewBoost {
  propertyId: string;
  userId: string;
  orderId: string;
  orderNumber: string;
  lineId: string;
  paidMinor: number;
  currency: string;
  startsAt: Date;
  endsAt: Date;
}

const SELECT = `SELECT b.* FROM listing_boosts b`;

/** The only SQL for listing boosts (listing_boosts); paid boost lines arrive inside the payment's transaction. */
@Injectable()
export class BoostsRepository {
  constructor(@InjectDataSource() readonly db: DataSource) {}

  /** The end of a listing's boosts not yet ended (a new one queues behind it), under a per-listing lock. */
  async queuedUntil(propertyId: string, m: Db): Promise<Date | null> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('listing-boost:' || $1::text))`, [propertyId]);
    return (await this.queuedUntilOf([propertyId], m)).get(propertyId) ?? null;
  }

  /** One boost per paid order line: a repeated payment event inserts nothing (null). */
  async insert(b: NewBoost, m: Db): Promise<BoostRow | null> {
    const rows = await m.query(
      `INSERT INTO listing_boosts (property_id, user_id, order_id, order_number, order_line_id, paid_minor, currency,
                                   starts_at, ends_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (order_line_id) DO NOTHING RETURNING *`,
      [b.propertyId, b.userId, b.orderId, b.orderNumber, b.lineId, b.paidMinor, b.currency, b.startsAt, b.endsAt],
    );
    return returningRows<BoostRow>(rows)[0] ?? null;
  }

  /** The listings whose boost runs at `now` (few: the partial index holds only boosts not yet ended). */
  async runningPropertyIds(now: Date): Promise<string[]> {
    const rows: Array<{ property_id: string }> = await this.db.query(
      `SELECT DISTINCT property_id FROM listing_boosts
        WHERE ended_at IS NULL AND ends_at > $1 AND starts_at <= $1 AND property_id IS NOT NULL`,
      [now],
    );
    return rows.map((r) => r.property_id);
  }

  async find(id: string): Promise<BoostRow | null> {
    const rows: BoostRow[] = await this.db.query(`${SELECT} WHERE b.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The boosts of a listing not yet ended, locked (the caller ends them in its transaction). */
  async openOfProperty(propertyId: string, m: Db): Promise<BoostRow[]> {
    return m.query(`${SELECT} WHERE b.property_id = $1 AND b.ended_at IS NULL FOR UPDATE`, [propertyId]);
  }

  /** Ends a boost not yet ended; false when it had ended already (another path got there first). */
  async end(
    id: string,
    end: { at: Date; reason: 'expired' | 'unpublished' | 'refunded'; refundMinor: number | null },
    m: Db = this.db,
  ): Promise<boolean> {
    const rows = await m.query(
      `UPDATE listing_boosts SET ended_at = $2, end_reason = $3, refund_minor = $4
        WHERE id = $1 AND ended_at IS NULL RETURNING id`,
      [id, end.at, end.reason, end.refundMinor],
    );
    return returningRows(rows).length > 0;
  }

  /** Ends the boosts of order lines refunded in full (the money went back by another way). */
  async endLines(lineIds: string[], at: Date, m: Db): Promise<number> {
    if (!lineIds.length) return 0;
    const rows = await m.query(
      `UPDATE listing_boosts SET ended_at = $2, end_reason = 'refunded'
        WHERE order_line_id = ANY($1::uuid[]) AND ended_at IS NULL RETURNING id`,
      [lineIds, at],
    );
    return returningRows(rows).length;
  }

  async ofUser(userId: string, limit: number, offset: number): Promise<{ rows: BoostRow[]; total: number }> {
    const [{ total }] = await this.db.query(`SELECT count(*)::int AS total FROM listing_boosts WHERE user_id = $1`, [
      userId,
    ]);
    const rows: BoostRow[] = await this.db.query(
      `${SELECT} WHERE b.user_id = $1 ORDER BY b.created_at DESC, b.id LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    return { rows, total };
  }

  /** The end of each listing's boosts not yet ended (the boost picker; a new boost queues behind it). */
  async queuedUntilOf(propertyIds: string[], m: Db = this.db): Promise<Map<string, Date>> {
    if (!propertyIds.length) return new Map();
    const rows: Array<{ property_id: string; until: Date }> = await m.query(
      `SELECT property_id, max(ends_at) AS until FROM listing_boosts
        WHERE property_id = ANY($1::uuid[]) AND ended_at IS NULL GROUP BY property_id`,
      [propertyIds],
    );
    return new Map(rows.map((r) => [r.property_id, new Date(r.until)]));
  }
}
