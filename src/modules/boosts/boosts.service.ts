import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import type { BoostableListing, ListingBoost } from '../../contracts/boosts';
import type { Page } from '../../contracts/common';
import { DomainEvents } from '../events';
import { TimersService } from '../jobs';
import { isOnMarket, PropertiesService, Property } from '../properties';
import { boostWindow, unusedShare } from './boost-rules';
import { BoostsRepository, type BoostRow } from './boosts.repository';
import { toListingBoostJson } from './boosts.mapper';

export const BOOST_EXPIRY_TIMER = 'boosts.expiry';
/** The boost picker lists at most this many of the buyer's listings (newest first). */
const PICKER_LIMIT = 100;

/** A paid boost line, as the payment's transaction hands it over. */
export interface PaidBoost {
  orderId: string;
  orderNumber: string;
  lineId: string;
  userId: string;
  propertyId: string;
  days: number;
  paidMinor: number;
  currency: string;
}

/**
 * Listing boosts: bought for one of the buyer's listings in market search, they put it first among matching results
 * ("Sponsored") for the paid days. A boost ends when its days run out (a timer, re-checked), when the listing
 * leaves the market (the unused days' share is refunded: `boost.ended`, which commerce pays back once), or when its
 * order line is refunded in full.
 */
@Injectable()
export class BoostsService {
  private readonly logger = new Logger('Boosts');

  constructor(
    private readonly repo: BoostsRepository,
    private readonly properties: PropertiesService,
    private readonly timers: TimersService,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  /** The listings the user may boost, with when their boosts already run until. */
  async boostable(userId: string): Promise<BoostableListing[]> {
    const listings = await this.properties.onMarketOf(userId, PICKER_LIMIT);
    const until = await this.repo.queuedUntilOf(listings.map((p) => p.id));
    const now = this.clock.now();
    return listings.map((p) => {
      const end = until.get(p.id);
      return { id: p.id, name: p.name, city: p.city, boosted_until: end && end > now ? end.toISOString() : null };
    });
  }

  /** 422 on `field` unless the listing is the user's own and in market search; answers its name. */
  async assertBoostable(userId: string, propertyId: string | undefined, field: string): Promise<Property> {
    if (!propertyId) throw ValidationFailedException.of(field, 'Choose the listing to boost.');
    const property = await this.properties.findById(propertyId);
    if (!property || property.userId !== userId)
      throw ValidationFailedException.of(field, 'Choose one of your own listings to boost.');
    if (!isOnMarket(property))
      throw ValidationFailedException.of(
        field,
        `${property.name} is not in market search (publish it, make it public and place it on the map first).`,
      );
    return property;
  }

  /** In the payment's transaction: the boost starts now or queues behind the listing's boost still running. */
  async start(paid: PaidBoost, m: EntityManager): Promise<void> {
    const now = this.clock.now();
    const { startsAt, endsAt } = boostWindow(now, await this.repo.queuedUntil(paid.propertyId, m), paid.days);
    const boost = await this.repo.insert({ ...paid, startsAt, endsAt }, m);
    // Set before the commit: a rolled-back payment leaves a timer that finds nothing to end.
    if (boost) await this.timers.at(endsAt, BOOST_EXPIRY_TIMER, { boostId: boost.id }, boost.id);
  }

  /** Listings whose boost runs now, for market search's sponsored places. */
  runningPropertyIds(): Promise<string[]> {
    return this.repo.runningPropertyIds(this.clock.now());
  }

  /** Timer: a boost whose days have run out ends (re-checked: an early or repeated firing changes nothing). */
  async expire(boostId: string): Promise<'expired' | 'skipped'> {
    const boost = await this.repo.find(boostId);
    if (!boost || boost.ended_at || boost.ends_at > this.clock.now()) return 'skipped';
    return (await this.repo.end(boost.id, { at: boost.ends_at, reason: 'expired', refundMinor: null }))
      ? 'expired'
      : 'skipped';
  }

  /**
   * A listing changed (or a boost was just paid for it): when it is no longer in market search, each of its boosts
   * not yet ended ends now and asks for its unused share back. Ending is one conditional update per boost, so a
   * repeated event ends and refunds nothing twice.
   */
  async settleListing(propertyId: string): Promise<number> {
    const property = await this.properties.findById(propertyId);
    if (property && isOnMarket(property)) return 0;
    const now = this.clock.now();
    const ended = await this.repo.db.transaction(async (m) => {
      const open = await this.repo.openOfProperty(propertyId, m);
      const done: Array<{ boost: BoostRow; refund: number }> = [];
      for (const boost of open) {
        const refund = unusedShare(Number(boost.paid_minor), boost, now);
        if (await this.repo.end(boost.id, { at: now, reason: 'unpublished', refundMinor: refund }, m))
          done.push({ boost, refund });
      }
      return done;
    });
    for (const { boost, refund } of ended) {
      this.logger.log(`Boost ${boost.id} ended: listing ${propertyId} left the market; ${refund} back`);
      await this.events.publish('boost.ended', `boost.ended|${boost.id}`, {
        boost_id: boost.id,
        order_id: boost.order_id,
        order_line_id: boost.order_line_id,
        reason: 'unpublished',
        refund_minor: refund,
      });
    }
    return ended.length;
  }

  /** In a refund's transaction: boosts of lines refunded in full end (their money went back already). */
  endRefundedLines(lineIds: string[], m: EntityManager): Promise<number> {
    return this.repo.endLines(lineIds, this.clock.now(), m);
  }

  /** The user's boosts, newest first, with each listing's name. */
  async mine(userId: string, page: number, perPage: number): Promise<Page<ListingBoost>> {
    const { rows, total } = await this.repo.ofUser(userId, perPage, (page - 1) * perPage);
    const ids = rows.map((r) => r.property_id).filter((id): id is string => !!id);
    const byId = new Map((await this.properties.findByIds(ids)).map((p) => [p.id, p]));
    const now = this.clock.now();
    const json = rows.map((r) => {
      const p = r.property_id ? byId.get(r.property_id) : undefined;
      return toListingBoostJson(r, p ? { id: p.id, name: p.name, slug: p.slug } : null, now);
    });
    return pageOf(json, page, perPage, total);
  }
}
