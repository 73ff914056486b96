import { HttpException, HttpStatus, Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../common/clock';
import { TimersService } from '../jobs/timers.service';
import { CreditKind, CreditTransaction } from '../users/credit-transaction.entity';
import { pageOf } from '../../common/pagination';
import { creditGrantsSql, type CreditLot } from './credit-grants.repository';

export const GRANT_EXPIRY_TIMER = 'credits.grant-expiry';

export interface LotGrant {
  reason: string;
  /** When the unspent credits of this grant lapse (null: never). */
  expiresAt: Date | null;
  /** A unique reference (e.g. `order-line:<id>`): granting twice with it returns the first grant. */
  sourceRef: string;
}

/** 402: the user has fewer credits than the action costs. */
export class InsufficientCreditsException extends HttpException {
  constructor(
    readonly needed: number,
    readonly balance: number,
  ) {
    super(
      {
        statusCode: HttpStatus.PAYMENT_REQUIRED,
        message: `Not enough image credits: this needs ${needed} credit${needed === 1 ? '' : 's'} and you have ${balance}.`,
        credits: balance,
        needed,
      },
      HttpStatus.PAYMENT_REQUIRED,
    );
  }
}

export interface LedgerPage {
  data: CreditTransaction[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/**
 * The image-credit ledger. Every change writes one credit_transactions row and moves
 * users.image_credits in the same transaction; the balance only moves through conditional
 * UPDATEs, so concurrent spends can never take it below zero (the column also has CHECK >= 0).
 * Methods take an optional EntityManager so callers can join the ledger to their own transaction.
 */
@Injectable()
export class CreditsService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly timers: TimersService,
  ) {}

  onModuleInit(): void {
    this.timers.define<{ grantId: string }>(GRANT_EXPIRY_TIMER, ({ grantId }) => this.expireGrant(grantId));
  }

  async balance(userId: string): Promise<number> {
    const rows: Array<{ image_credits: number }> = await this.db.query(
      `SELECT image_credits FROM users WHERE id = $1`,
      [userId],
    );
    if (!rows.length) throw new NotFoundException('There is no user with that id.');
    return rows[0].image_credits;
  }

  grant(userId: string, amount: number, reason: string, manager?: EntityManager): Promise<CreditTransaction> {
    return this.credit(userId, 'grant', amount, reason, manager);
  }

  purchase(userId: string, amount: number, reason: string, manager?: EntityManager): Promise<CreditTransaction> {
    return this.credit(userId, 'purchase', amount, reason, manager);
  }

  refund(userId: string, amount: number, reason: string, manager?: EntityManager): Promise<CreditTransaction> {
    return this.credit(userId, 'refund', amount, reason, manager);
  }

  /** Takes `amount` credits or throws InsufficientCreditsException; never below zero. */
  async spend(userId: string, amount: number, reason: string, manager?: EntityManager): Promise<CreditTransaction> {
    assertPositive(amount);
    return this.inTransaction(manager, async (m) => {
      await this.lapseDueLots(m, userId);
      const rows: Array<{ image_credits: number }> = await m.query(
        `UPDATE users SET image_credits = image_credits - $2 WHERE id = $1 AND image_credits >= $2 RETURNING image_credits`,
        [userId, amount],
      );
      const updated = firstRow<{ image_credits: number }>(rows);
      if (!updated) throw new InsufficientCreditsException(amount, await this.balanceWith(m, userId));
      const row = await this.record(m, userId, 'spend', -amount, updated.image_credits, reason);
      await this.takeFromLots(m, userId, row.id, amount);
      return row;
    });
  }

  /**
   * Grants credits as a lot that may expire (credit packs). Idempotent on `sourceRef`. Spending takes the
   * earliest-expiring lot first; credits granted without a lot (admin grants, refunds) are spent after every lot.
   */
  async grantLot(userId: string, amount: number, grant: LotGrant, manager?: EntityManager): Promise<CreditLot> {
    assertPositive(amount);
    return this.inTransaction(manager, async (m) => {
      const existing = await creditGrantsSql.findBySourceRef(m, grant.sourceRef);
      if (existing) return existing;
      const row = await this.credit(userId, 'purchase', amount, grant.reason, m);
      const id = await creditGrantsSql.insertLot(m, { userId, transactionId: row.id, amount, ...grant });
      if (grant.expiresAt) await this.timers.at(grant.expiresAt, GRANT_EXPIRY_TIMER, { grantId: id }, id);
      return (await creditGrantsSql.findById(m, id))!;
    });
  }

  /** Takes back what is left of a grant (a refunded credit pack): spent credits stay spent. Returns the amount. */
  async revokeGrant(sourceRef: string, reason: string, manager?: EntityManager): Promise<number> {
    return this.inTransaction(manager, async (m) => {
      const lot = await creditGrantsSql.findBySourceRef(m, sourceRef);
      if (!lot) return 0;
      await this.lockUser(m, lot.user_id);
      const fresh = (await creditGrantsSql.findById(m, lot.id))!;
      return this.drainLot(m, fresh, 'revoke', reason);
    });
  }

  /** Timer: lapses what is left of a grant once its expiry has passed (re-checked; firing twice is harmless). */
  async expireGrant(grantId: string): Promise<number> {
    return this.db.transaction(async (m) => {
      const lot = await creditGrantsSql.findById(m, grantId);
      if (!lot?.expires_at || lot.expires_at.getTime() > this.clock.nowMs()) return 0;
      await this.lockUser(m, lot.user_id);
      return this.drainLot(m, (await creditGrantsSql.findById(m, grantId))!, 'expire', 'Credits expired');
    });
  }

  private async drainLot(m: EntityManager, lot: CreditLot, kind: 'revoke' | 'expire', reason: string) {
    if (lot.remaining <= 0) return 0;
    const rows = await m.query(
      `UPDATE users SET image_credits = image_credits - $2 WHERE id = $1 RETURNING image_credits`,
      [lot.user_id, lot.remaining],
    );
    const balance = firstRow<{ image_credits: number }>(rows)!.image_credits;
    const row = await this.record(m, lot.user_id, kind, -lot.remaining, balance, reason);
    await creditGrantsSql.recordUse(m, lot.id, row.id, kind, lot.remaining);
    return lot.remaining;
  }

  /** Expired lots are lapsed (under the user's row lock) before a spend, so expired credits are never spent. */
  private async lapseDueLots(m: EntityManager, userId: string): Promise<void> {
    await this.lockUser(m, userId);
    for (const due of await creditGrantsSql.due(m, userId, this.clock.now()))
      await this.drainLot(m, due, 'expire', 'Credits expired');
  }

  /** Allocates a spend to lots, earliest expiry first; what no lot covers comes from credits granted without one. */
  private async takeFromLots(m: EntityManager, userId: string, transactionId: string, amount: number) {
    let left = amount;
    for (const lot of await creditGrantsSql.spendable(m, userId, this.clock.now())) {
      if (left <= 0) break;
      const take = Math.min(left, lot.remaining);
      await creditGrantsSql.recordUse(m, lot.id, transactionId, 'spend', take);
      left -= take;
    }
  }

  private async lockUser(m: EntityManager, userId: string): Promise<void> {
    await m.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
  }

  async history(userId: string, page = 1, perPage = 20): Promise<LedgerPage> {
    const [data, total] = await this.db.getRepository(CreditTransaction).findAndCount({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * perPage,
      take: perPage,
    });
    return pageOf(data, page, perPage, total);
  }

  /** Latest ledger rows across all users (admin). */
  async recent(limit = 50): Promise<Array<CreditTransaction & { userEmail: string; userName: string }>> {
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `SELECT t.id, t.user_id, t.kind, t.amount, t.balance_after, t.reason, t.created_at, u.email, u.name
         FROM credit_transactions t JOIN users u ON u.id = t.user_id
        ORDER BY t.created_at DESC LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({
      id: r.id as string,
      userId: r.user_id as string,
      kind: r.kind as CreditKind,
      amount: r.amount as number,
      balanceAfter: r.balance_after as number,
      reason: r.reason as string,
      createdAt: r.created_at as Date,
      userEmail: r.email as string,
      userName: r.name as string,
    }));
  }

  private async credit(
    userId: string,
    kind: CreditKind,
    amount: number,
    reason: string,
    manager?: EntityManager,
  ): Promise<CreditTransaction> {
    assertPositive(amount);
    return this.inTransaction(manager, async (m) => {
      const rows: Array<{ image_credits: number }> = await m.query(
        `UPDATE users SET image_credits = image_credits + $2 WHERE id = $1 RETURNING image_credits`,
        [userId, amount],
      );
      const updated = firstRow<{ image_credits: number }>(rows);
      if (!updated) throw new NotFoundException('There is no user with that id.');
      return this.record(m, userId, kind, amount, updated.image_credits, reason);
    });
  }

  private async balanceWith(m: EntityManager, userId: string): Promise<number> {
    const rows: Array<{ image_credits: number }> = await m.query(`SELECT image_credits FROM users WHERE id = $1`, [
      userId,
    ]);
    return rows[0]?.image_credits ?? 0;
  }

  private record(
    m: EntityManager,
    userId: string,
    kind: CreditKind,
    amount: number,
    balanceAfter: number,
    reason: string,
  ): Promise<CreditTransaction> {
    const repo = m.getRepository(CreditTransaction);
    return repo.save(repo.create({ userId, kind, amount, balanceAfter, reason: reason.slice(0, 200) }));
  }

  private inTransaction<T>(manager: EntityManager | undefined, work: (m: EntityManager) => Promise<T>): Promise<T> {
    if (manager?.queryRunner?.isTransactionActive) return work(manager);
    return this.db.transaction(work);
  }
}

function assertPositive(amount: number): void {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error(`Credit amounts are positive whole numbers, got ${amount}`);
}

/** pg's UPDATE ... RETURNING comes back from TypeORM as [rows, count]. */
function firstRow<T>(result: unknown): T | undefined {
  if (Array.isArray(result) && Array.isArray(result[0])) return result[0][0] as T | undefined;
  return (result as T[])[0];
}
