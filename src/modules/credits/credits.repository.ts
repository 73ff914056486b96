import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CreditKind, CreditTransaction } from './credit-transaction.entity';

/** The only place with SQL/TypeORM for credit_transactions (append-only: rows are never updated or deleted). */
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
