import { BadGatewayException, ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock';
import { ValidationFailedException } from '../../common/validation';
import type { Refund } from '../../contracts/commerce';
import type { BoostEndedEvent } from '../../contracts/events';
import { BoostsService } from '../boosts';
import { CreditsService } from '../credits';
import { DomainEvents } from '../events';
import { CommerceMailService } from './commerce-mail.service';
import { toRefundJson } from './commerce.mapper';
import type { RefundDto } from './dto/commerce.dto';
import { EntitlementsRepository } from './entitlements.repository';
import { paymentAfterRefund } from './order-state';
import { OrdersRepository, type OrderLineRow, type OrderRow } from './orders.repository';
import { RefundsRepository, type RefundRow } from './refunds.repository';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payments/payment-provider';

type LineAmount = { line_id: string; amount_minor: number };

/**
 * Refunds through the provider. The refund row is written (pending) BEFORE the provider is called and the
 * provider gets the refund id as its idempotency key, so a refund is never granted without being sent, and a retry
 * never sends it twice. Lines refunded in full lose their vault downloads and the unspent credits of their grant.
 */
@Injectable()
export class RefundsService {
  private readonly logger = new Logger('Refunds');

  constructor(
    private readonly orders: OrdersRepository,
    private readonly refunds: RefundsRepository,
    private readonly entitlements: EntitlementsRepository,
    private readonly credits: CreditsService,
    private readonly boosts: BoostsService,
    private readonly events: DomainEvents,
    private readonly mail: CommerceMailService,
    private readonly clock: Clock,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async refund(orderId: string, actorId: string | null, dto: RefundDto): Promise<Refund> {
    return (await this.send(orderId, actorId, dto))!;
  }

  /**
   * `boost.ended`: a boost that ended early because its listing left the market gives back its unused days' share,
   * once (the refund names the boost as its cause; a repeated event finds it and sends nothing).
   */
  async refundUnusedBoost(ended: BoostEndedEvent): Promise<Refund | null> {
    const line = (await this.orders.lines([ended.order_id])).find((l) => l.id === ended.order_line_id);
    // Never more than the line still holds (an admin may have refunded part of it already).
    const amount = line ? Math.min(ended.refund_minor, Number(line.total_minor) - Number(line.refunded_minor)) : 0;
    if (amount <= 0) return null;
    const dto = {
      reason: 'Listing left the market: the boost’s unused days',
      lines: [{ line_id: ended.order_line_id, amount_minor: amount }],
    };
    return this.send(ended.order_id, null, dto, `boost:${ended.boost_id}`);
  }

  private async send(orderId: string, actorId: string | null, dto: RefundDto, sourceRef?: string) {
    const opened = await this.orders.transaction((m) => this.open(orderId, actorId, dto, m, sourceRef));
    if (!opened) return null;
    const { order, refund } = opened;
    let providerRefundId: string;
    try {
      const sent = await this.provider.refund({
        paymentId: order.provider_payment_id ?? '',
        sessionId: order.provider_session_id ?? '',
        amountMinor: Number(refund.amount_minor),
        idempotencyKey: `refund-${refund.id}`,
      });
      providerRefundId = sent.id;
    } catch (error) {
      await this.refunds.settleRefund(refund.id, 'failed', null);
      await this.orders.audit(order.id, actorId, 'refund_failed', {
        refund_id: refund.id,
        error: (error as Error).message,
      });
      throw new BadGatewayException(
        'The payment provider refused or could not be reached; nothing was refunded. Try again.',
      );
    }
    const done = await this.orders.transaction((m) => this.settle(order.id, refund, providerRefundId, actorId, m));
    await this.events.publish('order.refunded', `order.refunded|${refund.id}`, {
      order_id: done.order.id,
      refund_id: refund.id,
      user_id: done.order.user_id,
      currency: done.order.currency,
      amount_minor: Number(refund.amount_minor),
      full: done.order.payment_status === 'refunded',
      refunded_at: this.clock.now().toISOString(),
      lines: done.lines,
    });
    await this.mail.refunded(done.order, Number(refund.amount_minor), done.order.payment_status === 'refunded');
    return toRefundJson(done.refund, order.currency);
  }

  /**
   * Why money of an order may still go back to the buyer (a full refund, a refund in flight, an open return), or
   * null: what an early release of an affiliate's commission is checked against.
   */
  async refundRisk(orderId: string): Promise<string | null> {
    const order = await this.orders.find(orderId);
    // Not an order of this shop (an imported commission): nothing here can refund it.
    if (!order) return null;
    if (order.payment_status === 'refunded') return `Order ${order.number} was refunded in full.`;
    if ((await this.refunds.pendingRefundsMinor(order.id, this.orders.db)) > 0)
      return `A refund of order ${order.number} is in progress.`;
    if (await this.refunds.openReturn(order.id, this.orders.db))
      return `Order ${order.number} has an open return request.`;
    return null;
  }

  /** A payment that arrived after its order could no longer be honoured goes back in full, automatically. */
  async refundLatePayment(order: OrderRow): Promise<void> {
    await this.refund(order.id, null, { reason: 'Paid after the order expired and the stock was sold' }).catch(
      (error) => this.logger.error(`Automatic refund of ${order.number} failed: ${(error as Error).message}`),
    );
  }

  private async open(orderId: string, actorId: string | null, dto: RefundDto, m: EntityManager, sourceRef?: string) {
    const order = await this.orders.lock(orderId, m);
    if (!order) throw new NotFoundException('There is no such order.');
    if (order.payment_status !== 'paid' && order.payment_status !== 'partially_refunded')
      throw new ConflictException(
        `Order ${order.number} has no payment to refund (payment is ${order.payment_status}).`,
      );
    const lines = await this.orders.lines([order.id], m);
    const refundable =
      Number(order.total_minor) - Number(order.refunded_minor) - (await this.refunds.pendingRefundsMinor(order.id, m));
    const byLine = dto.lines?.length ? this.checkLines(dto.lines, lines) : null;
    const amount = byLine ? byLine.reduce((s, l) => s + l.amount_minor, 0) : (dto.amount_minor ?? refundable);
    if (amount <= 0) throw ValidationFailedException.of('amount_minor', 'This order is already refunded in full.');
    if (amount > refundable)
      throw ValidationFailedException.of(
        'amount_minor',
        `At most ${refundable} (minor units) can still be refunded on this order.`,
      );
    const refund = await this.refunds.insertRefund(
      {
        orderId,
        amountMinor: amount,
        reason: dto.reason ?? '',
        lines: byLine ?? [],
        restock: dto.restock === true,
        createdBy: actorId,
        sourceRef,
      },
      m,
    );
    if (!refund) return null;
    await this.orders.audit(order.id, actorId, 'refund_requested', { refund_id: refund.id, amount_minor: amount }, m);
    return { order, refund };
  }

  private checkLines(wanted: LineAmount[], lines: OrderLineRow[]): LineAmount[] {
    return wanted.map((w, i) => {
      const line = lines.find((l) => l.id === w.line_id);
      if (!line) throw ValidationFailedException.of(`lines.${i}.line_id`, 'That line is not part of this order.');
      const left = Number(line.total_minor) - Number(line.refunded_minor);
      if (w.amount_minor > left)
        throw ValidationFailedException.of(
          `lines.${i}.amount_minor`,
          `At most ${left} can be refunded on ${line.title}.`,
        );
      return { line_id: w.line_id, amount_minor: w.amount_minor };
    });
  }

  private async settle(
    orderId: string,
    refund: RefundRow,
    providerRefundId: string,
    actorId: string | null,
    m: EntityManager,
  ) {
    const order = (await this.orders.lock(orderId, m))!;
    const settled = await this.refunds.settleRefund(refund.id, 'succeeded', providerRefundId, m);
    const refunded = Number(order.refunded_minor) + Number(refund.amount_minor);
    const full = refunded >= Number(order.total_minor);
    const lines = await this.orders.lines([order.id], m);
    // A full refund covers every line; a line refund covers the lines it names.
    const covered: LineAmount[] = full
      ? lines
          .map((l) => ({ line_id: l.id, amount_minor: Number(l.total_minor) - Number(l.refunded_minor) }))
          .filter((l) => l.amount_minor > 0)
      : refund.lines;
    const wholeLines: string[] = [];
    for (const c of covered) {
      const line = await this.orders.addRefundedToLine(c.line_id, c.amount_minor, m);
      if (Number(line.refunded_minor) >= Number(line.total_minor)) wholeLines.push(line.id);
    }
    await this.entitlements.revokeLines(wholeLines, this.clock.now(), m);
    await this.boosts.endRefundedLines(wholeLines, m);
    // Settling happens once per refund and a line is completed by one refund only, so units go back at most once.
    if (refund.restock) await this.orders.restockLines(wholeLines, m);
    for (const lineId of wholeLines)
      await this.credits.revokeGrant(`order-line:${lineId}`, `Refund of order ${order.number}`, m);
    const patch: Record<string, unknown> = {
      refunded_minor: refunded,
      payment_status: paymentAfterRefund(Number(order.total_minor), refunded),
    };
    if (full && order.fulfilment_status === 'unfulfilled' && order.status !== 'cancelled') patch.status = 'cancelled';
    const open = await this.refunds.openReturn(order.id, m);
    if (open) {
      await this.refunds.setReturnStatus(open.id, 'refunded', m);
      patch.return_status = 'refunded';
    }
    const updated = await this.orders.update(order.id, patch, m);
    await this.orders.audit(
      order.id,
      actorId,
      'refunded',
      {
        refund_id: refund.id,
        amount_minor: Number(refund.amount_minor),
        full,
        revoked_lines: wholeLines,
        restocked_lines: refund.restock ? wholeLines : [],
      },
      m,
    );
    return { order: updated, refund: settled, lines: covered };
  }
}
