import { HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { pageOf } from '../../common/pagination';
import type { Page } from '../../contracts/common';
import { UsersService, type User } from '../users';
import { CreditKind, CreditTransaction } from './credit-transaction.entity';
import { CreditsRepository } from './credits.repository';

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

export type LedgerPage = Page<CreditTransaction>;

/**
 * The image-credit ledger. Every change writes one credit_transactions row and moves the user's balance (through
 * UsersService, one conditional UPDATE) in the same transaction, so concurrent spends can never take it below
 * zero. Methods take an optional EntityManager so callers can join the ledger to their own transaction.
 */
@Injectable()
export class CreditsService {
  constructor(
    private readonly repo: CreditsRepository,
    private readonly users: UsersService,
  ) {}

  async balance(userId: string): Promise<number> {
    const credits = await this.users.imageCredits(userId);
    if (credits === null) throw new NotFoundException('There is no user with that id.');
    return credits;
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
    return this.repo.inTransaction(manager, async (m) => {
      const balanceAfter = await this.users.addImageCredits(m, userId, -amount);
      if (balanceAfter === null)
        throw new InsufficientCreditsException(amount, (await this.users.imageCredits(userId, m)) ?? 0);
      return this.repo.record(m, { userId, kind: 'spend', amount: -amount, balanceAfter, reason: clip(reason) });
    });
  }

  async history(userId: string, page = 1, perPage = 20): Promise<LedgerPage> {
    const [data, total] = await this.repo.history(userId, (page - 1) * perPage, perPage);
    return pageOf(data, page, perPage, total);
  }

  /** Latest ledger rows across all users, each with its user (admin). */
  async recent(limit = 50): Promise<Array<{ row: CreditTransaction; user: User }>> {
    const rows = await this.repo.recent(limit);
    const users = new Map((await this.users.findByIds(rows.map((r) => r.userId))).map((u) => [u.id, u]));
    return rows.filter((row) => users.has(row.userId)).map((row) => ({ row, user: users.get(row.userId)! }));
  }

  private async credit(
    userId: string,
    kind: CreditKind,
    amount: number,
    reason: string,
    manager?: EntityManager,
  ): Promise<CreditTransaction> {
    assertPositive(amount);
    return this.repo.inTransaction(manager, async (m) => {
      const balanceAfter = await this.users.addImageCredits(m, userId, amount);
      if (balanceAfter === null) throw new NotFoundException('There is no user with that id.');
      return this.repo.record(m, { userId, kind, amount, balanceAfter, reason: clip(reason) });
    });
  }
}

function assertPositive(amount: number): void {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error(`Credit amounts are positive whole numbers, got ${amount}`);
}

const clip = (reason: string) => reason.slice(0, 200);
