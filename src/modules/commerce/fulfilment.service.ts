import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock, DAY_MS } from '../../common/clock';
import type { OrderPaidEvent } from '../../contracts/events';
import { BoostsService } from '../boosts';
import { CreditsService } from '../credits';
import { DomainEvents } from '../events';
import { CatalogRepository, type Db } from './catalog.repository';
import { CommerceMailService } from './commerce-mail.service';
import { DiscountsService } from './discounts.service';
import { EntitlementsRepository } from './entitlements.repository';
import { statusAfterPayment } from './order-state';
import { RefundsService } from './refunds.service';
import { OrdersRepository, type OrderLineRow, type OrderRow } from './orders.repository';
import {
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type ProviderSession,
  type VerifiedEvent,
} from './payments/payment-provider';

export type FulfilOutcome =
  | 'paid'
  | 'already_paid'
  | 'duplicate_event'
  | 'failed'
  | 'expired'
  | 'open'
  | 'unknown_session'
  | 'amount_mismatch'
  | 'late_payment_refund';

export interface FulfilResult {
  outcome: FulfilOutcome;
  order: OrderRow | null;
}

type Settled = FulfilResult & { lines?: OrderLineRow[] };

/**
 * The ONE place an order becomes paid: `fulfil(sessionId)`, called by the provider's webhook and by the success
 * page alike. Three guards make any number of simultaneous calls pay an order once: the session id is unique on
 * orders, the order row is locked for the whole transaction, and a webhook's event id goes into the processed-events
 * table in that same transaction. Grants (credits, vault) happen inside it; events and emails after it commits.
 */
@Injectable()
export class FulfilmentService {
  private readonly logger = new Logger('Fulfilment');

