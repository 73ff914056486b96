import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import type { SellerEarningsJson } from '../../../contracts/crm';
import { CrmRepository } from '../crm.repository';
import { CrmContact, CrmLead } from '../entities/crm.entity';
import { CrmLeadOffer, CrmLeadSale } from '../entities/offer.entity';

/**
 * SQL for the lead marketplace's offers. It extends the CRM repository so one `transaction` covers the offer, the
 * contact and lead copied into the buyer's book (and, through `manager`, the credit ledger).
 */
/**
 * One row of the seller ledger: an earning (price minus the platform fee), its reversal on refund (negative), or
 * its transfer to the seller's affiliate payout balance once the sale settles (negative, gross and fee 0).
 */
export interface SellerLedgerEntry {
  sellerId: string;
  saleId: string;
  kind: 'earning' | 'reversal' | 'transfer';
  grossMinor: number;
  feeMinor: number;
  amountMinor: number;
  currency: string;
  reason: string;
}

@Injectable()
export class CrmMarketplaceRepository extends CrmRepository {
  constructor(@InjectDataSource() db: DataSource) {
    super(db);
  }

  async insertOffer(
    o: Pick<
      CrmLeadOffer,
      'leadId' | 'sellerId' | 'sellerTeamId' | 'priceCredits' | 'priceMinor' | 'currency' | 'timeline' | 'maxBuyers'
    >,
    at: Date,
  ) {
    const [row] = (await this.m.query(
      `INSERT INTO crm_lead_offers
         (lead_id, seller_id, seller_team_id, price_credits, price_minor, currency, timeline, max_buyers, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (lead_id) DO NOTHING RETURNING id`,
      [o.leadId, o.sellerId, o.sellerTeamId, o.priceCredits, o.priceMinor, o.currency, o.timeline, o.maxBuyers, at],
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

  /** What a buyer bought, newest first (index crm_lead_sales_buyer). */
  boughtBy(buyerId: string, offset: number, limit: number): Promise<[CrmLeadSale[], number]> {
    return this.m
      .getRepository(CrmLeadSale)
      .createQueryBuilder('s')
      .where('s.buyerId = :buyerId', { buyerId })
      .orderBy('s.claimedAt', 'DESC')
      .addOrderBy('s.id', 'DESC')
      .skip(offset)
      .take(limit)
      .getManyAndCount();
  }

  async claimsSince(buyerId: string, since: Date): Promise<number> {
    const [row] = (await this.m.query(
      `SELECT count(*)::int AS n FROM crm_lead_sales WHERE buyer_id = $1 AND claimed_at >= $2`,
      [buyerId, since],
    )) as Array<{ n: number }>;
    return row.n;
  }

  insertSale(s: Omit<CrmLeadSale, 'id' | 'refundId' | 'disputeKind' | 'disputeReason' | 'disputedAt' | 'closedAt'>) {
    return this.m.getRepository(CrmLeadSale).save(this.m.getRepository(CrmLeadSale).create(s));
  }

  /** A book's sale of an offer (a book buys an offer once), locked when asked. */
  saleOf(offerId: string, buyerTeamId: string | null, buyerId?: string, lock = false): Promise<CrmLeadSale | null> {
    const q = this.m.getRepository(CrmLeadSale).createQueryBuilder('s').where('s.offerId = :offerId', { offerId });
    if (buyerTeamId) q.andWhere('s.buyerTeamId = :buyerTeamId', { buyerTeamId });
    if (buyerId) q.andWhere('s.buyerId = :buyerId', { buyerId });
    if (lock) q.setLock('pessimistic_write');
    return q.orderBy('s.claimedAt', 'DESC').getOne();
  }

  salesOf(offerId: string, status?: CrmLeadSale['status']): Promise<CrmLeadSale[]> {
    return this.m.getRepository(CrmLeadSale).findBy({ offerId, ...(status ? { status } : {}) });
  }

  findSale(id: string, lock = false): Promise<CrmLeadSale | null> {
    const q = this.m.getRepository(CrmLeadSale).createQueryBuilder('s').where('s.id = :id', { id });
    if (lock) q.setLock('pessimistic_write');
    return q.getOne();
  }

  updateSale(id: string, values: Partial<CrmLeadSale>) {
    return this.m.getRepository(CrmLeadSale).update(id, values);
  }

  offersByIds(ids: string[]): Promise<CrmLeadOffer[]> {
    return ids.length ? this.m.getRepository(CrmLeadOffer).findBy({ id: In(ids) }) : Promise.resolve([]);
  }

  /** Serialises one buyer's claims until the transaction ends (the daily limit holds under parallel claims). */
  async lockBuyer(buyerId: string): Promise<void> {
    await this.m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`crm-market:${buyerId}`]);
  }

  /** Appends to the seller's append-only ledger once per sale and kind (a repeated event writes nothing). */
  async appendSellerLedger(e: SellerLedgerEntry): Promise<boolean> {
    const rows = (await this.m.query(
      `INSERT INTO crm_seller_ledger (seller_id, sale_id, kind, gross_minor, fee_minor, amount_minor, currency, reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (sale_id, kind) DO NOTHING RETURNING id`,
      [e.sellerId, e.saleId, e.kind, e.grossMinor, e.feeMinor, e.amountMinor, e.currency, e.reason],
    )) as unknown[];
    return rows.length > 0;
  }

  async sellerLedgerOfSale(saleId: string): Promise<SellerLedgerEntry[]> {
    const rows = (await this.m.query(
      `SELECT seller_id, sale_id, kind, gross_minor::int AS gross, fee_minor::int AS fee, amount_minor::int AS amount,
              currency, reason FROM crm_seller_ledger WHERE sale_id = $1 ORDER BY id`,
      [saleId],
    )) as Array<Record<string, string | number>>;
    return rows.map((r) => ({
      sellerId: r.seller_id as string,
      saleId: r.sale_id as string,
      kind: r.kind as SellerLedgerEntry['kind'],
      grossMinor: r.gross as number,
      feeMinor: r.fee as number,
      amountMinor: r.amount as number,
      currency: r.currency as string,
      reason: r.reason as string,
    }));
  }

  /**
   * The seller's money sales per currency (index crm_seller_ledger_seller): still owed on sales not settled (in the
   * dispute window, or disputed), owed on settled sales not yet transferred, and transferred to payouts.
   */
  sellerEarnings(sellerId: string): Promise<SellerEarningsJson[]> {
    return this.m.query(
      `SELECT l.currency,
              coalesce(sum(l.amount_minor) FILTER (WHERE s.status <> 'settled'), 0)::float8 AS pending_minor,
              coalesce(-sum(l.amount_minor) FILTER (WHERE l.kind = 'transfer'), 0)::float8 AS transferred_minor,
              coalesce(sum(l.amount_minor) FILTER (WHERE s.status = 'settled'), 0)::float8 AS awaiting_minor
         FROM crm_seller_ledger l JOIN crm_lead_sales s ON s.id = l.sale_id
        WHERE l.seller_id = $1 GROUP BY l.currency ORDER BY l.currency`,
      [sellerId],
    );
  }

  /** The seller's settled sales whose earning was never transferred (no payout account when they settled). */
  async awaitingTransfer(sellerId: string): Promise<string[]> {
    const rows = (await this.m.query(
      `SELECT l.sale_id FROM crm_seller_ledger l JOIN crm_lead_sales s ON s.id = l.sale_id
        WHERE l.seller_id = $1 AND s.status = 'settled' GROUP BY l.sale_id HAVING sum(l.amount_minor) > 0`,
      [sellerId],
    )) as Array<{ sale_id: string }>;
    return rows.map((r) => r.sale_id);
  }

  leadsByIds(ids: string[]): Promise<CrmLead[]> {
    return ids.length ? this.m.getRepository(CrmLead).findBy({ id: In(ids) }) : Promise.resolve([]);
  }

  contactsByIds(ids: string[]): Promise<CrmContact[]> {
    return ids.length ? this.m.getRepository(CrmContact).findBy({ id: In(ids) }) : Promise.resolve([]);
  }
}
