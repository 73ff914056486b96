import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { returningRows } from '../../../database/raw-rows';
import type { BatchRow, PayoutRow } from '../affiliates.types';

type Db = DataSource | EntityManager;

const BATCH_COLUMNS = `id, status, currency, payout_count, total_minor::float8 AS total_minor, processed, sent, failed,
  awaiting, created_at, started_at, finished_at`;
const PAYOUT_COLUMNS = `p.id, p.batch_id, p.affiliate_id, u.name AS affiliate_name, p.amount_minor::float8 AS amount_minor,
  p.currency, p.method, p.destination, p.idempotency_key, p.status, p.failure_reason, p.provider_reference, p.created_at`;

/**
 * SQL for the programme's payout side (batches, transfers, tax forms, marketing materials). The affiliate and
 * ledger tables stay in AffiliatesRepository; together they are the area's data layer.
 */
@Injectable()
export class PayoutsRepository {
  constructor(readonly db: DataSource) {}

  /** Every approved affiliate's available balance in one pass (the ledger's (bucket, affiliate_id) index). */
  async availableBalances(currency: string): Promise<
    Array<{
      affiliate_id: string;
      affiliate_name: string;
      method: string;
      destination: string | null;
      minimum: number | null;
      available: number;
    }>
  > {
    return this.db.query(
      `SELECT l.affiliate_id, u.name AS affiliate_name, a.payout_method AS method, a.payout_destination AS destination,
              a.minimum_payout_minor::float8 AS minimum, sum(l.amount_minor)::float8 AS available
       FROM affiliate_ledger l JOIN affiliates a ON a.id = l.affiliate_id JOIN users u ON u.id = a.user_id
       WHERE l.bucket = 'available' AND l.currency = $1 AND a.status = 'approved'
       GROUP BY l.affiliate_id, u.name, a.payout_method, a.payout_destination, a.minimum_payout_minor
       HAVING sum(l.amount_minor) > 0`,
      [currency],
    );
  }

  async paidThisYearByAffiliate(since: Date): Promise<Map<string, number>> {
    const rows: Array<{ affiliate_id: string; total: number }> = await this.db.query(
      `SELECT affiliate_id, sum(amount_minor)::float8 AS total FROM affiliate_ledger
       WHERE bucket = 'paid' AND created_at >= $1 GROUP BY affiliate_id`,
      [since],
    );
    return new Map(rows.map((r) => [r.affiliate_id, Number(r.total)]));
  }

  async affiliatesWithApprovedTaxForm(): Promise<Set<string>> {
    const rows: Array<{ affiliate_id: string }> = await this.db.query(
      `SELECT DISTINCT affiliate_id FROM affiliate_tax_forms WHERE status = 'approved'`,
    );
    return new Set(rows.map((r) => r.affiliate_id));
  }

  async insertBatch(m: Db, currency: string, createdBy: string): Promise<string> {
    const [row] = await m.query(
      `INSERT INTO affiliate_payout_batches (status, currency, created_by) VALUES ('preview', $1, $2) RETURNING id`,
      [currency, createdBy],
    );
    return row.id;
  }

  async insertPayouts(
    m: Db,
    batchId: string,
    lines: Array<{ affiliate_id: string; amount: number; method: string; destination: string | null }>,
    currency: string,
  ): Promise<void> {
    const chunk = 1000;
    for (let i = 0; i < lines.length; i += chunk) {
      const part = lines.slice(i, i + chunk);
      const values: unknown[] = [];
      const tuples = part.map((line, j) => {
        values.push(
          batchId,
          line.affiliate_id,
          line.amount,
          currency,
          line.method,
          line.destination,
          `${batchId}:${line.affiliate_id}`,
        );
        return `(${Array.from({ length: 7 }, (_, k) => `$${j * 7 + k + 1}`).join(', ')})`;
      });
      await m.query(
        `INSERT INTO affiliate_payouts (batch_id, affiliate_id, amount_minor, currency, method, destination, idempotency_key)
         VALUES ${tuples.join(', ')}`,
        values,
      );
    }
    await m.query(`UPDATE affiliate_payout_batches SET payout_count = $2, total_minor = $3 WHERE id = $1`, [
      batchId,
      lines.length,
      lines.reduce((sum, l) => sum + l.amount, 0),
    ]);
  }

  async cancelPreviews(m: Db): Promise<void> {
    await m.query(
      `UPDATE affiliate_payout_batches SET status = 'cancelled', finished_at = now() WHERE status = 'preview'`,
    );
  }

  async anyRunning(m: Db): Promise<boolean> {
    return (await m.query(`SELECT 1 FROM affiliate_payout_batches WHERE status = 'running' LIMIT 1`)).length > 0;
  }

