import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DiscountKind, DiscountRedemption } from '../../contracts/commerce';
import { returningRows } from '../../database/raw-rows';
import type { Db } from './catalog.repository';

export interface DiscountCodeRow {
  id: string;
  code: string;
  description: string;
  kind: DiscountKind;
  percent_off: number | null;
  amount_off_minor: number | null;
  currency: string | null;
  product_id: string | null;
  product_title?: string | null;
  category: string | null;
  starts_at: Date;
  ends_at: Date | null;
  max_uses: number | null;
  max_uses_per_customer: number;
  affiliate_code: string | null;
  active: boolean;
  /** Redemptions held or used: the counter the limits read. */
  live_uses: number;
  created_at: Date;
  /** Of the live uses, those whose order waits for payment (the admin list's figure). */
  held?: number;
}

export interface NewDiscountCodeRow {
  code: string;
  description: string;
  kind: DiscountKind;
  percentOff: number | null;
  amountOffMinor: number | null;
  currency: string | null;
  productId: string | null;
  category: string | null;
  startsAt: Date;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number;
  affiliateCode: string | null;
  createdBy: string;
}

export type DiscountPatch = Partial<Pick<DiscountCodeRow, 'active' | 'ends_at' | 'max_uses'>>;

type RedemptionRow = Omit<DiscountRedemption, 'amount' | 'created_at'> & {
  amount_minor: string;
  currency: string;
  created_at: Date;
};

const HELD = `(SELECT count(*)::int FROM discount_redemptions r WHERE r.code_id = c.id AND r.status = 'held') AS held`;

/**
 * One customer's live (held or used) uses of code $1: user $2, leaving out order $3 (the open order a checkout may
 * answer again; null for none). An index probe on (code_id, user_id), whatever the code's popularity.
 */
const CUSTOMER_USES = `(SELECT count(*)::int FROM discount_redemptions r
   WHERE r.code_id = $1 AND r.user_id = $2 AND r.status <> 'released' AND r.order_id IS DISTINCT FROM $3) AS mine`;

/** Codes with their product's title, and `extra` columns. */
const selectCodes = (extra = '') =>
  `SELECT c.*, p.title AS product_title${extra} FROM discount_codes c LEFT JOIN products p ON p.id = c.product_id`;

/** The SQL for discount codes, the carts holding them and their redemptions (one per order). */
@Injectable()
export class DiscountsRepository {
  constructor(@InjectDataSource() readonly db: DataSource) {}

  async insert(c: NewDiscountCodeRow): Promise<DiscountCodeRow | null> {
    const rows = await this.db.query(
      `INSERT INTO discount_codes (code, description, kind, percent_off, amount_off_minor, currency, product_id, category,
                                   starts_at, ends_at, max_uses, max_uses_per_customer, affiliate_code, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (code) DO NOTHING RETURNING id`,
      [
        c.code,
        c.description,
        c.kind,
        c.percentOff,
        c.amountOffMinor,
        c.currency,
        c.productId,
        c.category,
        c.startsAt,
        c.endsAt,
        c.maxUses,
        c.maxUsesPerCustomer,
        c.affiliateCode,
        c.createdBy,
      ],
    );
    const [row] = returningRows<{ id: string }>(rows);
    return row ? this.find(row.id) : null;
  }

  async update(id: string, patch: DiscountPatch): Promise<void> {
    const keys = Object.keys(patch) as Array<keyof DiscountPatch>;
    if (!keys.length) return;
    const sets = keys.map((k, i) => `${k} = $${i + 2}`).join(', ');
    await this.db.query(`UPDATE discount_codes SET ${sets}, updated_at = now() WHERE id = $1`, [
      id,
      ...keys.map((k) => patch[k]),
    ]);
  }

