import { HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CreditKind, CreditTransaction } from '../users/credit-transaction.entity';
import { pageOf } from '../../common/pagination';

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
export class CreditsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

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
      const rows: Array<{ image_credits: number }> = await m.query(
        `UPDATE users SET image_credits = image_credits - $2 WHERE id = $1 AND image_credits >= $2 RETURNING image_credits`,
        [userId, amount],
      );
      const updated = firstRow<{ image_credits: number }>(rows);
      if (!updated) throw new InsufficientCreditsException(amount, await this.balanceWith(m, userId));
      return this.record(m, userId, 'spend', -amount, updated.image_credits, reason);
    });
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