  constructor(
    private readonly orders: OrdersRepository,
    private readonly catalog: CatalogRepository,
    private readonly entitlements: EntitlementsRepository,
    private readonly credits: CreditsService,
    private readonly events: DomainEvents,
    private readonly mail: CommerceMailService,
    private readonly clock: Clock,
    private readonly refunds: RefundsService,
    private readonly boosts: BoostsService,
    private readonly discounts: DiscountsService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  /** `event`: a signed webhook (its session snapshot is trusted); without it the provider is asked. */
  async fulfil(sessionId: string, event?: VerifiedEvent): Promise<FulfilResult> {
    const session = event?.session ?? (await this.provider.retrieveSession(sessionId));
    if (!session) throw new NotFoundException('There is no such payment session.');
    const settled = await this.orders.transaction(async (m): Promise<Settled> => {
      if (event && !(await this.orders.recordEvent(this.provider.name, event.id, event.type, sessionId, m)))
        return { outcome: 'duplicate_event', order: null };
      const order = await this.orders.lockBySession(sessionId, m);
      if (!order) return { outcome: 'unknown_session', order: null };
      if (session.status === 'paid') return this.markPaid(order, session, m);
      if (session.status === 'failed') return this.markFailed(order, m);
      if (session.status === 'expired' && order.status === 'placed') {
        await this.cancelPlaced(order, 'payment session expired', m, 'expired');
        return { outcome: 'expired', order };
      }
      return { outcome: 'open', order };
    });
    await this.afterCommit(settled);
    return { outcome: settled.outcome, order: settled.order };
  }

  /** A verified webhook: checkout events fulfil; others are recorded and ignored. */
  async handleWebhook(event: VerifiedEvent): Promise<FulfilOutcome | 'ignored'> {
    if (!event.type.startsWith('checkout.session.') || !event.session) return 'ignored';
    return (await this.fulfil(event.session.id, event)).outcome;
  }

  /** Timer path (after the provider session was closed): the order expires and its stock goes back. */
  async expireOrder(orderId: string): Promise<FulfilOutcome> {
    return this.orders.transaction(async (m) => {
      const order = await this.orders.lock(orderId, m);
      if (!order || order.status !== 'placed') return 'open';
      await this.cancelPlaced(order, 'unpaid for 24 hours', m, 'expired');
      return 'expired';
    });
  }

  /** Ends an unpaid order: stock back on the shelf, its discount code's use given back, the cart free of it. */
  async cancelPlaced(
    order: OrderRow,
    reason: string,
    m: Db,
    status: 'cancelled' | 'expired' = 'cancelled',
  ): Promise<void> {
    await this.orders.releaseStock(order.id, m);
    await this.discounts.release(order.id, m);
    await this.orders.update(order.id, { status }, m);
    if (order.cart_id) await this.catalog.setOpenOrderIf(order.cart_id, order.id, null, m);
    await this.orders.audit(order.id, null, status, { reason }, m);
  }

  private async markPaid(order: OrderRow, session: ProviderSession, m: EntityManager): Promise<Settled> {
    if (order.payment_status !== 'pending' && order.payment_status !== 'failed')
      return { outcome: 'already_paid', order };
    if (session.amountMinor !== Number(order.total_minor) || session.currency !== order.currency) {
      await this.orders.audit(
        order.id,
        null,
        'payment_mismatch',
        { paid: session.amountMinor, currency: session.currency },
        m,
      );
      this.logger.error(
        `Order ${order.number}: provider reports ${session.amountMinor} ${session.currency}, order is ${order.total_minor} ${order.currency}`,
      );
      return { outcome: 'amount_mismatch', order };
    }
    const lines = await this.orders.lines([order.id], m);
    // The buyer paid the discounted price, so the code's use counts, even when the shop then refunds a late payment.
    await this.discounts.markUsed(order.id, m);
    if (order.status !== 'placed' && !(await this.retakeStock(lines, m))) {
      // Paid after the order had expired and the units were sold to someone else: record the money, refund it.
      const cancelled = await this.orders.update(
        order.id,
        {
          payment_status: 'paid',
          provider_payment_id: session.paymentId,
          paid_at: this.clock.now(),
          status: 'cancelled',
        },
        m,
      );
      await this.orders.audit(order.id, null, 'late_payment', { refund: 'automatic' }, m);
      return { outcome: 'late_payment_refund', order: cancelled };
    }
    for (const line of lines) await this.deliver(order, line, m);
    const status = statusAfterPayment(
      order.requires_shipping,
      lines.some((l) => l.kind !== 'physical'),
    );
    const paid = await this.orders.update(
      order.id,
      {
        payment_status: 'paid',
        status,
        fulfilment_status: order.requires_shipping ? 'unfulfilled' : 'fulfilled',
        paid_at: this.clock.now(),
        fulfilled_at: order.requires_shipping ? null : this.clock.now(),
        provider_payment_id: session.paymentId,
      },
      m,
    );
    if (order.cart_id) await this.catalog.removeOrderedItems(order.cart_id, order.id, m);
    await this.orders.audit(order.id, null, 'paid', { amount_minor: session.amountMinor, session: session.id }, m);
    return { outcome: 'paid', order: paid, lines };
  }

  /**
   * What a line gives at payment: credits as an expiring lot, a vault entitlement (a file, a service another area
   * honours, a style pack the designer unlocks), a listing boost, or (physical) a shipment later.
   */
  private async deliver(order: OrderRow, line: OrderLineRow, m: EntityManager): Promise<void> {
    if (!order.user_id) return;
    if (line.kind === 'listing_boost' && line.property_id && line.boost_days)
      await this.boosts.start(
        {
          orderId: order.id,
          orderNumber: order.number,
          lineId: line.id,
          userId: order.user_id,
          propertyId: line.property_id,
          days: line.boost_days,
          paidMinor: Number(line.total_minor),
          currency: order.currency,
        },
        m,
      );
    if (line.kind === 'credit_pack' && line.credit_amount) {
      const days = line.credit_validity_days;
      await this.credits.grantLot(
        order.user_id,
        line.credit_amount * line.quantity,
        {
          reason: `Order ${order.number}: ${line.title}`.slice(0, 200),
          expiresAt: days ? new Date(this.clock.nowMs() + days * DAY_MS) : null,
          sourceRef: `order-line:${line.id}`,
        },
        m,
      );
    }
    if (line.kind === 'digital' || line.kind === 'service' || line.kind === 'style_pack')
      await this.entitlements.grant(
        {
          orderId: order.id,
          lineId: line.id,
          userId: order.user_id,
          productId: line.product_id,
          title: line.title,
          assetKey: line.kind === 'digital' ? line.asset_key : null,
          downloadLimit: line.download_limit * line.quantity,
        },
        m,
      );
  }

  private async retakeStock(lines: OrderLineRow[], m: Db): Promise<boolean> {
    for (const line of lines) if (!(await this.orders.reserveStock(line.variant_id, line.quantity, m))) return false;
    return true;
  }

  private async markFailed(order: OrderRow, m: Db): Promise<Settled> {
    if (order.payment_status !== 'pending')
      return { outcome: order.payment_status === 'failed' ? 'failed' : 'already_paid', order };
    const failed = await this.orders.update(order.id, { payment_status: 'failed' }, m);
    await this.orders.audit(order.id, null, 'payment_failed', {}, m);
    return { outcome: 'failed', order: failed };
  }

  private async afterCommit(settled: Settled): Promise<void> {
    if (settled.outcome === 'late_payment_refund' && settled.order) await this.refunds.refundLatePayment(settled.order);
    if (settled.outcome !== 'paid' || !settled.order || !settled.lines) return;
    const order = settled.order;
    // A listing unpublished between checkout and payment: its new boost ends at once and is repaid in full.
    for (const line of settled.lines)
      if (line.kind === 'listing_boost' && line.property_id) await this.boosts.settleListing(line.property_id);
    await this.events.publish('order.paid', `order.paid|${order.id}`, orderPaidPayload(order, settled.lines));
    await this.mail.paid(order, settled.lines);
  }
}

export function orderPaidPayload(order: OrderRow, lines: OrderLineRow[]): OrderPaidEvent {
  return {
    order_id: order.id,
    order_number: order.number,
    user_id: order.user_id,
    email: order.email,
    currency: order.currency,
    subtotal_minor: Number(order.subtotal_minor),
    total_minor: Number(order.total_minor),
    paid_at: new Date(order.paid_at!).toISOString(),
    referral_code: order.referral_code,
    lines: lines.map((l) => ({
      line_id: l.id,
      product_id: l.product_id,
      variant_id: l.variant_id,
      category: l.category,
      quantity: l.quantity,
      unit_price_minor: Number(l.unit_price_minor),
      total_minor: Number(l.total_minor),
    })),
  };
}
