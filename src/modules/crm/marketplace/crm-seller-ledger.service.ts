import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { MarketplaceProps } from '../../../contracts/crm';
import { AffiliatePayeesService, type PayeeRefusal } from '../../affiliates';
import type { CrmLeadOffer, CrmLeadSale } from '../entities/offer.entity';
import { CrmMarketplaceRepository } from './marketplace.repository';

/**
 * What money sales of leads owe their sellers, on the append-only `crm_seller_ledger`: a sale appends an earning
 * (the price minus the platform fee, CRM_MARKET_FEE_BPS), a refund appends its reversal (the same amount, negative);
 * a row is never changed, and each is written once per sale however often the event that causes it arrives.
 *
 * Sellers are paid through the affiliate payouts: when a sale settles (its 72-hour dispute window closed with no
 * dispute) a `transfer` row takes its open balance off this ledger and the same transaction credits the seller's
 * affiliate payout balance (AffiliatePayeesService.creditPayable), so the payout batches pay it with their minimum,
 * tax forms and methods. A seller with no approved account (or whose sale is in a currency payouts are not made in)
 * keeps the earning here, "awaiting a payout account", until `affiliate.approved` moves it. Accounts are not made
 * for sellers: the programme's application and an admin's approval stay the one way to be paid. A refund needs a
 * dispute, a dispute needs the window open and an unsettled sale, so a transferred sale is never refunded, and a
 * sale refunded (or disputed) before its window closed never settles: nothing of it is transferred.
 */
@Injectable()
export class CrmSellerLedgerService {
  constructor(
    private readonly repo: CrmMarketplaceRepository,
    private readonly payees: AffiliatePayeesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The platform fee on a price, rounded to the minor unit. */
  feeOf(grossMinor: number): number {
    return Math.round((grossMinor * this.config.crm.marketFeeBps) / 10_000);
  }

  /** In the sale's transaction (`tx`): the seller is owed the price minus the fee. Credits sales owe nothing here. */
  async earn(tx: CrmMarketplaceRepository, offer: CrmLeadOffer, sale: CrmLeadSale): Promise<void> {
    if (offer.priceMinor === null || !offer.currency) return;
    const fee = this.feeOf(offer.priceMinor);
    await tx.appendSellerLedger({
      sellerId: offer.sellerId,
      saleId: sale.id,
      kind: 'earning',
      grossMinor: offer.priceMinor,
      feeMinor: fee,
      amountMinor: offer.priceMinor - fee,
      currency: offer.currency,
      reason: `Lead marketplace: sale of offer ${offer.id}`,
    });
  }

  /** In the refund's transaction: a new row takes back exactly what the sale's earning owed (none, nothing). */
  async reverse(tx: CrmMarketplaceRepository, sale: CrmLeadSale, why: string): Promise<void> {
    const earning = (await tx.sellerLedgerOfSale(sale.id)).find((e) => e.kind === 'earning');
    if (!earning) return;
    await tx.appendSellerLedger({
      ...earning,
      kind: 'reversal',
      grossMinor: -earning.grossMinor,
      feeMinor: -earning.feeMinor,
      amountMinor: -earning.amountMinor,
      reason: why,
    });
  }

  /**
   * In the transaction that holds the settled sale's row lock: its open balance (earning less any reversal) moves to
   * the seller's payout balance, once (the transfer row is unique per sale, the affiliate credit per `crm-sale:` ref).
   * 'none' when nothing is owed or it moved already; a refusal when it stays awaiting a payout account.
   */
  async transfer(tx: CrmMarketplaceRepository, sale: CrmLeadSale): Promise<'transferred' | 'none' | PayeeRefusal> {
    if (sale.status !== 'settled') return 'none';
    const rows = await tx.sellerLedgerOfSale(sale.id);
    const earning = rows.find((e) => e.kind === 'earning');
    const open = rows.reduce((sum, e) => sum + e.amountMinor, 0);
    // A transfer row takes the whole open balance, so a sale transferred already has nothing open.
    if (!earning || open <= 0) return 'none';
    const reason = `Lead marketplace: settled sale ${sale.id} paid out`;
    const credit = await this.payees.creditPayable(tx.manager, {
      userId: earning.sellerId,
      amountMinor: open,
      currency: earning.currency,
      sourceRef: `crm-sale:${sale.id}`,
      reason,
    });
    if (!credit.credited) return credit.why;
    // Gross and fee stay 0: a transfer moves what the seller is owed, it neither sells nor refunds anything.
    await tx.appendSellerLedger({
      ...earning,
      kind: 'transfer',
      grossMinor: 0,
      feeMinor: 0,
      amountMinor: -open,
      reason,
    });
    return 'transferred';
  }

  /** `affiliate.approved`: the seller's settled sales awaiting a payout account move to it, each in its own transaction. */
  async transferAwaiting(sellerId: string): Promise<number> {
    let moved = 0;
    for (const saleId of await this.repo.awaitingTransfer(sellerId)) {
      const outcome = await this.repo.transaction(async (tx) => {
        const sale = await tx.findSale(saleId, true);
        return sale ? this.transfer(tx, sale) : 'none';
      });
      if (outcome === 'transferred') moved += 1;
    }
    return moved;
  }

  /** The seller's lead-sale money per currency and the payout account it is paid through. */
  async earnings(sellerId: string): Promise<Pick<MarketplaceProps, 'earnings' | 'payout_account'>> {
    const [earnings, payout_account] = await Promise.all([
      this.repo.sellerEarnings(sellerId),
      this.payees.payeeOf(sellerId),
    ]);
    return { earnings, payout_account };
  }
}
