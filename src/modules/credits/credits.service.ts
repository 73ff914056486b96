import { HttpException, HttpStatus, Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import type { Page } from '../../contracts/common';
import { TimersService } from '../jobs';
import { UsersService, type User } from '../users';
import { CreditKind, CreditTransaction } from './credit-transaction.entity';
import { CreditsRepository, type CreditLot } from './credits.repository';

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

export type LedgerPage = Page<CreditTransaction>;

/**
 * The image-credit ledger. Every change writes one credit_transactions row and moves the user's balance (through
 * UsersService, one conditional UPDATE) in the same transaction, so concurrent spends can never take it below
 * zero. Methods take an optional EntityManager so callers can join the ledger to their own transaction.
 */
@Injectable()
export class CreditsService implements OnModuleInit {
  constructor(
    private readonly repo: CreditsRepository,
    private readonly users: UsersService,
    private readonly clock: Clock,
    private readonly timers: TimersService,
  ) {}

  onModuleInit(): void {
    this.timers.define<{ grantId: string }>(GRANT_EXPIRY_TIMER, ({ grantId }) => this.expireGrant(grantId));
  }

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
      await this.lapseDueLots(m, userId);
      const balanceAfter = await this.users.addImageCredits(m, userId, -amount);
      if (balanceAfter === null)
        throw new InsufficientCreditsException(amount, (await this.users.imageCredits(userId, m)) ?? 0);
      const row = await this.repo.record(m, {
        userId,
        kind: 'spend',
        amount: -amount,
        balanceAfter,
        reason: clip(reason),
      });
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
    return this.repo.inTransaction(manager, async (m) => {
      const existing = await this.repo.findBySourceRef(m, grant.sourceRef);
      if (existing) return existing;
      const row = await this.credit(userId, 'purchase', amount, grant.reason, m);
      const id = await this.repo.insertLot(m, { userId, transactionId: row.id, amount, ...grant });
      if (grant.expiresAt) await this.timers.at(grant.expiresAt, GRANT_EXPIRY_TIMER, { grantId: id }, id);
      return (await this.repo.findById(m, id))!;
    });
  }

  /** Takes back what is left of a grant (a refunded credit pack): spent credits stay spent. Returns the amount. */
  async revokeGrant(sourceRef: string, reason: string, manager?: EntityManager): Promise<number> {
    return this.repo.inTransaction(manager, async (m) => {
      const lot = await this.repo.findBySourceRef(m, sourceRef);
      if (!lot) return 0;
      await this.lockUser(m, lot.user_id);
      const fresh = (await this.repo.findById(m, lot.id))!;
      return this.drainLot(m, fresh, 'revoke', reason);
    });
  }

  /** Timer: lapses what is left of a grant once its expiry has passed (re-checked; firing twice is harmless). */
  async expireGrant(grantId: string): Promise<number> {
    return this.repo.inTransaction(undefined, async (m) => {
      const lot = await this.repo.findById(m, grantId);
      if (!lot?.expires_at || lot.expires_at.getTime() > this.clock.nowMs()) return 0;
      await this.lockUser(m, lot.user_id);
      return this.drainLot(m, (await this.repo.findById(m, grantId))!, 'expire', 'Credits expired');
    });
  }

  private async drainLot(m: EntityManager, lot: CreditLot, kind: 'revoke' | 'expire', reason: string) {
    if (lot.remaining <= 0) return 0;
    // A lot's remainder is part of the balance (spends draw on lots first), so this never goes below zero.
    const balanceAfter = await this.users.addImageCredits(m, lot.user_id, -lot.remaining);
    if (balanceAfter === null) throw new Error(`Credit lot ${lot.id} holds more than the balance of its user`);
    const row = await this.repo.record(m, {
      userId: lot.user_id,
      kind,
      amount: -lot.remaining,
      balanceAfter,
      reason: clip(reason),
    });
    await this.repo.recordUse(m, lot.id, row.id, kind, lot.remaining);
    return lot.remaining;
  }

  /** Expired lots are lapsed (under the user's row lock) before a spend, so expired credits are never spent. */
  private async lapseDueLots(m: EntityManager, userId: string): Promise<void> {
    await this.lockUser(m, userId);
    for (const due of await this.repo.due(m, userId, this.clock.now()))
      await this.drainLot(m, due, 'expire', 'Credits expired');
  }

  /** Allocates a spend to lots, earliest expiry first; what no lot covers comes from credits granted without one. */
  private async takeFromLots(m: EntityManager, userId: string, transactionId: string, amount: number) {
    let left = amount;
    for (const lot of await this.repo.spendable(m, userId, this.clock.now())) {
      if (left <= 0) break;
      const take = Math.min(left, lot.remaining);
      await this.repo.recordUse(m, lot.id, transactionId, 'spend', take);
      left -= take;
    }
  }

  private lockUser(m: EntityManager, userId: string): Promise<void> {
    return this.users.lock(m, userId);
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

  /** Credits spent and bought in [start, end), for the admin metrics rollup. */
  movementsBetween(start: Date, end: Date): Promise<{ spent: number; bought: number }> {
    return this.repo.movementsBetween(start, end);
  }

  /** Who had a credit movement on each UTC day in [start, end). */
  activeUserDays(start: Date, end: Date): Promise<Array<{ day: string; userId: string }>> {
    return this.repo.activeUserDays(start, end);
  }
}

function assertPositive(amount: number): void {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error(`Credit amounts are positive whole numbers, got ${amount}`);
}

const clip = (reason: string) => reason.slice(0, 200);