  /** At confirm: a transfer larger than the affiliate's balance now (a refund since the preview) is not sent. */
  async failShortPayouts(m: Db, batchId: string, reason: string): Promise<void> {
    await m.query(
      `UPDATE affiliate_payouts p SET status = 'failed', failure_reason = $2, updated_at = now()
       WHERE p.batch_id = $1 AND p.status = 'queued' AND p.amount_minor > COALESCE(
         (SELECT sum(l.amount_minor) FROM affiliate_ledger l
          WHERE l.affiliate_id = p.affiliate_id AND l.bucket = 'available' AND l.currency = p.currency), 0)`,
      [batchId, reason],
    );
  }

  /**
   * At confirm (or a retry, for `onlyPayout`): every queued transfer's amount moves available → in_transit (two
   * ledger rows each), in SQL.
   */
  async moveBatchToTransit(m: Db, batchId: string, reason: string, onlyPayout: string | null = null): Promise<void> {
    await m.query(
      `INSERT INTO affiliate_ledger (affiliate_id, payout_id, bucket, amount_minor, currency, reason)
       SELECT p.affiliate_id, p.id, side.bucket, side.sign * p.amount_minor, p.currency, $2
       FROM affiliate_payouts p CROSS JOIN (VALUES ('available', -1), ('in_transit', 1)) AS side(bucket, sign)
       WHERE p.batch_id = $1 AND p.status = 'queued' AND ($3::uuid IS NULL OR p.id = $3)`,
      [batchId, reason, onlyPayout],
    );
  }

  /**
   * At confirm (or a retry, for `onlyPayout`): the approved, unpaid commissions a transfer pays for point at it
   * (marked paid when it is sent).
   */
  async attachCommissions(m: Db, batchId: string, onlyPayout: string | null = null): Promise<void> {
    await m.query(
      `UPDATE affiliate_commissions c SET payout_id = p.id, updated_at = now()
       FROM affiliate_payouts p
       WHERE p.batch_id = $1 AND p.status = 'queued' AND c.affiliate_id = p.affiliate_id
         AND c.status = 'approved' AND c.payout_id IS NULL AND ($2::uuid IS NULL OR p.id = $2)`,
      [batchId, onlyPayout],
    );
  }

  /**
   * A failed transfer queued again, when the affiliate's available balance still holds its amount (a later batch
   * may have paid it since). It goes to the affiliate's current method and destination; the idempotency key stays
   * when those are unchanged (the provider then never pays it twice) and is new when the transfer itself changed.
   * False when it is not failed or no longer funded.
   */
  async requeueFailed(m: Db, payoutId: string, method: string, destination: string | null): Promise<boolean> {
    const rows = returningRows<{ id: string }>(
      await m.query(
        `UPDATE affiliate_payouts p SET status = 'queued', failure_reason = NULL, method = $2::varchar, destination = $3::varchar,
                idempotency_key = CASE WHEN p.method = $2::varchar AND p.destination IS NOT DISTINCT FROM $3::varchar
                                       THEN p.idempotency_key ELSE gen_random_uuid()::text END,
                updated_at = now()
          WHERE p.id = $1 AND p.status = 'failed' AND p.amount_minor <= COALESCE(
            (SELECT sum(l.amount_minor) FROM affiliate_ledger l
              WHERE l.affiliate_id = p.affiliate_id AND l.bucket = 'available' AND l.currency = p.currency), 0)
        RETURNING p.id`,
        [payoutId, method, destination],
      ),
    );
    return rows.length > 0;
  }

  async findBatch(id: string, db: Db = this.db, lock = false): Promise<BatchRow | null> {
    const [row] = await db.query(
      `SELECT ${BATCH_COLUMNS} FROM affiliate_payout_batches WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [id],
    );
    return row ?? null;
  }

  async updateBatch(m: Db, id: string, fields: Record<string, unknown>): Promise<void> {
    const keys = Object.keys(fields);
    await m.query(
      `UPDATE affiliate_payout_batches SET ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')} WHERE id = $1`,
      [id, ...Object.values(fields)],
    );
  }

  /** A batch's transfers waiting for the bank, locked (an admin settles them in the caller's transaction). */
  async awaitingBank(m: Db, batchId: string): Promise<PayoutRow[]> {
    return m.query(
      `SELECT ${PAYOUT_COLUMNS} FROM affiliate_payouts p JOIN affiliates a ON a.id = p.affiliate_id
         JOIN users u ON u.id = a.user_id
        WHERE p.batch_id = $1 AND p.status = 'awaiting_bank' ORDER BY p.id FOR UPDATE OF p`,
      [batchId],
    );
  }

  async countBatchProgress(m: Db, id: string): Promise<void> {
    await m.query(
      `UPDATE affiliate_payout_batches b SET
         processed = s.sent + s.failed + s.awaiting, sent = s.sent, failed = s.failed, awaiting = s.awaiting
       FROM (SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent,
                    count(*) FILTER (WHERE status = 'failed')::int AS failed,
                    count(*) FILTER (WHERE status = 'awaiting_bank')::int AS awaiting
             FROM affiliate_payouts WHERE batch_id = $1) s
       WHERE b.id = $1`,
      [id],
    );
  }

