import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { Clock } from '../../../common/clock';
import { ValidationFailedException } from '../../../common/validation';
import type { OrderLineEvent, OrderPaidEvent } from '../../../contracts/events';
import { CatalogService, RefundsService } from '../../commerce';
import { TimersService } from '../../jobs';
import { TeamsService } from '../../teams';
import { UsersService, type User } from '../../users';
import { CrmAccessService } from '../crm-access.service';
import { LEAD_OFFER_CATEGORY, TIMERS } from '../crm.constants';
import { CrmSellerLedgerService } from './crm-seller-ledger.service';
import type { CrmLeadOffer, CrmLeadSale } from '../entities/offer.entity';
import { priceBand } from './marketplace.mapper';
import { CrmMarketplaceRepository } from './marketplace.repository';
import { assertMayBuy, saleRefusal, sellOffer } from './marketplace-sale';

/**
 * Lead offers priced in money, sold through commerce: the offer is a commerce product (stock: its buyer limit)
 * bought with the cart, checkout and the payment driver; `order.paid` sells one copy (the contact is unmasked in the
 * buyer's book, once however often the event comes) and owes the seller the price minus the platform fee on the
 * seller ledger; a payment for an offer with no copy left, or that the buyer's book already bought, goes straight
 * back, and a refunded dispute is a commerce refund of the order line.
 */
@Injectable()
export class CrmMarketplaceMoneyService {
  private readonly logger = new Logger('CrmMarketplaceMoney');

  constructor(
    private readonly repo: CrmMarketplaceRepository,
    private readonly access: CrmAccessService,
    private readonly teams: TeamsService,
    private readonly users: UsersService,
    private readonly catalog: CatalogService,
    private readonly refunds: RefundsService,
    private readonly timers: TimersService,
    private readonly sellerLedger: CrmSellerLedgerService,
    private readonly clock: Clock,
  ) {}

  /** The product variant to put in the cart to buy a money offer (the product is made on first ask). */
  async productFor(user: User, offerId: string): Promise<{ product_slug: string; variant_id: string }> {
    this.access.assertCrmUser(user);
    const offer = await this.repo.findOffer(offerId);
    if (!offer) throw new NotFoundException('There is no offer with that id.');
    if (offer.priceMinor === null || !offer.currency) {
      throw ValidationFailedException.of('offer', 'This lead is priced in credits: claim it instead.');
    }
    assertMayBuy(await saleRefusal(this.repo, offer, (await this.teams.currentMembership(user)).id));
    const [lead] = await this.repo.leadsByIds([offer.leadId]);
    const what = [lead?.zip, priceBand(lead?.priceMinor ?? null), lead?.propertyType].filter(Boolean).join(', ');
    const slug = `lead-offer-${offer.id}`;
    const productId = await this.catalog.ensureProduct({
      slug,
      title: `Marketplace lead${what ? `: ${what}` : ''}`,
      summary: 'A buyer or seller lead from the lead marketplace; the contact is yours once paid.',
      description: 'The contact is copied into your book when the payment succeeds. 72-hour dispute window.',
      department: 'real_estate',
      category: LEAD_OFFER_CATEGORY,
      kind: 'service',
      variants: [
        { sku: slug, name: 'Lead', priceMinor: offer.priceMinor, currency: offer.currency, stock: offer.maxBuyers },
      ],
    });
    if (offer.productId !== productId) await this.repo.updateOffer(offer.id, { productId });
    const product = await this.catalog.show(slug);
    return { product_slug: slug, variant_id: product.variants[0].id };
  }

  /** order.paid: each lead-offer line sells its offer to the buyer, or (sold already) is refunded; once per line. */
  async onOrderPaid(order: OrderPaidEvent): Promise<void> {
    const lines = order.lines.filter((l) => l.category === LEAD_OFFER_CATEGORY);
    if (!lines.length || !order.user_id) return;
    const offers = new Map(
      (await this.repo.offersOfProducts(lines.map((l) => l.product_id))).map((o) => [o.productId, o]),
    );
    const [buyer] = await this.users.findByIds([order.user_id]);
    if (!buyer) return;
    const book = await this.teams.currentMembership(buyer);
    for (const line of lines) {
      const offer = offers.get(line.product_id);
      if (offer) await this.settleLine(order, line, offer.id, buyer.id, book.id);
    }
  }

  private async settleLine(
    order: OrderPaidEvent,
    line: OrderLineEvent,
    offerId: string,
    buyerId: string,
    bookId: string,
  ) {
    const now = this.clock.now();
    const outcome = await this.repo.transaction(async (tx) => {
      const offer = (await tx.findOffer(offerId, true))!;
      const sells = (await saleRefusal(tx, offer, bookId)) === null;
      const record = await tx.recordPayment({
        orderLineId: line.line_id,
        orderId: order.order_id,
        offerId,
        outcome: sells ? 'sold' : 'refund',
      });
      if (!record.fresh) return record.outcome === 'refund' && !record.refundId ? 'refund' : 'done';
      if (!sells) return 'refund';
      const payment = { kind: 'order' as const, orderId: order.order_id, orderLineId: line.line_id };
      const sale = await sellOffer(tx, offer, buyerId, bookId, now, payment);
      await this.sellerLedger.earn(tx, offer, sale);
      return sale;
    });
    if (outcome === 'done') return;
    if (outcome === 'refund') {
      const reason = 'Lead marketplace: no copy of this lead was left for you';
      // Nothing was delivered, so the unit the checkout took goes back: the store offers the copy still free.
      const refund = await this.refunds.refund(order.order_id, null, {
        lines: [{ line_id: line.line_id, amount_minor: line.total_minor }],
        reason,
        restock: true,
      });
      await this.repo.paymentRefunded(line.line_id, refund.id);
      return;
    }
    await this.timers.at(outcome.disputeEndsAt, TIMERS.marketSettle, { saleId: outcome.id }, outcome.id);
  }

  /**
   * A money sale already marked refunded: its order line goes back as a commerce refund, and then a reversal row
   * takes the seller's earning back. When the provider refuses, the sale is disputed again (nothing was refunded,
   * nothing reversed) and the error goes to the caller.
   */
  async refundSale(o: CrmLeadOffer, sale: CrmLeadSale, actorId: string | null): Promise<void> {
    try {
      const refund = await this.refunds.refund(sale.orderId!, actorId, {
        lines: [{ line_id: sale.orderLineId!, amount_minor: o.priceMinor! }],
        reason: `Lead marketplace: disputed lead ${o.id}`,
      });
      await this.repo.updateSale(sale.id, { refundId: refund.id });
      await this.sellerLedger.reverse(this.repo, sale, `Lead marketplace: refund of offer ${o.id}`);
    } catch (error) {
      this.logger.warn(`Refund of lead sale ${sale.id} failed: ${(error as Error).message}`);
      await this.repo.updateSale(sale.id, { status: 'disputed', closedAt: null });
      throw error;
    }
  }
}
