import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type {
  FulfilmentStatus,
  OrderStatus,
  PaymentStatus,
  ProductKind,
  ReturnStatus,
  ShippingAddress,
} from '../../contracts/commerce';
import type { Db } from './catalog.repository';

export interface OrderRow {
  id: string;
  number: string;
  user_id: string | null;
  cart_id: string | null;
  content_hash: string;
  email: string;
  currency: string;
  subtotal_minor: string;
  total_minor: string;
  refunded_minor: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  fulfilment_status: FulfilmentStatus;
  return_status: ReturnStatus | null;
  requires_shipping: boolean;
  shipping_address: ShippingAddress | null;
  provider: string;
  provider_session_id: string | null;
  provider_payment_id: string | null;
  referral_code: string | null;
  tracking_carrier: string | null;
  tracking_number: string | null;
  expires_at: Date;
  paid_at: Date | null;
  fulfilled_at: Date | null;
  created_at: Date;
  user_name?: string | null;
  user_email?: string | null;
}

export interface OrderLineRow {
  id: string;
  order_id: string;
  product_id: string;
  variant_id: string;
  title: string;
  category: string;
  kind: ProductKind;
  quantity: number;
  unit_price_minor: string;
  total_minor: string;
  refunded_minor: string;
  credit_amount: number | null;
  credit_validity_days: number | null;
  asset_key: string | null;
  download_limit: number;
}

export interface NewOrder {
  userId: string;
  cartId: string;
  contentHash: string;
  email: string;
  currency: string;
  subtotalMinor: number;
  requiresShipping: boolean;
  shippingAddress: ShippingAddress | null;
  provider: string;
  referralCode: string | null;
  expiresAt: Date;
}

export interface NewLine {
  productId: string;
  variantId: string;
  title: string;
  category: string;
  kind: ProductKind;
  quantity: number;
  unitPriceMinor: number;
}

export interface OrderSearch {
  q?: string;
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  fulfilmentStatus?: FulfilmentStatus;
  returnStatus?: ReturnStatus;
  userId?: string;
  unfulfilledOnly?: boolean;
  limit: number;
  offset: number;
}

type Patch = Partial<Record<keyof OrderRow, unknown>>;

