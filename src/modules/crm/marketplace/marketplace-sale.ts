import { ConflictException } from '@nestjs/common';
import { MARKET_DISPUTE_HOURS } from '../crm.constants';
import type { CrmLeadOffer, CrmLeadSale } from '../entities/offer.entity';
import type { CrmMarketplaceRepository } from './marketplace.repository';
import { requireOtherBook } from '../crm.policy';

/** How a sale was paid: image credits spent by the caller, or a paid commerce order line. */
export type SalePayment = { kind: 'credits' } | { kind: 'order'; orderId: string; orderLineId: string };

/**
 * Why the book may not buy the locked offer now, or null: its own lead, no copies left, or already bought once
 * (a shared offer sells one copy per book).
 */
export async function saleRefusal(
  tx: CrmMarketplaceRepository,
  offer: CrmLeadOffer,
  bookId: string,
): Promise<'own' | 'sold_out' | 'bought' | null> {
  if (offer.sellerTeamId === bookId) return 'own';
  if (offer.status !== 'open' || offer.soldCount >= offer.maxBuyers) return 'sold_out';
  return (await tx.saleOf(offer.id, bookId)) ? 'bought' : null;
}

/** A refusal as the answer: the seller's own book 403, no copy left or bought already 409. */
export function assertMayBuy(refusal: Awaited<ReturnType<typeof saleRefusal>>): void {
  requireOtherBook(refusal === 'own');
  if (refusal === 'sold_out') throw new ConflictException('Another realtor bought this lead first: none is left.');
  if (refusal === 'bought') throw new ConflictException('Your team already bought this lead.');
}

/**
 * Inside the caller's transaction, with the offer locked and `saleRefusal` null: the contact is copied into the buyer's book (or
 * joins the person already there, which makes the sale a duplicate), a lead and an activity are added, and the
 * buyer's sale is recorded with its 72-hour dispute window; the offer leaves the marketplace with its last copy.
 * The caller sets the window's timer after the commit.
 */
export async function sellOffer(
  tx: CrmMarketplaceRepository,
  offer: CrmLeadOffer,
  buyerId: string,
  bookId: string,
  now: Date,
  payment: SalePayment,
): Promise<CrmLeadSale> {
  const lead = (await tx.findLead(offer.leadId))!;
  const original = (await tx.findContact(lead.contactId))!;
  const [known] = await tx.findByIdentity(bookId, { email: original.email, phone: original.phone });
  const contact =
    known ??
    (await tx.insertContact({
      teamId: bookId,
      name: original.name,
      email: original.email,
      phone: original.phone,
      userId: null,
      source: lead.source,
      tags: ['marketplace'],
      agentId: buyerId,
      consentVersion: original.consentVersion,
      at: now,
    }));
  const copy = (await tx.insertLead({
    teamId: bookId,
    source: lead.source,
    message: lead.message,
    zip: lead.zip,
    priceMinor: lead.priceMinor,
    propertyType: lead.propertyType,
    consentVersion: lead.consentVersion,
    contactId: contact.id,
    sourceRef: `market:${offer.id}`,
    propertyId: null,
    campaignId: null,
    status: 'assigned',
    agentId: buyerId,
    candidateIds: [],
    ruleId: null,
    routingReason: 'bought on the lead marketplace',
    assignedAt: now,
    createdAt: now,
  }))!;
  const price =
    offer.priceMinor !== null
      ? { price_minor: offer.priceMinor, currency: offer.currency }
      : { price_credits: offer.priceCredits };
  await tx.addActivity({
    teamId: bookId,
    contactId: contact.id,
    kind: 'lead',
    source: lead.source,
    body: 'Bought on the lead marketplace',
    data: { lead_id: copy.id, offer_id: offer.id, ...price },
    actorId: buyerId,
    createdAt: now,
  });
  const sale = await tx.insertSale({
    offerId: offer.id,
    buyerId,
    buyerTeamId: bookId,
    buyerContactId: contact.id,
    buyerHadContact: !!known,
    status: 'sold',
    claimedAt: now,
    disputeEndsAt: new Date(now.getTime() + MARKET_DISPUTE_HOURS * 3600_000),
    orderId: payment.kind === 'order' ? payment.orderId : null,
    orderLineId: payment.kind === 'order' ? payment.orderLineId : null,
  });
  const soldCount = offer.soldCount + 1;
  await tx.updateOffer(offer.id, { soldCount, status: soldCount >= offer.maxBuyers ? 'sold' : 'open' });
  return sale;
}
