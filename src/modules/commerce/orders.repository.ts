import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type {
  FulfilmentStatus,
  OrderLine,
  OrderStatus,
  PaymentStatus,
  ProductKind,
  ReturnStatus,
  ShippingAddress,
} from '../../contracts/commerce';
import { returningRows } from '../../database/raw-rows';
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
  discount_code: string | null;
  discount_minor: string;
  tracking_carrier: string | null;
  tracking_number: string | null;
  expires_at: Date;
  paid_at: Date | null;
  fulfilled_at: Date | null;
  created_at: Date;
  user_name?: string | null;
  user_email?: string | null;
}

/** A line's columns: the contract's fields with money as minor-unit strings, and what fulfilment needs. */
export interface OrderLineRow extends Pick<
  OrderLine,
  'id' | 'product_id' | 'variant_id' | 'title' | 'category' | 'kind' | 'quantity'
> {
  order_id: string;
  unit_price_minor: string;
  discount_minor: string;
  total_minor: string;
  refunded_minor: string;
  credit_amount: number | null;
  credit_validity_days: number | null;
  asset_key: string | null;
  download_limit: number;
  property_id: string | null;
  boost_days: number | null;
}

export interface NewOrder {
  userId: string;
  cartId: string;
  contentHash: string;
  email: string;
  currency: string;
  subtotalMinor: number;
  /** The code and what it took off (0 without one); the order's total is the subtotal less it. */
  discountCode: string | null;
  discountMinor: number;
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
  /** The line's share of the discount; its total is quantity × unit price less this. */
  discountMinor: number;
  /** A listing boost's listing and days. */
  propertyId: string | null;
  boostDays: number | null;
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

/** The SQL for orders, their lines, stock holds, payment events, support messages and the audit trail. */
@Injectable()
export class OrdersRepository {
  constructor(@InjectDataSource() readonly db: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async insertOrder(o: NewOrder, lines: NewLine[], m: Db): Promise<OrderRow> {
    const [order]: OrderRow[] = await m.query(
      `INSERT INTO orders (number, user_id, cart_id, content_hash, email, currency, subtotal_minor, total_minor,
                           requires_shipping, shipping_address, provider, referral_code, expires_at, discount_code,
                           discount_minor)
       VALUES ('R-' || lpad(nextval('order_number_seq')::text, 6, '0'), $1, $2, $3, $4, $5, $6, $6::bigint - $13, $7,
               $8, $9, $10, $11, $12, $13)
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
        o.discountCode,
        o.discountMinor,
      ],
    );
    for (const l of lines) {
      await m.query(
        `INSERT INTO order_lines (order_id, product_id, variant_id, title, category, kind, quantity, unit_price_minor,
                                  total_minor, property_id, boost_days, discount_minor)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          order.id,
          l.productId,
          l.variantId,
          l.title,
          l.category,
          l.kind,
          l.quantity,
          l.unitPriceMinor,
          l.unitPriceMinor * l.quantity - l.discountMinor,
          l.propertyId,
          l.boostDays,
          l.discountMinor,
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
    return returningRows(rows).length > 0;
  }

  /** Puts an unpaid order's units back on the shelf. */
  async releaseStock(orderId: string, m: Db): Promise<void> {
    await this.returnUnits('order_id = $1', orderId, m);
  }

  /** Puts the units of refunded lines back on the shelf. */
  async restockLines(lineIds: string[], m: Db): Promise<void> {
    if (lineIds.length) await this.returnUnits('id = ANY($1)', lineIds, m);
  }

  /**
   * Adds the units of the order lines matching `linesWhere` back to their stocked variants. Lines of one variant
   * are summed first: an UPDATE ... FROM applies only one joined row to each variant.
   */
  private async returnUnits(linesWhere: string, param: unknown, m: Db): Promise<void> {
    await m.query(
      `UPDATE product_variants v SET stock = v.stock + l.quantity
         FROM (SELECT variant_id, sum(quantity)::int AS quantity FROM order_lines WHERE ${linesWhere}
               GROUP BY variant_id) l
        WHERE l.variant_id = v.id AND v.stock IS NOT NULL`,
      [param],
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
    return returningRows<OrderRow>(rows)[0];
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
    return returningRows<OrderLineRow>(rows)[0];
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
    return returningRows(rows).length > 0;
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

  /** Orders paid in [start, end): how many, and the amount paid per currency (never summed across currencies). */
  async paidBetween(
    start: Date,
    end: Date,
  ): Promise<{ orders: number; revenue: Array<{ currency: string; amountMinor: number }> }> {
    const rows = await this.db.query<Array<{ currency: string; orders: string; revenue: string }>>(
      `SELECT currency, count(*) AS orders, sum(total_minor) AS revenue FROM orders
       WHERE paid_at >= $1 AND paid_at < $2 GROUP BY currency ORDER BY currency`,
      [start, end],
    );
    return {
      orders: rows.reduce((n, r) => n + Number(r.orders), 0),
      revenue: rows.map((r) => ({ currency: r.currency, amountMinor: Number(r.revenue) })),
    };
  }
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