/** The only SQL for orders, their lines, payments, refunds, returns, support messages and the audit trail. */
@Injectable()
export class OrdersRepository {
  constructor(@InjectDataSource() readonly db: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async insertOrder(o: NewOrder, lines: NewLine[], m: Db): Promise<OrderRow> {
    const [order]: OrderRow[] = await m.query(
      `INSERT INTO orders (number, user_id, cart_id, content_hash, email, currency, subtotal_minor, total_minor,
                           requires_shipping, shipping_address, provider, referral_code, expires_at)
       VALUES ('R-' || lpad(nextval('order_number_seq')::text, 6, '0'), $1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $10, $11)
       RETURNING *`,
      [
        o.userId,
        o.cartId,
        o.contentHash,
        o.email,
        o.currency,
        o.subtotalMinor,
        o.requiresShipping,
        o.shippingAddress,
        o.provider,
        o.referralCode,
        o.expiresAt,
      ],
    );
    for (const l of lines) {
      await m.query(
        `INSERT INTO order_lines (order_id, product_id, variant_id, title, category, kind, quantity, unit_price_minor, total_minor)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          order.id,
          l.productId,
          l.variantId,
          l.title,
          l.category,
          l.kind,
          l.quantity,
          l.unitPriceMinor,
          l.unitPriceMinor * l.quantity,
        ],
      );
    }
    return order;
  }

  /** Takes `quantity` units of a stocked variant, or answers false when fewer are left (never below zero). */
  async reserveStock(variantId: string, quantity: number, m: Db): Promise<boolean> {
    const rows = await m.query(
      `UPDATE product_variants SET stock = stock - $2 WHERE id = $1 AND (stock IS NULL OR stock >= $2) RETURNING id`,
      [variantId, quantity],
    );
    return unwrap(rows).length > 0;
  }

  /** Puts an unpaid order's units back on the shelf. */
  async releaseStock(orderId: string, m: Db): Promise<void> {
    await m.query(
      `UPDATE product_variants v SET stock = v.stock + l.quantity FROM order_lines l
        WHERE l.order_id = $1 AND l.variant_id = v.id AND v.stock IS NOT NULL`,
      [orderId],
    );
  }

  async lock(orderId: string, m: Db): Promise<OrderRow | null> {
    const rows: OrderRow[] = await m.query(`SELECT * FROM orders WHERE id = $1 FOR UPDATE`, [orderId]);
    return rows[0] ?? null;
  }

  async lockBySession(sessionId: string, m: Db): Promise<OrderRow | null> {
    const rows: OrderRow[] = await m.query(`SELECT * FROM orders WHERE provider_session_id = $1 FOR UPDATE`, [
      sessionId,
    ]);
    return rows[0] ?? null;
  }

  async find(orderId: string, m: Db = this.db): Promise<OrderRow | null> {
    const rows: OrderRow[] = await m.query(
      `SELECT o.*, u.name AS user_name, u.email AS user_email FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = $1`,
      [orderId],
    );
    return rows[0] ?? null;
  }

  async findBySession(sessionId: string): Promise<OrderRow | null> {
    const rows: OrderRow[] = await this.db.query(`SELECT * FROM orders WHERE provider_session_id = $1`, [sessionId]);
    return rows[0] ?? null;
  }

  async update(orderId: string, patch: Patch, m: Db = this.db): Promise<OrderRow> {
    const keys = Object.keys(patch);
    const sets = keys.map((k, i) => `${k} = $${i + 2}`).join(', ');
    const rows = await m.query(`UPDATE orders SET ${sets}, updated_at = now() WHERE id = $1 RETURNING *`, [
      orderId,
      ...keys.map((k) => patch[k as keyof OrderRow]),
    ]);
    return unwrap<OrderRow>(rows)[0];
  }

  async lines(orderIds: string[], m: Db = this.db): Promise<OrderLineRow[]> {
    if (!orderIds.length) return [];
    return m.query(
      `SELECT l.*, p.credit_amount, p.credit_validity_days, p.asset_key, p.download_limit
         FROM order_lines l JOIN products p ON p.id = l.product_id
        WHERE l.order_id = ANY($1) ORDER BY l.order_id, l.id`,
      [orderIds],
    );
  }

  async addRefundedToLine(lineId: string, amountMinor: number, m: Db): Promise<OrderLineRow> {
    const rows = await m.query(
      `UPDATE order_lines SET refunded_minor = refunded_minor + $2 WHERE id = $1 RETURNING *`,
      [lineId, amountMinor],
    );
    return unwrap<OrderLineRow>(rows)[0];
  }

  async search(s: OrderSearch): Promise<{ rows: OrderRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replaceAll('?', `$${params.length}`));
    };
    if (s.q) add(`(o.number ILIKE ? OR lower(o.email) LIKE lower(?))`, `%${s.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
    if (s.status) add('o.status = ?', s.status);
    if (s.paymentStatus) add('o.payment_status = ?', s.paymentStatus);
    if (s.fulfilmentStatus) add('o.fulfilment_status = ?', s.fulfilmentStatus);
    if (s.returnStatus) add('o.return_status = ?', s.returnStatus);
    if (s.userId) add('o.user_id = ?', s.userId);
    if (s.unfulfilledOnly)
      where.push(
        `o.requires_shipping AND o.fulfilment_status = 'unfulfilled' AND o.payment_status IN ('paid', 'partially_refunded')`,
      );
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = s.unfulfilledOnly ? 'o.paid_at ASC' : 'o.created_at DESC, o.id DESC';
    const [{ total }] = await this.db.query(`SELECT count(*)::int AS total FROM orders o ${filter}`, params);
    const rows: OrderRow[] = await this.db.query(
      `SELECT o.*, u.name AS user_name, u.email AS user_email FROM orders o LEFT JOIN users u ON u.id = o.user_id
       ${filter} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, s.limit, s.offset],
    );
    return { rows, total };
  }

  /** Records a provider event; false when it was already processed (the primary key decides, even under races). */
  async recordEvent(
    provider: string,
    eventId: string,
    type: string,
    sessionId: string | null,
    m: Db,
  ): Promise<boolean> {
    const rows = await m.query(
      `INSERT INTO payment_events (provider, event_id, type, session_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      [provider, eventId, type, sessionId],
    );
    return unwrap(rows).length > 0;
  }

  async audit(orderId: string, actorId: string | null, action: string, detail: object, m: Db = this.db): Promise<void> {
    await m.query(`INSERT INTO order_audit (order_id, actor_id, action, detail) VALUES ($1, $2, $3, $4)`, [
      orderId,
      actorId,
      action,
      JSON.stringify(detail),
    ]);
  }

  async auditTrail(orderId: string) {
    return this.db.query(
      `SELECT a.id::text, a.action, a.detail, a.created_at, a.actor_id, u.name AS actor_name
         FROM order_audit a LEFT JOIN users u ON u.id = a.actor_id WHERE a.order_id = $1 ORDER BY a.id`,
      [orderId],
    );
  }

  // ---- refunds ----

  async insertRefund(
    r: { orderId: string; amountMinor: number; reason: string; lines: object; createdBy: string | null },
    m: Db,
  ) {
    const [row] = await m.query(
      `INSERT INTO refunds (order_id, amount_minor, reason, lines, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
      [r.orderId, r.amountMinor, r.reason, JSON.stringify(r.lines), r.createdBy],
    );
    return row as RefundRow;
  }

  async settleRefund(id: string, status: 'succeeded' | 'failed', providerRefundId: string | null, m: Db = this.db) {
    const rows = await m.query(`UPDATE refunds SET status = $2, provider_refund_id = $3 WHERE id = $1 RETURNING *`, [
      id,
      status,
      providerRefundId,
    ]);
    return unwrap<RefundRow>(rows)[0];
  }

  /** Money promised back but not yet confirmed by the provider: counted against what may still be refunded. */
  async pendingRefundsMinor(orderId: string, m: Db): Promise<number> {
    const [{ sum }] = await m.query(
      `SELECT coalesce(sum(amount_minor), 0)::bigint AS sum FROM refunds WHERE order_id = $1 AND status = 'pending'`,
      [orderId],
    );
    return Number(sum);
  }

  async refunds(orderId: string): Promise<RefundRow[]> {
    return this.db.query(`SELECT * FROM refunds WHERE order_id = $1 ORDER BY created_at`, [orderId]);
  }

  // ---- returns ----

  async insertReturn(orderId: string, userId: string, reason: string, m: Db): Promise<ReturnRow> {
    const [row] = await m.query(
      `INSERT INTO order_returns (order_id, user_id, reason) VALUES ($1, $2, $3) RETURNING *`,
      [orderId, userId, reason],
    );
    return row;
  }

  async openReturn(orderId: string, m: Db): Promise<ReturnRow | null> {
    const rows: ReturnRow[] = await m.query(
      `SELECT * FROM order_returns WHERE order_id = $1 AND status IN ('requested', 'approved', 'received') FOR UPDATE`,
      [orderId],
    );
    return rows[0] ?? null;
  }

  async findReturn(returnId: string): Promise<ReturnRow | null> {
    const rows: ReturnRow[] = await this.db.query(`SELECT * FROM order_returns WHERE id = $1`, [returnId]);
    return rows[0] ?? null;
  }

  async setReturnStatus(returnId: string, status: ReturnStatus, m: Db): Promise<void> {
    await m.query(`UPDATE order_returns SET status = $2, updated_at = now() WHERE id = $1`, [returnId, status]);
  }

  async returnsOf(userId: string | null, limit: number, offset: number) {
    const filter = userId ? 'WHERE r.user_id = $3' : '';
    const params = userId ? [limit, offset, userId] : [limit, offset];
    const [{ total }] = await this.db.query(
      `SELECT count(*)::int AS total FROM order_returns r ${filter.replace('$3', '$1')}`,
      userId ? [userId] : [],
    );
    const rows: Array<ReturnRow & { order_number: string }> = await this.db.query(
      `SELECT r.*, o.number AS order_number FROM order_returns r JOIN orders o ON o.id = r.order_id ${filter}
        ORDER BY r.created_at DESC LIMIT $1 OFFSET $2`,
      params,
    );
    return { rows, total: total as number };
  }

  // ---- idempotency keys ----

  /** Claims (scope, key) for a request; answers the existing row when the key was used before. */
  async claimIdempotencyKey(scope: string, key: string, hash: string): Promise<IdempotencyRow | null> {
    const inserted = await this.db.query(
      `INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING scope`,
      [scope, key, hash],
    );
    if (unwrap(inserted).length) return null;
    const rows: IdempotencyRow[] = await this.db.query(`SELECT * FROM idempotency_keys WHERE scope = $1 AND key = $2`, [
      scope,
      key,
    ]);
    return rows[0] ?? null;
  }

  async completeIdempotencyKey(scope: string, key: string, statusCode: number, response: unknown): Promise<void> {
    await this.db.query(`UPDATE idempotency_keys SET status_code = $3, response = $4 WHERE scope = $1 AND key = $2`, [
      scope,
      key,
      statusCode,
      JSON.stringify(response),
    ]);
  }

  async releaseIdempotencyKey(scope: string, key: string): Promise<void> {
    await this.db.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND status_code IS NULL`, [
      scope,
      key,
    ]);
  }

  // ---- support messages ----

  async insertMessage(orderId: string, authorId: string, fromStaff: boolean, body: string) {
    const [row] = await this.db.query(
      `INSERT INTO order_messages (order_id, author_id, from_staff, body) VALUES ($1, $2, $3, $4) RETURNING *`,
      [orderId, authorId, fromStaff, body],
    );
    return row as MessageRow;
  }

  async messages(orderId: string, limit: number, offset: number) {
    const [{ total }] = await this.db.query(`SELECT count(*)::int AS total FROM order_messages WHERE order_id = $1`, [
      orderId,
    ]);
    const rows: MessageRow[] = await this.db.query(
      `SELECT m.*, u.name AS author_name FROM order_messages m LEFT JOIN users u ON u.id = m.author_id
        WHERE m.order_id = $1 ORDER BY m.created_at, m.id LIMIT $2 OFFSET $3`,
      [orderId, limit, offset],
    );
    return { rows, total: total as number };
  }
}

export interface RefundRow {
  id: string;
  order_id: string;
  amount_minor: string;
  reason: string;
  lines: Array<{ line_id: string; amount_minor: number }>;
  status: 'pending' | 'succeeded' | 'failed';
  provider_refund_id: string | null;
  created_by: string | null;
  created_at: Date;
}

export interface IdempotencyRow {
  scope: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response: unknown;
}

export interface ReturnRow {
  id: string;
  order_id: string;
  user_id: string | null;
  reason: string;
  status: ReturnStatus;
  created_at: Date;
  updated_at: Date;
}

export interface MessageRow {
  id: string;
  order_id: string;
  author_id: string | null;
  author_name?: string | null;
  from_staff: boolean;
  body: string;
  created_at: Date;
}

/** pg's UPDATE/INSERT ... RETURNING comes back from TypeORM as [rows, count]. */
export function unwrap<T = unknown>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number')
    return result[0] as T[];
  return result as T[];
}
