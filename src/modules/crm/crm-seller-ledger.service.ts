import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { CrmLeadOffer, CrmLeadSale } from './entities/offer.entity';
import { CrmMarketplaceRepository } from './marketplace.repository';

/**
 * What money sales of leads owe their sellers, on the append-only `crm_seller_ledger`: a sale appends an earning
 * (the price minus the platform fee, CRM_MARKET_FEE_BPS), a refund appends its reversal (the same amount, negative);
 * a row is never changed, and each is written once per sale however often the event that causes it arrives.
 */
@Injectable()
export class CrmSellerLedgerService {
  constructor(
    private readonly repo: CrmMarketplaceRepository,
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

  async earnings(sellerId: string): Promise<Array<{ amount_minor: number; currency: string }>> {
    return (await this.repo.sellerEarnings(sellerId)).map((e) => ({ ...e, amount_minor: Number(e.amount_minor) }));
  }
}
