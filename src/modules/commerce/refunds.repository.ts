import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ReturnStatus } from '../../contracts/commerce';
import { returningRows } from '../../database/raw-rows';
import type { Db } from './catalog.repository';

/** The SQL for an order's refunds and returns. Methods taking `m` run inside the caller's transaction. */
@Injectable()
export class RefundsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  // ---- refunds ----

  async insertRefund(
    r: {
      orderId: string;
      amountMinor: number;
      reason: string;
      lines: object;
      restock: boolean;
      createdBy: string | null;
      /** What caused an automatic refund (`boost:<id>`): one live refund per cause, a repeat inserts nothing. */
      sourceRef?: string;
    },
    m: Db,
  ): Promise<RefundRow | null> {
    const rows: RefundRow[] = await m.query(
      `INSERT INTO refunds (order_id, amount_minor, reason, lines, restock, created_by, source_ref)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (source_ref) WHERE status <> 'failed' DO NOTHING RETURNING *`,
      [r.orderId, r.amountMinor, r.reason, JSON.stringify(r.lines), r.restock, r.createdBy, r.sourceRef ?? null],
    );
    return rows[0] ?? null;
  }

  async settleRefund(id: string, status: 'succeeded' | 'failed', providerRefundId: string | null, m: Db = this.db) {
    const rows = await m.query(`UPDATE refunds SET status = $2, provider_refund_id = $3 WHERE id = $1 RETURNING *`, [
      id,
      status,
      providerRefundId,
    ]);
    return returningRows<RefundRow>(rows)[0];
  }

  /** Money promised back but not yet confirmed by the provider: counted against what may still be refunded. */
  async pendingRefundsMinor(orderId: string, m: Db): Promise<number> {
    const [{ sum }] = await m.query(
      `SELECT coalesce(sum(amount_minor), 0)::bigint AS sum FROM refunds WHERE order_id = $1 AND status = 'pending'`,
      [orderId],
    );
    return Number(sum);
  }

  async refundsOf(orderId: string): Promise<RefundRow[]> {
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
}

export interface RefundRow {
  id: string;
  order_id: string;
  amount_minor: string;
  reason: string;
  lines: Array<{ line_id: string; amount_minor: number }>;
  restock: boolean;
  status: 'pending' | 'succeeded' | 'failed';
  provider_refund_id: string | null;
  created_by: string | null;
  created_at: Date;
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
