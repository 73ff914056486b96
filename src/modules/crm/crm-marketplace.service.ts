import {
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import type { Page } from '../../contracts/common';
import type { MarketplaceProps, MaskedOfferJson, PurchaseJson, RefundJson } from '../../contracts/crm';
import { CreditsService } from '../credits';
import { TimersService } from '../jobs';
import { TeamsService } from '../teams';
import type { User } from '../users';
import { ValidationFailedException } from '../../common/validation';
import { CrmAccessService } from './crm-access.service';
import { CrmMarketplaceMoneyService } from './crm-marketplace-money.service';
import { phoneIsInvalid } from './identity';
import { sellOffer } from './marketplace-sale';
import { MARKET_CLAIMS_PER_DAY, TIMERS } from './crm.constants';
import type { DisputeDto, OfferLeadDto } from './dto/crm.dto';
import type { CrmLeadOffer } from './entities/offer.entity';
import { toMaskedOfferJson, toPurchaseJson } from './marketplace.mapper';
import { CrmMarketplaceRepository } from './marketplace.repository';

const DAY_MS = 24 * 3600_000;

/**
 * The lead marketplace: a book offers a lead for image credits or for money; other realtors see it masked and the
 * first to claim (credits) or to pay (money, through the cart and checkout) gets a copy of the contact in their own
 * book, and may dispute for 72 hours. When the window closes unchallenged a timer settles the sale and credits the
 * seller; a verified duplicate or invalid phone is refunded at once, other disputes by the seller or an admin.
 * Every credit movement goes through the CreditsService ledger in the sale's transaction; money through commerce.
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
    private readonly clock: Clock,
  ) {}

  /** The lead's agent or a manager of its book offers it once; a lead already offered answers 409. */
  async offer(user: User, leadId: string, dto: OfferLeadDto): Promise<MaskedOfferJson> {
    const { lead, book } = await this.access.lead(user, leadId);
    if (!book.manager && lead.agentId !== user.id) {
      throw new ForbiddenException("Only the lead's agent or a manager of the team may offer it.");
    }
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
      },
      this.clock.now(),
    );
    if (!offer) throw new ConflictException('This lead is already on the marketplace.');
    return toMaskedOfferJson(offer, lead, user.id);
  }

  async page(user: User, page: number, perPage: number, offset: number): Promise<MarketplaceProps> {
    this.access.assertCrmUser(user);
    const [offers, purchases, used, credits] = await Promise.all([
      this.offers(user, page, perPage, offset),
      this.purchases(user, 1, 10, 0),
      this.repo.claimsSince(user.id, new Date(this.clock.nowMs() - DAY_MS)),
      this.credits.balance(user.id),
    ]);
    return { offers, purchases, claims_left_today: Math.max(0, MARKET_CLAIMS_PER_DAY - used), credits };
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
   * First to claim, in one transaction: the offer row is locked, so of simultaneous claims one wins and the others
   * get 409; the buyer's claims are serialised for the daily limit; the credits are spent, the contact and a lead
   * are copied into the buyer's current book (or join the contact already there), and the settle timer is set.
   */
  async claim(user: User, offerId: string): Promise<PurchaseJson> {
    this.access.assertCrmUser(user);
    const book = await this.teams.currentMembership(user);
    const now = this.clock.now();
    const sold = await this.repo.transaction(async (tx) => {
      const offer = await tx.findOffer(offerId, true);
      if (!offer) throw new NotFoundException('There is no offer with that id.');
      if (offer.sellerTeamId === book.id) throw new ForbiddenException("This lead is already in your team's book.");
      if (offer.status !== 'open') throw new ConflictException('Another realtor claimed this lead first.');
      if (offer.priceMinor !== null) {
        throw ValidationFailedException.of('offer', 'This lead is priced in money: buy it through the cart.');
      }
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
    await this.timers.at(sold.disputeEndsAt!, TIMERS.marketSettle, { offerId }, offerId);
    return (await this.toPurchases([sold], user.id))[0];
  }
  /**
   * The buyer disputes within the window. A duplicate (their book already held the person when they bought) or an
   * invalid phone is checked here and refunded at once (credits on the ledger, money as a commerce refund); other
   * reasons keep the payment in escrow until the seller or an admin decides.
   */
  async dispute(user: User, offerId: string, dto: DisputeDto): Promise<PurchaseJson> {
    const now = this.clock.now();
    const kind = dto.kind ?? 'other';
    const offer = await this.repo.transaction(async (tx) => {
      const o = await this.found(tx, offerId);
      if (o.buyerId !== user.id) throw new ForbiddenException('Only the buyer may dispute this sale.');
      if (o.status !== 'sold') throw new ConflictException(`This sale is already ${o.status}.`);
      if (now.getTime() >= o.disputeEndsAt!.getTime())
        throw new ConflictException('The 72-hour dispute window has closed.');
      const values = { status: 'disputed' as const, disputeReason: dto.reason, disputeKind: kind, disputedAt: now };
      await tx.updateOffer(o.id, values);
      return { ...o, ...values };
    });
    const contact = offer.buyerContactId ? (await this.repo.contactsByIds([offer.buyerContactId]))[0] : null;
    const verified =
      (kind === 'duplicate' && offer.buyerHadContact) || (kind === 'invalid_phone' && phoneIsInvalid(contact?.phone));
    if (verified) await this.refund(null, offerId);
    return (await this.toPurchases([(await this.repo.findOffer(offerId))!], user.id))[0];
  }

  /**
   * A disputed sale refunded, once: credits back on the ledger in the offer's transaction, or money back as a
   * commerce refund of the order line. The seller or an admin decides (`user`), or the dispute's own check (null).
   */
  async refund(user: User | null, offerId: string): Promise<RefundJson> {
    const now = this.clock.now();
    const o = await this.repo.transaction(async (tx) => {
      const found = await this.found(tx, offerId);
      if (user && user.role !== 'admin' && found.sellerId !== user.id) {
        throw new ForbiddenException('Only the seller or an admin may refund this sale.');
      }
      if (found.status !== 'disputed' || !found.buyerId) {
        throw new ConflictException('Only a disputed sale can be refunded.');
      }
      if (found.priceMinor === null) {
        const why = `Lead marketplace: refund for lead ${found.id}`;
        await this.credits.refund(found.buyerId, found.priceCredits, why, tx.manager);
      }
      await tx.updateOffer(found.id, { status: 'refunded', closedAt: now });
      return found;
    });
    if (o.priceMinor === null) return { status: 'refunded', refunded_credits: o.priceCredits, refunded: null };
    await this.money.refundSale(o, user?.id ?? null);
    return { status: 'refunded', refunded_credits: 0, refunded: { amount_minor: o.priceMinor, currency: o.currency! } };
  }

  /** Timer at the window's end, re-checked: an undisputed sale settles once and the seller is credited. */
  async onSettle({ offerId }: { offerId: string }): Promise<boolean> {
    const now = this.clock.now();
    return this.repo.transaction(async (tx) => {
      const o = await tx.findOffer(offerId, true);
      if (!o || o.status !== 'sold' || !o.disputeEndsAt || now.getTime() < o.disputeEndsAt.getTime()) return false;
      if (o.priceMinor === null) {
        await this.credits.grant(o.sellerId, o.priceCredits, `Lead marketplace: sale of lead ${o.id}`, tx.manager);
      }
      await tx.updateOffer(o.id, { status: 'settled', closedAt: now });
      return true;
    });
  }

  private async found(tx: CrmMarketplaceRepository, id: string): Promise<CrmLeadOffer> {
    const offer = await tx.findOffer(id, true);
    if (!offer) throw new NotFoundException('There is no offer with that id.');
    return offer;
  }

  private async toPurchases(rows: CrmLeadOffer[], buyerId: string): Promise<PurchaseJson[]> {
    const [leads, contacts] = await Promise.all([
      this.repo.leadsByIds(rows.map((o) => o.leadId)),
      this.repo.contactsByIds(rows.flatMap((o) => (o.buyerContactId ? [o.buyerContactId] : []))),
    ]);
    const byLead = new Map(leads.map((l) => [l.id, l]));
    const byContact = new Map(contacts.map((c) => [c.id, c]));
    const now = this.clock.now();
    return rows
      .filter((o) => byLead.has(o.leadId))
      .map((o) =>
        toPurchaseJson(o, byLead.get(o.leadId)!, byContact.get(o.buyerContactId ?? '') ?? null, buyerId, now),
      );
  }
}