  async find(id: string, m: Db = this.db): Promise<DiscountCodeRow | null> {
    const rows: DiscountCodeRow[] = await m.query(`${selectCodes(`, ${HELD}`)} WHERE c.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async findByCode(code: string): Promise<DiscountCodeRow | null> {
    const rows: DiscountCodeRow[] = await this.db.query(`${selectCodes()} WHERE c.code = $1`, [code]);
    return rows[0] ?? null;
  }

  /** A code with one customer's live uses of it, in one statement (every cart view holding a code reads this). */
  async withCustomerUses(id: string, userId: string | null): Promise<(DiscountCodeRow & { mine: number }) | null> {
    const rows = await this.db.query(`${selectCodes(`, ${CUSTOMER_USES}`)} WHERE c.id = $1`, [id, userId, null]);
    return rows[0] ?? null;
  }

  /** The code row locked for a checkout: its limits are counted and its redemption written under this lock. */
  async lock(id: string, m: Db): Promise<DiscountCodeRow | null> {
    const rows: DiscountCodeRow[] = await m.query(`${selectCodes()} WHERE c.id = $1 FOR UPDATE OF c`, [id]);
    return rows[0] ?? null;
  }

  async list(offset: number, limit: number, affiliateCode?: string) {
    const filter = affiliateCode ? 'WHERE c.affiliate_code = $3' : '';
    const params: unknown[] = [limit, offset, ...(affiliateCode ? [affiliateCode] : [])];
    const rows: DiscountCodeRow[] = await this.db.query(
      `${selectCodes(`, ${HELD}`)} ${filter} ORDER BY c.created_at DESC, c.id DESC LIMIT $1 OFFSET $2`,
      params,
    );
    const [{ total }] = await this.db.query(
      `SELECT count(*)::int AS total FROM discount_codes c ${affiliateCode ? 'WHERE c.affiliate_code = $1' : ''}`,
      affiliateCode ? [affiliateCode] : [],
    );
    return { rows, total: total as number };
  }

  /**
   * A code's live uses (its counter) and one customer's, leaving out `exceptOrderId`'s (the open order a checkout
   * may answer again). Index probes only, whatever the code's popularity.
   */
  async liveUses(
    code: DiscountCodeRow,
    userId: string | null,
    m: Db = this.db,
    exceptOrderId: string | null = null,
  ): Promise<{ all: number; mine: number }> {
    const [row] = await m.query(
      `SELECT ${CUSTOMER_USES},
              (SELECT count(*)::int FROM discount_redemptions
                WHERE order_id = $3 AND code_id = $1 AND status <> 'released') AS excepted`,
      [code.id, userId, exceptOrderId],
    );
    return { all: code.live_uses - row.excepted, mine: row.mine };
  }

  async hold(
    r: { codeId: string; orderId: string; userId: string; amountMinor: number; currency: string },
    m: Db,
  ): Promise<void> {
    await m.query(
      `INSERT INTO discount_redemptions (code_id, order_id, user_id, amount_minor, currency) VALUES ($1, $2, $3, $4, $5)`,
      [r.codeId, r.orderId, r.userId, r.amountMinor, r.currency],
    );
    await m.query(`UPDATE discount_codes SET live_uses = live_uses + 1 WHERE id = $1`, [r.codeId]);
  }

  /**
   * Moves an order's redemption from one of `from` to `to` and keeps the code's counter with it (released is the
   * only state that does not count); a repeat finds nothing to move.
   */
  async moveRedemption(
    orderId: string,
    from: Array<'held' | 'released'>,
    to: 'used' | 'released',
    m: Db,
  ): Promise<void> {
    const [found] = await m.query(
      `SELECT code_id, status FROM discount_redemptions WHERE order_id = $1 AND status = ANY($2) FOR UPDATE`,
      [orderId, from],
    );
    if (!found) return;
    await m.query(`UPDATE discount_redemptions SET status = $2, updated_at = now() WHERE order_id = $1`, [orderId, to]);
    const delta = (to === 'released' ? 0 : 1) - (found.status === 'released' ? 0 : 1);
    if (delta)
      await m.query(`UPDATE discount_codes SET live_uses = live_uses + $2 WHERE id = $1`, [found.code_id, delta]);
  }

  async redemptions(offset: number, limit: number) {
    const rows: RedemptionRow[] = await this.db.query(
      `SELECT r.id, c.code, r.order_id, o.number AS order_number, u.name AS buyer_name, r.amount_minor, r.currency,
              r.status, r.created_at
         FROM discount_redemptions r JOIN discount_codes c ON c.id = r.code_id JOIN orders o ON o.id = r.order_id
         LEFT JOIN users u ON u.id = r.user_id
        ORDER BY r.created_at DESC, r.id DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    const [{ total }] = await this.db.query(`SELECT count(*)::int AS total FROM discount_redemptions`);
    return { rows, total: total as number };
  }

  // ---- the cart's code ----

  async setCartCode(cartId: string, codeId: string | null): Promise<void> {
    await this.db.query(`UPDATE carts SET discount_code_id = $2, updated_at = now() WHERE id = $1`, [cartId, codeId]);
  }

  async productExists(productId: string): Promise<boolean> {
    const rows = await this.db.query(`SELECT 1 FROM products WHERE id = $1`, [productId]);
    return rows.length > 0;
  }
}

export type { RedemptionRow };
