import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { AffiliateStatus, PayoutMethod } from '../../contracts/affiliates';
import type { AffiliateAuditRow, AffiliateRow, CommissionRow, LedgerBucket, LedgerEntry } from './affiliates.types';

type Db = DataSource | EntityManager;
type Fields = Record<string, unknown>;

const AFFILIATE_COLUMNS = `a.id, a.user_id, u.name AS user_name, u.email AS user_email, a.code, a.status, a.website,
  a.audience, a.payout_method, a.payout_destination, a.accepted_guidelines_version,
  a.minimum_payout_minor::float8 AS minimum_payout_minor, a.recruiter_id, a.status_reason, a.email_key, a.created_at`;
const COMMISSION_COLUMNS = `c.id, c.affiliate_id, c.tier, c.parent_id, c.order_id, c.order_number, c.order_line_id,
  c.category, c.base_minor::float8 AS base_minor, c.amount_minor::float8 AS amount_minor, c.currency, c.status,
  c.status_before_ban, c.status_reason, c.moves_at, c.payout_id, c.created_at`;

/** The only place with SQL for the affiliate programme's tables (money columns read back as exact integers). */
@Injectable()
export class AffiliatesRepository {
  constructor(readonly db: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  // ---- guidelines -----------------------------------------------------------
  async currentGuidelines(db: Db = this.db): Promise<{ version: number; body: string; published_at: Date } | null> {
    const [row] = await db.query(
      `SELECT version, body, published_at FROM affiliate_guidelines ORDER BY version DESC LIMIT 1`,
    );
    return row ?? null;
  }

  async publishGuidelines(
    body: string,
    actorId: string,
  ): Promise<{ version: number; body: string; published_at: Date }> {
    const [row] = await this.db.query(
      `INSERT INTO affiliate_guidelines (version, body, created_by)
       SELECT COALESCE(MAX(version), 0) + 1, $1, $2 FROM affiliate_guidelines RETURNING version, body, published_at`,
      [body, actorId],
    );
    return row;
  }

  // ---- affiliates -----------------------------------------------------------
  async findAffiliate(where: 'id' | 'user_id' | 'code', value: string, db: Db = this.db, lock = false) {
    const column = where === 'code' ? 'lower(a.code)' : `a.${where}`;
    const [row] = await db.query(
      `SELECT ${AFFILIATE_COLUMNS} FROM affiliates a JOIN users u ON u.id = a.user_id
       WHERE ${column} = ${where === 'code' ? 'lower($1)' : '$1'} ${lock ? 'FOR UPDATE OF a' : ''}`,
      [value],
    );
    return (row as AffiliateRow | undefined) ?? null;
  }

  async insertAffiliate(m: Db, fields: Fields): Promise<string> {
    const keys = Object.keys(fields);
    const [row] = await m.query(
      `INSERT INTO affiliates (${keys.join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      Object.values(fields),
    );
    return row.id;
  }

  async updateAffiliate(m: Db, id: string, fields: Fields): Promise<void> {
    const keys = Object.keys(fields);
    await m.query(
      `UPDATE affiliates SET ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
      [id, ...Object.values(fields)],
    );
  }

  async audit(m: Db, affiliateId: string, actorId: string | null, action: string, reason: string | null, data = {}) {
    await m.query(
      `INSERT INTO affiliate_audit (affiliate_id, actor_id, action, reason, data) VALUES ($1, $2, $3, $4, $5)`,
      [affiliateId, actorId, action, reason, JSON.stringify(data)],
    );
  }

  /** The newest entries of an affiliate's audit trail, with who acted. */
  async auditTrail(affiliateId: string, limit: number): Promise<AffiliateAuditRow[]> {
    return this.db.query(
      `SELECT a.id::text AS id, a.action, a.reason, a.data, a.created_at, u.name AS actor_name
         FROM affiliate_audit a LEFT JOIN users u ON u.id = a.actor_id
        WHERE a.affiliate_id = $1 ORDER BY a.id DESC LIMIT $2`,
      [affiliateId, limit],
    );
  }

  async listAffiliates(status: AffiliateStatus | null, search: string | null, offset: number, limit: number) {
    const params: unknown[] = [status, search ? `%${search.toLowerCase()}%` : null, limit, offset];
    const where = `($1::varchar IS NULL OR a.status = $1) AND ($2::varchar IS NULL OR lower(u.name) LIKE $2 OR lower(u.email) LIKE $2 OR lower(a.code) LIKE $2)`;
    const rows: AffiliateRow[] = await this.db.query(
      `SELECT ${AFFILIATE_COLUMNS} FROM affiliates a JOIN users u ON u.id = a.user_id WHERE ${where}
       ORDER BY a.created_at DESC LIMIT $3 OFFSET $4`,
      params,
    );
    const [{ total }] = await this.db.query(
      `SELECT count(*)::int AS total FROM affiliates a JOIN users u ON u.id = a.user_id WHERE ${where}`,
      params.slice(0, 2),
    );
    return { rows, total: total as number };
  }

  async recruits(recruiterId: string) {
    return this.db.query(
      `SELECT a.id AS affiliate_id, u.name, a.status, a.created_at AS joined_at,
         COALESCE((SELECT sum(c.amount_minor) FROM affiliate_commissions c
                   WHERE c.affiliate_id = $1 AND c.tier = 2 AND c.status IN ('approved','paid')
                     AND c.parent_id IN (SELECT id FROM affiliate_commissions WHERE affiliate_id = a.id)), 0)::float8
           AS override_earned_minor
       FROM affiliates a JOIN users u ON u.id = a.user_id WHERE a.recruiter_id = $1 ORDER BY a.created_at DESC LIMIT 200`,
      [recruiterId],
    );
  }

  // ---- links, clicks, referrals ---------------------------------------------
  async insertLink(affiliateId: string, token: string, destination: string, campaign: string | null) {
    const [row] = await this.db.query(
      `INSERT INTO affiliate_links (affiliate_id, token, destination, campaign) VALUES ($1, $2, $3, $4) RETURNING *`,
      [affiliateId, token, destination, campaign],
    );
    return row;
  }

  async listLinks(affiliateId: string, offset: number, limit: number) {
    const rows = await this.db.query(
      `SELECT * FROM affiliate_links WHERE affiliate_id = $1 ORDER BY created_at DESC LIMIT $2 OFFSET $3`,
      [affiliateId, limit, offset],
    );
    const [{ total }] = await this.db.query(
      `SELECT count(*)::int AS total FROM affiliate_links WHERE affiliate_id = $1`,
      [affiliateId],
    );
    return { rows, total: total as number };
  }

  async findLinkByToken(token: string) {
    const [row] = await this.db.query(`SELECT * FROM affiliate_links WHERE token = $1`, [token]);
    return row ?? null;
  }

  async recordClick(affiliateId: string, linkId: string | null, token: string, ipHash: string | null, at: Date) {
    await this.db.transaction(async (m) => {
      await m.query(
        `INSERT INTO affiliate_clicks (affiliate_id, link_id, token, ip_hash, created_at) VALUES ($1, $2, $3, $4, $5)`,
        [affiliateId, linkId, token, ipHash, at],
      );
      if (linkId) await m.query(`UPDATE affiliate_links SET clicks = clicks + 1 WHERE id = $1`, [linkId]);
    });
  }

  async findClick(token: string): Promise<{ id: string; affiliate_id: string; created_at: Date } | null> {
    const [row] = await this.db.query(`SELECT id, affiliate_id, created_at FROM affiliate_clicks WHERE token = $1`, [
      token,
    ]);
    return row ?? null;
  }

  async clicksByDay(affiliateId: string, since: Date): Promise<Array<{ day: string; clicks: number }>> {
    return this.db.query(
      `SELECT to_char(date_trunc('day', created_at), 'YYYY-MM-DD') AS day, count(*)::int AS clicks
       FROM affiliate_clicks WHERE affiliate_id = $1 AND created_at >= $2 GROUP BY 1 ORDER BY 1`,
      [affiliateId, since],
    );
  }

  async findReferral(userId: string): Promise<{ affiliate_id: string; clicked_at: Date; source: string } | null> {
    const [row] = await this.db.query(
      `SELECT affiliate_id, clicked_at, source FROM affiliate_referrals WHERE user_id = $1`,
      [userId],
    );
    return row ?? null;
  }

  /** True when this binding is new (a user is bound once, to the first affiliate that referred them). */
  async insertReferral(
    affiliateId: string,
    userId: string,
    clickId: string | null,
    source: 'link' | 'code',
    clickedAt: Date,
  ): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO affiliate_referrals (affiliate_id, user_id, click_id, source, clicked_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO NOTHING RETURNING id`,
      [affiliateId, userId, clickId, source, clickedAt],
    );
    return rows.length > 0;
  }

  async listReferrals(affiliateId: string, offset: number, limit: number) {
    const rows = await this.db.query(
      `SELECT u.name AS user_name, r.source, r.bound_at FROM affiliate_referrals r JOIN users u ON u.id = r.user_id
       WHERE r.affiliate_id = $1 ORDER BY r.bound_at DESC LIMIT $2 OFFSET $3`,
      [affiliateId, limit, offset],
    );
    const [{ total }] = await this.db.query(
      `SELECT count(*)::int AS total FROM affiliate_referrals WHERE affiliate_id = $1`,
      [affiliateId],
    );
    return { rows, total: total as number };
  }

  async insertFlag(affiliateId: string, kind: string, detail: string) {
    await this.db.query(`INSERT INTO affiliate_flags (affiliate_id, kind, detail) VALUES ($1, $2, $3)`, [
      affiliateId,
      kind,
      detail,
    ]);
  }

  async listFlags(status: 'open' | 'dismissed', limit = 100) {
    return this.db.query(
      `SELECT f.*, u.name AS affiliate_name FROM affiliate_flags f JOIN affiliates a ON a.id = f.affiliate_id
       JOIN users u ON u.id = a.user_id WHERE f.status = $1 ORDER BY f.created_at DESC LIMIT $2`,
      [status, limit],
    );
  }

  async dismissFlag(id: string): Promise<boolean> {
    const rows = await this.db.query(`UPDATE affiliate_flags SET status = 'dismissed' WHERE id = $1 RETURNING id`, [
      id,
    ]);
    return rows.length > 0;
  }

  // ---- commissions and the ledger ---------------------------------------------
  async ruleFor(category: string): Promise<{ kind: 'percent' | 'flat'; rate_bps: number; flat_minor: number }> {
    const [row] = await this.db.query(
      `SELECT kind, rate_bps, flat_minor::float8 AS flat_minor FROM affiliate_commission_rules
       WHERE category IN ($1, '*') ORDER BY (category = '*') LIMIT 1`,
      [category],
    );
    return row ?? { kind: 'percent', rate_bps: 0, flat_minor: 0 };
  }

  /** Inserts unless the same order line already earned a commission at this tier (events arrive more than once). */
  async insertCommission(m: Db, fields: Fields): Promise<CommissionRow | null> {
    const keys = Object.keys(fields);
    const rows = await m.query(
      `INSERT INTO affiliate_commissions AS c (${keys.join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')})
       ON CONFLICT (order_line_id, tier) DO NOTHING RETURNING ${COMMISSION_COLUMNS}`,
      Object.values(fields),
    );
    return rows[0] ?? null;
  }

  async commissions(m: Db, where: 'order_id' | 'id' | 'parent_id' | 'payout_id', value: string, lock = false) {
    return (await m.query(
      `SELECT ${COMMISSION_COLUMNS} FROM affiliate_commissions c WHERE c.${where} = $1 ORDER BY c.tier
       ${lock ? 'FOR UPDATE' : ''}`,
      [value],
    )) as CommissionRow[];
  }

  async updateCommission(m: Db, id: string, fields: Fields): Promise<void> {
    const keys = Object.keys(fields);
    await m.query(
      `UPDATE affiliate_commissions SET ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
      [id, ...Object.values(fields)],
    );
  }

  async unpaidCommissionsOf(m: Db, affiliateId: string): Promise<CommissionRow[]> {
    return m.query(
      `SELECT ${COMMISSION_COLUMNS} FROM affiliate_commissions c
       WHERE c.affiliate_id = $1 AND c.status IN ('pending','approved') AND c.payout_id IS NULL FOR UPDATE`,
      [affiliateId],
    );
  }

  async bannedCommissionsOf(m: Db, affiliateId: string): Promise<CommissionRow[]> {
    return m.query(
      `SELECT ${COMMISSION_COLUMNS} FROM affiliate_commissions c
       WHERE c.affiliate_id = $1 AND c.status = 'cancelled' AND c.status_before_ban IS NOT NULL FOR UPDATE`,
      [affiliateId],
    );
  }

  async listCommissions(affiliateId: string, offset: number, limit: number) {
    const rows: CommissionRow[] = await this.db.query(
      `SELECT ${COMMISSION_COLUMNS} FROM affiliate_commissions c WHERE c.affiliate_id = $1
       ORDER BY c.created_at DESC LIMIT $2 OFFSET $3`,
      [affiliateId, limit, offset],
    );
    const [{ total }] = await this.db.query(
      `SELECT count(*)::int AS total FROM affiliate_commissions WHERE affiliate_id = $1`,
      [affiliateId],
    );
    return { rows, total: total as number };
  }

  async appendLedger(m: Db, all: LedgerEntry[]): Promise<void> {
    // PostgreSQL takes at most 65,535 bind parameters a statement: 7 a row, so 5,000 rows at a time.
    for (let start = 0; start < all.length; start += 5000) await this.appendChunk(m, all.slice(start, start + 5000));
  }

  private async appendChunk(m: Db, entries: LedgerEntry[]): Promise<void> {
    if (!entries.length) return;
    const values: unknown[] = [];
    const tuples = entries.map((e, i) => {
      values.push(
        e.affiliate_id,
        e.commission_id ?? null,
        e.payout_id ?? null,
        e.bucket,
        e.amount_minor,
        e.currency,
        e.reason,
      );
      return `(${Array.from({ length: 7 }, (_, j) => `$${i * 7 + j + 1}`).join(', ')})`;
    });
    await m.query(
      `INSERT INTO affiliate_ledger (affiliate_id, commission_id, payout_id, bucket, amount_minor, currency, reason)
       VALUES ${tuples.join(', ')}`,
      values,
    );
  }

  /**
   * One credit named by `source_ref` (the record in another area it pays for): written at most once; true when
   * this call wrote it (a unique index on source_ref, so a repeat in any transaction writes nothing).
   */
  async appendSourcedCredit(m: Db, e: LedgerEntry & { source_ref: string }): Promise<boolean> {
    const rows = await m.query(
      `INSERT INTO affiliate_ledger (affiliate_id, bucket, amount_minor, currency, reason, source_ref)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (source_ref) WHERE source_ref IS NOT NULL DO NOTHING RETURNING id`,
      [e.affiliate_id, e.bucket, e.amount_minor, e.currency, e.reason, e.source_ref],
    );
    return rows.length > 0;
  }

  async balances(affiliateId: string, db: Db = this.db): Promise<Record<LedgerBucket, number>> {
    const rows: Array<{ bucket: LedgerBucket; total: number }> = await db.query(
      `SELECT bucket, sum(amount_minor)::float8 AS total FROM affiliate_ledger WHERE affiliate_id = $1 GROUP BY bucket`,
      [affiliateId],
    );
    const result = { pending: 0, available: 0, in_transit: 0, paid: 0, reversed: 0, cancelled: 0 };
    for (const row of rows) result[row.bucket] = Number(row.total);
    return result;
  }

  async paidSince(affiliateId: string, since: Date, db: Db = this.db): Promise<number> {
    const [row] = await db.query(
      `SELECT COALESCE(sum(amount_minor), 0)::float8 AS total FROM affiliate_ledger
       WHERE affiliate_id = $1 AND bucket = 'paid' AND created_at >= $2`,
      [affiliateId, since],
    );
    return Number(row.total);
  }

  async hasApprovedTaxForm(affiliateId: string, db: Db = this.db): Promise<boolean> {
    const [row] = await db.query(
      `SELECT 1 FROM affiliate_tax_forms WHERE affiliate_id = $1 AND status = 'approved' LIMIT 1`,
      [affiliateId],
    );
    return Boolean(row);
  }

  async markCommissionsPaid(m: Db, payoutId: string, reason: string): Promise<void> {
    await m.query(
      `UPDATE affiliate_commissions SET status = 'paid', status_reason = $2, moves_at = NULL, updated_at = now()
       WHERE payout_id = $1 AND status = 'approved'`,
      [payoutId, reason],
    );
  }

  async releaseCommissionsPayout(m: Db, payoutId: string): Promise<void> {
    await m.query(`UPDATE affiliate_commissions SET payout_id = NULL, updated_at = now() WHERE payout_id = $1`, [
      payoutId,
    ]);
  }

  /** True the first time an event id is seen inside this transaction's commit; false for a repeat. */
  async firstDelivery(m: Db, eventId: string): Promise<boolean> {
    const rows = await m.query(
      `INSERT INTO affiliate_processed_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING event_id`,
      [eventId],
    );
    return rows.length > 0;
  }

  setPayoutMethod(m: Db, affiliateId: string, method: PayoutMethod, destination: string | null) {
    return this.updateAffiliate(m, affiliateId, { payout_method: method, payout_destination: destination });
  }
}
