import { ConflictException, HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../../common/clock';
import { pageOf } from '../../../common/pagination';
import type { Page } from '../../../contracts/common';
import type { MarketplaceProps, MaskedOfferJson, PurchaseJson, RefundJson } from '../../../contracts/crm';
import { CreditsService } from '../../credits';
import { TimersService } from '../../jobs';
import { TeamsService } from '../../teams';
import type { User } from '../../users';
import { ValidationFailedException } from '../../../common/validation';
import { CrmAccessService } from '../crm-access.service';
import { CrmMarketplaceMoneyService } from './crm-marketplace-money.service';
import { CrmSellerLedgerService } from './crm-seller-ledger.service';
import { phoneIsInvalid } from '../contacts/identity';
import { assertMayBuy, saleRefusal, sellOffer } from './marketplace-sale';
import { MARKET_CLAIMS_PER_DAY, TIMERS } from '../crm.constants';
import type { DisputeDto, OfferLeadDto } from '../dto/crm.dto';
import type { CrmLeadOffer, CrmLeadSale } from '../entities/offer.entity';
import { toMaskedOfferJson, toPurchaseJson } from './marketplace.mapper';
import { CrmMarketplaceRepository } from './marketplace.repository';
import { requireBuyer, requireOfferer, requireRefunder } from '../crm.policy';

const DAY_MS = 24 * 3600_000;

/**
 * The lead marketplace: a book offers a lead for image credits or for money, exclusive (one buyer) or shared (up to
 * `max_buyers` books); other realtors see it masked, and each buyer (claiming for credits, or paying through the
 * cart and checkout) gets their own copy of the contact in their own book, once per book, and may dispute for 72
 * hours. The offer leaves the marketplace with its last copy. When a sale's window closes unchallenged a timer
 * settles it and credits the seller; a verified duplicate or invalid phone is refunded at once, other disputes by
 * the seller or an admin. Credits move on the CreditsService ledger in the sale's transaction; money through
 * commerce, with the seller's share on the seller ledger (CrmSellerLedgerService).
 */
@Injectable()
export class CrmMarketplaceService {
  constructor(
    private readonly repo: CrmMarketplaceRepository,
    private readonly access: CrmAccessService,
    private readonly teams: TeamsService,
    private readonly credits: CreditsService,
    private readonly timers: TimersService,
    private readonly money: CrmMarketplaceMoneyService,
    private readonly sellerLedger: CrmSellerLedgerService,
    private readonly clock: Clock,
  ) {}

  /** The lead's agent or a manager of its book offers it once; a lead already offered answers 409. */
  /** A lead its agent or a manager of its team may put on the marketplace. */
  async offerable(user: User, leadId: string) {
    const { lead, book } = await this.access.lead(user, leadId);
    requireOfferer(book, user, lead);
    return lead;
  }

  /** The user's own purchase from this offer: only its buyer disputes it. */
  async disputable(user: User, offerId: string): Promise<CrmLeadSale> {
    await this.found(this.repo, offerId, false);
    const sale = await this.repo.saleOf(offerId, null, user.id);
    requireBuyer(sale);
    return sale;
  }

  /** An offer its seller (or an admin) may refund a sale of. */
  async refundable(user: User, offerId: string): Promise<CrmLeadOffer> {
    return this.assertRefunder(user, await this.found(this.repo, offerId, false));
  }

  async offer(user: User, leadId: string, dto: OfferLeadDto): Promise<MaskedOfferJson> {
    const lead = await this.offerable(user, leadId);
    const money = dto.price_minor !== undefined;
    const offer = await this.repo.insertOffer(
      {
        leadId,
        sellerId: user.id,
        sellerTeamId: lead.teamId,
        priceCredits: money ? 0 : dto.price_credits!,
        priceMinor: money ? dto.price_minor! : null,
        currency: money ? dto.currency! : null,
        timeline: dto.timeline,
        maxBuyers: dto.max_buyers ?? 1,
      },
      this.clock.now(),
    );
    if (!offer) throw new ConflictException('This lead is already on the marketplace.');
    return toMaskedOfferJson(offer, lead, user.id);
  }

  async page(user: User, page: number, perPage: number, offset: number): Promise<MarketplaceProps> {
    this.access.assertCrmUser(user);
    const [offers, purchases, used, credits, sales] = await Promise.all([
      this.offers(user, page, perPage, offset),
      this.purchases(user, 1, 10, 0),
      this.repo.claimsSince(user.id, new Date(this.clock.nowMs() - DAY_MS)),
      this.credits.balance(user.id),
      this.sellerLedger.earnings(user.id),
    ]);
    return { offers, purchases, claims_left_today: Math.max(0, MARKET_CLAIMS_PER_DAY - used), credits, ...sales };
  }

  async offers(user: User, page: number, perPage: number, offset: number): Promise<Page<MaskedOfferJson>> {
    this.access.assertCrmUser(user);
    const [rows, total] = await this.repo.openOffers(offset, perPage);
    const leads = new Map((await this.repo.leadsByIds(rows.map((o) => o.leadId))).map((l) => [l.id, l]));
    const json = rows
      .filter((o) => leads.has(o.leadId))
      .map((o) => toMaskedOfferJson(o, leads.get(o.leadId)!, user.id));
    return pageOf(json, page, perPage, total);
  }

  async purchases(user: User, page: number, perPage: number, offset: number): Promise<Page<PurchaseJson>> {
    this.access.assertCrmUser(user);
    const [rows, total] = await this.repo.boughtBy(user.id, offset, perPage);
    return pageOf(await this.toPurchases(rows, user.id), page, perPage, total);
  }

  /**
   * A claim for credits, in one transaction: the offer row is locked, so simultaneous claims queue on it and only
   * as many win as copies are left (exclusive: one), the others 409; a book buys an offer once (409 again); the
   * buyer's claims are serialised for the daily limit; the credits are spent, the contact and a lead are copied into
   * the buyer's current book (or join the contact already there), and the sale's settle timer is set.
   */
  async claim(user: User, offerId: string): Promise<PurchaseJson> {
    this.access.assertCrmUser(user);
    const book = await this.teams.currentMembership(user);
    const now = this.clock.now();
    const sale = await this.repo.transaction(async (tx) => {
      const offer = await this.found(tx, offerId);
      const refusal = await saleRefusal(tx, offer, book.id);
      if (refusal === 'own') assertMayBuy(refusal);
      if (offer.priceMinor !== null) {
        throw ValidationFailedException.of('offer', 'This lead is priced in money: buy it through the cart.');
      }
      assertMayBuy(refusal);
      await tx.lockBuyer(user.id);
      if ((await tx.claimsSince(user.id, new Date(now.getTime() - DAY_MS))) >= MARKET_CLAIMS_PER_DAY) {
        throw new HttpException(
          `You may claim ${MARKET_CLAIMS_PER_DAY} marketplace leads a day; try again tomorrow.`,
          HttpStatus.TOO_MANY_REQUESTS,
        );
      }
      await this.credits.spend(user.id, offer.priceCredits, `Lead marketplace: claimed lead ${offer.id}`, tx.manager);
      return sellOffer(tx, offer, user.id, book.id, now, { kind: 'credits' });
    });
    await this.timers.at(sale.disputeEndsAt, TIMERS.marketSettle, { saleId: sale.id }, sale.id);
    return (await this.toPurchases([sale], user.id))[0];
  }

  /**
   * The buyer disputes their own sale within its window. A duplicate (their book already held the person when they
   * bought) or an invalid phone is checked here and refunded at once (credits on the ledger, money as a commerce
   * refund); other reasons keep the payment in escrow until the seller or an admin decides. Other buyers' sales of
   * a shared offer are untouched.
   */
  async dispute(user: User, offerId: string, dto: DisputeDto): Promise<PurchaseJson> {
    const now = this.clock.now();
    const kind = dto.kind ?? 'other';
    const sale = await this.repo.transaction(async (tx) => {
      await this.found(tx, offerId, false);
      const s = await tx.saleOf(offerId, null, user.id, true);
      requireBuyer(s);
      if (s.status !== 'sold') throw new ConflictException(`This sale is already ${s.status}.`);
      if (now.getTime() >= s.disputeEndsAt.getTime()) {
        throw new ConflictException('The 72-hour dispute window has closed.');
      }
      const values = { status: 'disputed' as const, disputeReason: dto.reason, disputeKind: kind, disputedAt: now };
      await tx.updateSale(s.id, values);
      return { ...s, ...values };
    });
    const contact = sale.buyerContactId ? (await this.repo.contactsByIds([sale.buyerContactId]))[0] : null;
    const verified =
      (kind === 'duplicate' && sale.buyerHadContact) || (kind === 'invalid_phone' && phoneIsInvalid(contact?.phone));
    if (verified) await this.refund(null, offerId, sale.id);
    return (await this.toPurchases([(await this.repo.findSale(sale.id))!], user.id))[0];
  }

  /**
   * One disputed sale refunded, once: credits back on the ledger in the sale's transaction, or money back as a
   * commerce refund of the order line, then the seller's earning reversed by a new seller-ledger row. The seller or
   * an admin decides (`user`, naming the sale when a shared offer has several disputed), or the dispute's own check.
   */
  async refund(user: User | null, offerId: string, saleId?: string): Promise<RefundJson> {
    const now = this.clock.now();
    const { offer, sale } = await this.repo.transaction(async (tx) => {
      const o = user
        ? this.assertRefunder(user, await this.found(tx, offerId, false))
        : await this.found(tx, offerId, false);
      const s = await this.disputedSale(tx, offerId, saleId);
      if (o.priceMinor === null) {
        const why = `Lead marketplace: refund for lead ${o.id}`;
        await this.credits.refund(s.buyerId!, o.priceCredits, why, tx.manager);
      }
      await tx.updateSale(s.id, { status: 'refunded', closedAt: now });
      return { offer: o, sale: s };
    });
    if (offer.priceMinor === null) {
      return { status: 'refunded', refunded_credits: offer.priceCredits, refunded: null };
    }
    await this.money.refundSale(offer, sale, user?.id ?? null);
    return {
      status: 'refunded',
      refunded_credits: 0,
      refunded: { amount_minor: offer.priceMinor, currency: offer.currency! },
    };
  }

  /**
   * Timer at a sale's window end, re-checked: an undisputed sale settles once; a credits seller is credited, a money
   * seller's earning moves to their affiliate payout balance in the same transaction (or awaits a payout account).
   * (Timers set before shared offers name the offer: its due sales settle.)
   */
  async onSettle(data: { saleId?: string; offerId?: string }): Promise<boolean> {
    const ids = data.saleId ? [data.saleId] : (await this.repo.salesOf(data.offerId ?? '', 'sold')).map((s) => s.id);
    let settled = false;
    for (const id of ids) settled = (await this.settleSale(id)) || settled;
    return settled;
  }

  private async settleSale(saleId: string): Promise<boolean> {
    const now = this.clock.now();
    return this.repo.transaction(async (tx) => {
      const s = await tx.findSale(saleId, true);
      if (!s || s.status !== 'sold' || now.getTime() < s.disputeEndsAt.getTime()) return false;
      const [o] = await tx.offersByIds([s.offerId]);
      if (o.priceMinor === null) {
        await this.credits.grant(o.sellerId, o.priceCredits, `Lead marketplace: sale of lead ${o.id}`, tx.manager);
      }
      await tx.updateSale(s.id, { status: 'settled', closedAt: now });
      if (o.priceMinor !== null) await this.sellerLedger.transfer(tx, { ...s, status: 'settled' });
      return true;
    });
  }

  /** The locked disputed sale to refund: the one named, or the offer's only disputed sale. */
  private async disputedSale(tx: CrmMarketplaceRepository, offerId: string, saleId?: string): Promise<CrmLeadSale> {
    const disputed = saleId ? [] : await tx.salesOf(offerId, 'disputed');
    if (!saleId && disputed.length > 1) {
      throw ValidationFailedException.of('sale_id', 'Several buyers disputed this lead: name the sale to refund.');
    }
    const id = saleId ?? disputed[0]?.id;
    const s = id ? await tx.findSale(id, true) : null;
    if (!s || s.offerId !== offerId || s.status !== 'disputed' || !s.buyerId) {
      throw new ConflictException('Only a disputed sale can be refunded.');
    }
    return s;
  }

  private assertRefunder(user: User, offer: CrmLeadOffer): CrmLeadOffer {
    requireRefunder(user, offer);
    return offer;
  }

  private async found(tx: CrmMarketplaceRepository, id: string, lock = true): Promise<CrmLeadOffer> {
    const offer = await tx.findOffer(id, lock);
    if (!offer) throw new NotFoundException('There is no offer with that id.');
    return offer;
  }

  private async toPurchases(rows: CrmLeadSale[], buyerId: string): Promise<PurchaseJson[]> {
    const [offers, contacts] = await Promise.all([
      this.repo.offersByIds(rows.map((s) => s.offerId)),
      this.repo.contactsByIds(rows.flatMap((s) => (s.buyerContactId ? [s.buyerContactId] : []))),
    ]);
    const leads = await this.repo.leadsByIds(offers.map((o) => o.leadId));
    const byOffer = new Map(offers.map((o) => [o.id, o]));
    const byLead = new Map(leads.map((l) => [l.id, l]));
    const byContact = new Map(contacts.map((c) => [c.id, c]));
    const now = this.clock.now();
    return rows.flatMap((s) => {
      const o = byOffer.get(s.offerId);
      const lead = o && byLead.get(o.leadId);
      if (!o || !lead) return [];
      return [toPurchaseJson(o, s, lead, byContact.get(s.buyerContactId ?? '') ?? null, buyerId, now)];
    });
  }
}
