import { ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock, DAY_MS } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import { AFFILIATES_CONFIG, type AffiliatesConfig } from '../../config/affiliates.config';
import type { CommissionJson } from '../../contracts/affiliates';
import type { Page } from '../../contracts/common';
import type { DomainEventEnvelope } from '../../contracts/events';
import { RefundsService } from '../commerce';
import { TimersService } from '../jobs';
import type { User } from '../users';
import { formatMinor } from '../../common/money';
import { commissionFor, nextPayoutDate, reversalFor } from './affiliate-rules';
import { toCommissionJson } from './affiliates.mapper';
import { AffiliatesRepository } from './affiliates.repository';
import { move, type AffiliateRow, type CommissionRow, type LedgerEntry } from './affiliates.types';
import { AttributionService } from './attribution.service';

export const HOLD_TIMER = 'affiliates.commission-hold';

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The commission ledger, fed by commerce's order events. A commission is pending through the refund window, then
 * approved (payable), then paid; a refund reverses it, and a refund after payment becomes a negative line taken
 * from the next payout. Every state carries a sentence saying why, and when it will move.
 */
@Injectable()
export class CommissionsService {
  private readonly logger = new Logger('Commissions');

  constructor(
    private readonly repo: AffiliatesRepository,
    private readonly attribution: AttributionService,
    private readonly timers: TimersService,
    private readonly clock: Clock,
    private readonly refunds: RefundsService,
    @Inject(AFFILIATES_CONFIG) private readonly config: AffiliatesConfig,
  ) {}

  async onOrderPaid({ payload: order }: DomainEventEnvelope<'order.paid'>): Promise<void> {
    const paidAt = new Date(order.paid_at);
    const winner = await this.attribution.resolve(
      { clickToken: order.referral_code, code: order.referral_code, userId: order.user_id },
      paidAt,
    );
    if (!winner || (await this.attribution.isSelfReferral(winner.affiliate, order))) return;
    const movesAt = new Date(paidAt.getTime() + this.config.holdDays * DAY_MS);
    const created = await this.repo.transaction(async (m) => {
      const rows: CommissionRow[] = [];
      for (const line of order.lines) {
        const amount = commissionFor(await this.repo.ruleFor(line.category), line);
        if (amount <= 0) continue;
        const row = await this.repo.insertCommission(m, {
          affiliate_id: winner.affiliate.id,
          tier: 1,
          order_id: order.order_id,
          order_number: order.order_number,
          order_line_id: line.line_id,
          category: line.category,
          base_minor: line.total_minor,
          amount_minor: amount,
          currency: order.currency,
          status: 'pending',
          moves_at: movesAt,
          status_reason: `In the ${this.config.holdDays}-day refund window: becomes payable on ${day(movesAt)} unless the order is refunded.`,
        });
        if (row) rows.push(row);
      }
      await this.repo.appendLedger(
        m,
        rows.flatMap((c) => [
          {
            affiliate_id: c.affiliate_id,
            commission_id: c.id,
            bucket: 'pending' as const,
            amount_minor: c.amount_minor,
            currency: c.currency,
            reason: `Order ${order.order_number}`,
          },
        ]),
      );
      return rows;
    });
    for (const c of created) await this.timers.at(movesAt, HOLD_TIMER, { commission_id: c.id }, c.id);
    if (created.length)
      this.logger.log(`Order ${order.order_number}: ${created.length} commission(s) for ${winner.affiliate.code}`);
  }

  /** The hold timer: re-checks that the commission is still pending and its window has passed. */
  async releaseHold(commissionId: string): Promise<void> {
    await this.repo.transaction(async (m) => {
      const [c] = await this.repo.commissions(m, 'id', commissionId, true);
      if (!c || c.status !== 'pending' || !c.moves_at || c.moves_at.getTime() > this.clock.nowMs()) return;
      await this.approve(m, c, 'Refund window passed', 'hold released');
    });
  }

  /**
   * An admin ends a commission's refund window early, with a reason kept in the affiliate's audit trail. Refused
   * while the order's money may still go back (commerce's `refundRisk`) and for a commission no longer pending;
   * the row lock makes a racing timer or a second click find it approved already.
   */
  async releaseEarly(admin: User, commissionId: string, reason: string): Promise<CommissionJson> {
    const [found] = await this.repo.commissions(this.repo.db, 'id', commissionId);
    if (!found) throw new NotFoundException('There is no such commission.');
    const risk = await this.refunds.refundRisk(found.order_id);
    if (risk) throw new ConflictException(`${risk} The commission stays in its refund window.`);
    await this.repo.transaction(async (m) => {
      const [c] = await this.repo.commissions(m, 'id', commissionId, true);
      if (c.status !== 'pending')
        throw new ConflictException(`Only a commission in its refund window can be released; this one is ${c.status}.`);
      await this.approve(m, c, `Released early by an admin (${reason})`, `released early: ${reason}`);
      await this.repo.audit(m, c.affiliate_id, admin.id, 'commission_released_early', reason, {
        commission_id: c.id,
        order_number: c.order_number,
        amount_minor: c.amount_minor,
      });
    });
    const [saved] = await this.repo.commissions(this.repo.db, 'id', commissionId);
    return toCommissionJson(saved);
  }

