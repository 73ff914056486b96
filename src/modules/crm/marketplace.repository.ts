import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { CrmRepository } from './crm.repository';
import { CrmContact, CrmLead } from './entities/crm.entity';
import { CrmLeadOffer } from './entities/offer.entity';

/**
 * SQL for the lead marketplace's offers. It extends the CRM repository so one `transaction` covers the offer, the
 * contact and lead copied into the buyer's book (and, through `manager`, the credit ledger).
 */
@Injectable()
export class CrmMarketplaceRepository extends CrmRepository {
  constructor(@InjectDataSource() db: DataSource) {
    super(db);
  }

  async insertOffer(
    o: Pick<
      CrmLeadOffer,
      'leadId' | 'sellerId' | 'sellerTeamId' | 'priceCredits' | 'priceMinor' | 'currency' | 'timeline'
    >,
    at: Date,
  ) {
    const [row] = (await this.m.query(
      `INSERT INTO crm_lead_offers
         (lead_id, seller_id, seller_team_id, price_credits, price_minor, currency, timeline, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (lead_id) DO NOTHING RETURNING id`,
      [o.leadId, o.sellerId, o.sellerTeamId, o.priceCredits, o.priceMinor, o.currency, o.timeline, at],
    )) as Array<{ id: string }>;
    return row ? this.findOffer(row.id) : null;
  }

  offersOfProducts(productIds: string[]): Promise<CrmLeadOffer[]> {
    return productIds.length
      ? this.m.getRepository(CrmLeadOffer).findBy({ productId: In(productIds) })
      : Promise.resolve([]);
  }

  /**
   * Records what became of one paid order line (sold it, or must refund it); the first record wins, so a repeated
   * `order.paid` finds the line's earlier outcome instead of acting again.
   */
  async recordPayment(p: {
    orderLineId: string;
    orderId: string;
    offerId: string;
    outcome: 'sold' | 'refund';
  }): Promise<{ outcome: 'sold' | 'refund'; refundId: string | null; fresh: boolean }> {
    const inserted = (await this.m.query(
      `INSERT INTO crm_offer_payments (order_line_id, order_id, offer_id, outcome) VALUES ($1, $2, $3, $4)
       ON CONFLICT (order_line_id) DO NOTHING RETURNING outcome`,
      [p.orderLineId, p.orderId, p.offerId, p.outcome],
    )) as Array<{ outcome: 'sold' | 'refund' }>;
    if (inserted.length) return { outcome: p.outcome, refundId: null, fresh: true };
    const [row] = (await this.m.query(`SELECT outcome, refund_id FROM crm_offer_payments WHERE order_line_id = $1`, [
      p.orderLineId,
    ])) as Array<{ outcome: 'sold' | 'refund'; refund_id: string | null }>;
    return { outcome: row.outcome, refundId: row.refund_id, fresh: false };
  }

  async paymentRefunded(orderLineId: string, refundId: string): Promise<void> {
    await this.m.query(`UPDATE crm_offer_payments SET refund_id = $2 WHERE order_line_id = $1`, [
      orderLineId,
      refundId,
    ]);
  }

  findOffer(id: string, lock = false): Promise<CrmLeadOffer | null> {
    const q = this.m.getRepository(CrmLeadOffer).createQueryBuilder('o').where('o.id = :id', { id });
    if (lock) q.setLock('pessimistic_write');
    return q.getOne();
  }

  updateOffer(id: string, values: Partial<CrmLeadOffer>) {
    return this.m.getRepository(CrmLeadOffer).update(id, values);
  }

  /** Open offers, newest first (partial index crm_lead_offers_open). */
  openOffers(offset: number, limit: number): Promise<[CrmLeadOffer[], number]> {
    return this.m
      .getRepository(CrmLeadOffer)
      .createQueryBuilder('o')
      .where(`o.status = 'open'`)
      .orderBy('o.createdAt', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .skip(offset)
      .take(limit)
      .getManyAndCount();
  }

  /** What a buyer bought, newest first (index crm_lead_offers_buyer). */
  boughtBy(buyerId: string, offset: number, limit: number): Promise<[CrmLeadOffer[], number]> {
    return this.m
      .getRepository(CrmLeadOffer)
      .createQueryBuilder('o')
      .where('o.buyerId = :buyerId', { buyerId })
      .orderBy('o.claimedAt', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .skip(offset)
      .take(limit)
      .getManyAndCount();
  }

  async claimsSince(buyerId: string, since: Date): Promise<number> {
    const [row] = (await this.m.query(
      `SELECT count(*)::int AS n FROM crm_lead_offers WHERE buyer_id = $1 AND claimed_at >= $2`,
      [buyerId, since],
    )) as Array<{ n: number }>;
    return row.n;
  }

  /** Serialises one buyer's claims until the transaction ends (the daily limit holds under parallel claims). */
  async lockBuyer(buyerId: string): Promise<void> {
    await this.m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`crm-market:${buyerId}`]);
  }

  leadsByIds(ids: string[]): Promise<CrmLead[]> {
    return ids.length ? this.m.getRepository(CrmLead).findBy({ id: In(ids) }) : Promise.resolve([]);
  }

  contactsByIds(ids: string[]): Promise<CrmContact[]> {
    return ids.length ? this.m.getRepository(CrmContact).findBy({ id: In(ids) }) : Promise.resolve([]);
  }
}
