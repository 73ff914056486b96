import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CreditKind, CreditTransaction } from './credit-transaction.entity';

/** The only place with SQL/TypeORM for credit_transactions (append-only: never updated or deleted) and welcome_grants. */
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
}
