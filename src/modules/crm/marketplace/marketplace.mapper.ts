import type { MaskedOfferJson, PurchaseJson } from '../../../contracts/crm';
import type { CrmContact, CrmLead } from '../entities/crm.entity';
import type { CrmLeadOffer, CrmLeadSale } from '../entities/offer.entity';
import { iso } from '../../../common/iso';

/** Price bands in whole currency units: a buyer sees the band, never the lead's exact price. */
const BANDS = [0, 250_000, 500_000, 750_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000, 5_000_000];

const short = (n: number) => (n >= 1_000_000 ? `$${n / 1_000_000}M` : `$${n / 1_000}k`);

export function priceBand(priceMinor: number | null): string | null {
  if (priceMinor === null) return null;
  const units = priceMinor / 100;
  const i = BANDS.findLastIndex((b) => units >= b);
  return i === BANDS.length - 1 ? `${short(BANDS[i])}+` : `${short(BANDS[i])}–${short(BANDS[i + 1])}`;
}

/** What anyone browsing the marketplace sees: area, price band, timeline and source; no name, email or phone. */
export function toMaskedOfferJson(o: CrmLeadOffer, lead: CrmLead, viewerId: string): MaskedOfferJson {
  return {
    id: o.id,
    area: lead.zip,
    price_band: priceBand(lead.priceMinor),
    property_type: lead.propertyType,
    timeline: o.timeline,
    source: lead.source,
    price_credits: o.priceCredits,
    price: o.priceMinor !== null && o.currency ? { amount_minor: o.priceMinor, currency: o.currency } : null,
    mine: o.sellerId === viewerId,
    max_buyers: o.maxBuyers,
    buyers_left: Math.max(0, o.maxBuyers - o.soldCount),
    created_at: iso(o.createdAt),
  };
}

/** A bought lead for its buyer: their sale and the copy of the contact in their own book. */
export function toPurchaseJson(
  o: CrmLeadOffer,
  sale: CrmLeadSale,
  lead: CrmLead,
  contact: CrmContact | null,
  buyerId: string,
  now: Date,
): PurchaseJson {
  const ends = sale.disputeEndsAt;
  return {
    ...toMaskedOfferJson(o, lead, buyerId),
    sale_id: sale.id,
    status: sale.status,
    contact_id: contact?.id ?? null,
    contact_name: contact?.name ?? '',
    contact_email: contact?.email ?? null,
    contact_phone: contact?.phone ?? null,
    claimed_at: iso(sale.claimedAt),
    dispute_ends_at: iso(ends),
    can_dispute: sale.status === 'sold' && now.getTime() < ends.getTime(),
  };
}