  /** Pending to approved: the money becomes available, the recruiter's override is added. */
  private async approve(m: EntityManager, c: CommissionRow, why: string, ledgerReason: string): Promise<void> {
    const next = day(nextPayoutDate(this.clock.now(), this.config.payoutDay));
    await this.repo.updateCommission(m, c.id, {
      status: 'approved',
      moves_at: null,
      status_reason: `${why}: payable in the payout of ${next}.`,
    });
    await this.repo.appendLedger(
      m,
      move(
        'pending',
        'available',
        { affiliate_id: c.affiliate_id, commission_id: c.id, currency: c.currency, reason: ledgerReason.slice(0, 200) },
        c.amount_minor,
      ),
    );
    await this.addOverride(m, c, next);
  }

  /** Second tier: the recruiter earns a share of the recruit's approved commission, reversed with it. */
  private async addOverride(m: EntityManager, c: CommissionRow, next: string): Promise<void> {
    const earner = await this.repo.findAffiliate('id', c.affiliate_id, m);
    const recruiter = earner?.recruiter_id ? await this.repo.findAffiliate('id', earner.recruiter_id, m) : null;
    const amount = Math.floor((c.amount_minor * this.config.overrideBps) / 10_000);
    if (!recruiter || recruiter.status !== 'approved' || amount <= 0) return;
    const row = await this.repo.insertCommission(m, {
      affiliate_id: recruiter.id,
      tier: 2,
      parent_id: c.id,
      order_id: c.order_id,
      order_number: c.order_number,
      order_line_id: c.order_line_id,
      category: c.category,
      base_minor: c.amount_minor,
      amount_minor: amount,
      currency: c.currency,
      status: 'approved',
      status_reason: `Override on your recruit ${earner!.user_name}'s approved commission: payable in the payout of ${next}.`,
    });
    if (row)
      await this.repo.appendLedger(m, [
        {
          affiliate_id: recruiter.id,
          commission_id: row.id,
          bucket: 'available',
          amount_minor: amount,
          currency: c.currency,
          reason: 'override',
        },
      ]);
  }

  async onOrderRefunded({ id, payload: refund }: DomainEventEnvelope<'order.refunded'>): Promise<void> {
    await this.repo.transaction(async (m) => {
      if (!(await this.repo.firstDelivery(m, id))) return;
      const commissions = await this.repo.commissions(m, 'order_id', refund.order_id, true);
      const refundedByLine = new Map(refund.lines.map((l) => [l.line_id, l.amount_minor]));
      const entries: LedgerEntry[] = [];
      for (const c of commissions) {
        if (c.status === 'reversed' || c.status === 'cancelled') continue;
        const refunded = refund.full ? c.base_minor : (refundedByLine.get(c.order_line_id) ?? 0);
        const share = c.tier === 1 ? reversalFor(c.amount_minor, c.base_minor, refunded) : c.amount_minor;
        if (share <= 0 || (c.tier === 2 && !refund.full && !refundedByLine.has(c.order_line_id))) continue;
        entries.push(...(await this.reverse(m, c, share, refund.refunded_at)));
      }
      await this.repo.appendLedger(m, entries);
    });
  }

  private async reverse(m: EntityManager, c: CommissionRow, share: number, at: string): Promise<LedgerEntry[]> {
    const whole = share >= c.amount_minor;
    const alreadyOut = c.status === 'paid' || c.payout_id !== null;
    const from = c.status === 'pending' ? 'pending' : 'available';
    const money = formatMinor(share, c.currency);
    const reason = alreadyOut
      ? `Order refunded on ${at.slice(0, 10)} after you were paid: ${money} is taken from your next payout.`
      : whole
        ? `Order refunded on ${at.slice(0, 10)}: no commission is due.`
        : `Partly refunded on ${at.slice(0, 10)}: ${money} reversed.`;
    if (whole || alreadyOut)
      await this.repo.updateCommission(m, c.id, { status: 'reversed', moves_at: null, status_reason: reason });
    else
      await this.repo.updateCommission(m, c.id, {
        amount_minor: c.amount_minor - share,
        status_reason: `${c.status_reason} ${reason}`,
      });
    return move(
      alreadyOut ? 'available' : from,
      'reversed',
      {
        affiliate_id: c.affiliate_id,
        commission_id: c.id,
        currency: c.currency,
        reason: `refund of ${c.order_number}`,
      },
      share,
    );
  }

  async list(affiliate: AffiliateRow, page: number, perPage: number): Promise<Page<CommissionJson>> {
    const { rows, total } = await this.repo.listCommissions(affiliate.id, (page - 1) * perPage, perPage);
    return pageOf(rows.map(toCommissionJson), page, perPage, total);
  }
}
