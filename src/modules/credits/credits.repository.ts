import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CreditKind, CreditTransaction } from './credit-transaction.entity';

export interface CreditLot {
  id: string;
  user_id: string;
  amount: number;
  remaining: number;
  expires_at: Date | null;
}

export type LotUseKind = 'spend' | 'revoke' | 'expire';

/**
 * The only place with SQL/TypeORM for credit_transactions (append-only: never updated or deleted), welcome_grants,
 * and credit grants kept as lots (credit_grants, credit_grant_uses: append-only too, a lot's remainder is its amount
 * minus its uses; callers hold the user's row lock, so remainders cannot be read stale).
 */
@Injectable()
export class CreditsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Runs `work` in the caller's open transaction, or in a new one. */
  inTransaction<T>(manager: EntityManager | undefined, work: (m: EntityManager) => Promise<T>): Promise<T> {
    if (manager?.queryRunner?.isTransactionActive) return work(manager);
    return this.db.transaction(work);
  }

  record(
    m: EntityManager,
    row: { userId: string; kind: CreditKind; amount: number; balanceAfter: number; reason: string },
  ): Promise<CreditTransaction> {
    const repo = m.getRepository(CreditTransaction);
    return repo.save(repo.create(row));
  }

  /** Marks the user's welcome grant as given; false when it was given before (one per account, ever). */
  async claimWelcome(m: EntityManager, userId: string, credits: number): Promise<boolean> {
    const claimed = (await m.query(
      `INSERT INTO welcome_grants (user_id, credits) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_id`,
      [userId, credits],
    )) as unknown[];
    return claimed.length > 0;
  }

  history(userId: string, offset: number, limit: number): Promise<[CreditTransaction[], number]> {
    return this.db.getRepository(CreditTransaction).findAndCount({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: offset,
      take: limit,
    });
  }

  recent(limit: number): Promise<CreditTransaction[]> {
    return this.db.getRepository(CreditTransaction).find({ order: { createdAt: 'DESC' }, take: limit });
  }

  // Credit grants kept as lots.

  async insertLot(
    m: EntityManager,
    lot: { userId: string; transactionId: string; amount: number; expiresAt: Date | null; sourceRef: string | null },
  ): Promise<string> {
    const rows: Array<{ id: string }> = await m.query(
      `INSERT INTO credit_grants (user_id, transaction_id, amount, expires_at, source_ref) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [lot.userId, lot.transactionId, lot.amount, lot.expiresAt, lot.sourceRef],
    );
    return rows[0].id;
  }

  async findBySourceRef(m: EntityManager, sourceRef: string): Promise<CreditLot | null> {
    const rows: CreditLot[] = await m.query(`${LOT_SELECT} WHERE g.source_ref = $1 GROUP BY g.id`, [sourceRef]);
    return rows[0] ?? null;
  }

  async findById(m: EntityManager, id: string): Promise<CreditLot | null> {
    const rows: CreditLot[] = await m.query(`${LOT_SELECT} WHERE g.id = $1 GROUP BY g.id`, [id]);
    return rows[0] ?? null;
  }

  /** Lots with credits left that are still valid at `now`, earliest expiry first (never-expiring lots last). */
  async spendable(m: EntityManager, userId: string, now: Date): Promise<CreditLot[]> {
    const rows: CreditLot[] = await m.query(
      `${LOT_SELECT} WHERE g.user_id = $1 AND (g.expires_at IS NULL OR g.expires_at > $2)
        GROUP BY g.id HAVING g.amount - coalesce(sum(u.amount), 0) > 0
        ORDER BY g.expires_at ASC NULLS LAST, g.created_at ASC`,
      [userId, now],
    );
    return rows;
  }

  /** Lots of one user past their expiry with credits left. */
  async due(m: EntityManager, userId: string, now: Date): Promise<CreditLot[]> {
    return m.query(
      `${LOT_SELECT} WHERE g.user_id = $1 AND g.expires_at <= $2
        GROUP BY g.id HAVING g.amount - coalesce(sum(u.amount), 0) > 0`,
      [userId, now],
    );
  }

  async recordUse(m: EntityManager, grantId: string, transactionId: string, kind: LotUseKind, amount: number) {
    await m.query(`INSERT INTO credit_grant_uses (grant_id, transaction_id, kind, amount) VALUES ($1, $2, $3, $4)`, [
      grantId,
      transactionId,
      kind,
      amount,
    ]);
  }

  /** Credits spent and bought in [start, end) (the admin metrics rollup). */
  async movementsBetween(start: Date, end: Date): Promise<{ spent: number; bought: number }> {
    const [row] = await this.db.query<Array<{ spent: string; bought: string }>>(
      `SELECT coalesce(sum(-amount) FILTER (WHERE kind = 'spend'), 0) AS spent,
              coalesce(sum(amount) FILTER (WHERE kind = 'purchase'), 0) AS bought
       FROM credit_transactions WHERE created_at >= $1 AND created_at < $2`,
      [start, end],
    );
    return { spent: Number(row.spent), bought: Number(row.bought) };
  }

  /** Each UTC day in [start, end) with the distinct users who had a credit movement on it (the admin console's activity). */
  async activeUserDays(start: Date, end: Date): Promise<Array<{ day: string; userId: string }>> {
    const rows = await this.db.query<Array<{ day: string; user_id: string }>>(
      `SELECT DISTINCT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, user_id
       FROM credit_transactions WHERE created_at >= $1 AND created_at < $2`,
      [start, end],
    );
    return rows.map((r) => ({ day: r.day, userId: r.user_id }));
  }
}

const LOT_SELECT = `SELECT g.id, g.user_id, g.amount, g.expires_at,
       (g.amount - coalesce(sum(u.amount), 0))::int AS remaining
  FROM credit_grants g LEFT JOIN credit_grant_uses u ON u.grant_id = g.id`;