  async listBatches(offset: number, limit: number) {
    const rows: BatchRow[] = await this.db.query(
      `SELECT ${BATCH_COLUMNS} FROM affiliate_payout_batches ORDER BY created_at DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    const [{ total }] = await this.db.query(`SELECT count(*)::int AS total FROM affiliate_payout_batches`);
    return { rows, total: total as number };
  }

  async payouts(where: 'batch_id' | 'affiliate_id' | 'method', value: string, offset: number, limit: number) {
    const rows: PayoutRow[] = await this.db.query(
      `SELECT ${PAYOUT_COLUMNS} FROM affiliate_payouts p JOIN affiliates a ON a.id = p.affiliate_id
       JOIN users u ON u.id = a.user_id WHERE p.${where} = $1 ORDER BY p.created_at DESC, p.id LIMIT $2 OFFSET $3`,
      [value, limit, offset],
    );
    const [{ total }] = await this.db.query(
      `SELECT count(*)::int AS total FROM affiliate_payouts WHERE ${where} = $1`,
      [value],
    );
    return { rows, total: total as number };
  }

  /** The next queued transfers of a batch, locked so two workers never send the same one. */
  async claimQueued(m: Db, batchId: string, limit: number): Promise<PayoutRow[]> {
    return m.query(
      `SELECT ${PAYOUT_COLUMNS} FROM affiliate_payouts p JOIN affiliates a ON a.id = p.affiliate_id
       JOIN users u ON u.id = a.user_id WHERE p.batch_id = $1 AND p.status = 'queued'
       ORDER BY p.id LIMIT $2 FOR UPDATE OF p SKIP LOCKED`,
      [batchId, limit],
    );
  }

  async findPayout(m: Db, id: string, lock = false): Promise<PayoutRow | null> {
    const [row] = await m.query(
      `SELECT ${PAYOUT_COLUMNS} FROM affiliate_payouts p JOIN affiliates a ON a.id = p.affiliate_id
       JOIN users u ON u.id = a.user_id WHERE p.id = $1 ${lock ? 'FOR UPDATE OF p' : ''}`,
      [id],
    );
    return row ?? null;
  }

  async updatePayout(m: Db, id: string, fields: Record<string, unknown>): Promise<void> {
    const keys = Object.keys(fields);
    await m.query(
      `UPDATE affiliate_payouts SET ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
      [id, ...Object.values(fields)],
    );
  }

  async queuedPayoutsOfAffiliate(m: Db, affiliateId: string): Promise<PayoutRow[]> {
    return m.query(
      `SELECT ${PAYOUT_COLUMNS} FROM affiliate_payouts p JOIN affiliates a ON a.id = p.affiliate_id
       JOIN users u ON u.id = a.user_id JOIN affiliate_payout_batches b ON b.id = p.batch_id
       WHERE p.affiliate_id = $1 AND p.status = 'queued' FOR UPDATE OF p`,
      [affiliateId],
    );
  }

  // ---- tax forms and materials ------------------------------------------------
  async insertTaxForm(affiliateId: string, kind: string, storageKey: string) {
    const [row] = await this.db.query(
      `INSERT INTO affiliate_tax_forms (affiliate_id, kind, storage_key) VALUES ($1, $2, $3) RETURNING *`,
      [affiliateId, kind, storageKey],
    );
    return row;
  }

  async taxForms(where: 'affiliate_id' | 'status', value: string, limit = 100) {
    return this.db.query(`SELECT * FROM affiliate_tax_forms WHERE ${where} = $1 ORDER BY created_at DESC LIMIT $2`, [
      value,
      limit,
    ]);
  }

  async findTaxForm(id: string) {
    const [row] = await this.db.query(`SELECT * FROM affiliate_tax_forms WHERE id = $1`, [id]);
    return row ?? null;
  }

  async findTaxFormByKey(storageKey: string) {
    const [row] = await this.db.query(`SELECT * FROM affiliate_tax_forms WHERE storage_key = $1`, [storageKey]);
    return row ?? null;
  }

  async reviewTaxForm(id: string, status: 'approved' | 'rejected', note: string | null, reviewerId: string) {
    await this.db.query(
      `UPDATE affiliate_tax_forms SET status = $2, review_note = $3, reviewed_by = $4, reviewed_at = now() WHERE id = $1`,
      [id, status, note, reviewerId],
    );
  }

  async insertMaterial(fields: { title: string; kind: string; body: string | null; storage_key: string | null }) {
    const [row] = await this.db.query(
      `INSERT INTO affiliate_materials (title, kind, body, storage_key) VALUES ($1, $2, $3, $4) RETURNING *`,
      [fields.title, fields.kind, fields.body, fields.storage_key],
    );
    return row;
  }

  async materials(limit = 100) {
    return this.db.query(`SELECT * FROM affiliate_materials ORDER BY created_at DESC LIMIT $1`, [limit]);
  }
}
