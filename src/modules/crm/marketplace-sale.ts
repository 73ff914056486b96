import { MARKET_DISPUTE_HOURS } from './crm.constants';
import type { CrmLeadOffer } from './entities/offer.entity';
import type { CrmMarketplaceRepository } from './marketplace.repository';

/** How a sale was paid: image credits spent by the caller, or a paid commerce order line. */
export type SalePayment = { kind: 'credits' } | { kind: 'order'; orderId: string; orderLineId: string };

/**
 * Inside the caller's transaction, with the offer locked and open: the contact is copied into the buyer's book (or
 * joins the person already there, which makes the sale a duplicate), a lead and an activity are added, and the
 * offer is sold with its 72-hour dispute window. The caller sets the window's timer after the commit.
 */
export async function sellOffer(
  tx: CrmMarketplaceRepository,
  offer: CrmLeadOffer,
  buyerId: string,
  bookId: string,
  now: Date,
  payment: SalePayment,
): Promise<CrmLeadOffer> {
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
  const values: Partial<CrmLeadOffer> = {
    status: 'sold',
    buyerId,
    buyerContactId: contact.id,
    buyerHadContact: !!known,
    claimedAt: now,
    disputeEndsAt: new Date(now.getTime() + MARKET_DISPUTE_HOURS * 3600_000),
    ...(payment.kind === 'order' ? { orderId: payment.orderId, orderLineId: payment.orderLineId } : {}),
  };
  await tx.updateOffer(offer.id, values);
  return { ...offer, ...values };
}
