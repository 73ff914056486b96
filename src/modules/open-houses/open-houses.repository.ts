import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { hydrate, preparedQuery, selectList } from '../../database/raw-rows';
import { OpenHouse, OpenHouseRsvp } from './open-house.entity';

type Tx = EntityManager;

/** An RSVP not yet confirmed by email holds its spot this long, then stops counting. */
export const UNCONFIRMED_HOLD_MINUTES = 30;
/** The RSVPs that take a spot: not cancelled, and confirmed or still within their hold. */
const TAKES_A_SPOT = `r.cancelled_at IS NULL AND (r.confirmed_at IS NOT NULL OR r.created_at > now() - interval '${UNCONFIRMED_HOLD_MINUTES} minutes')`;

/**
 * The only place with SQL/TypeORM for open_houses and open_house_rsvps. Methods that take a `Tx` run inside
 * the caller's transaction (`transaction(work)`), after `lockHouse` so capacity checks and writes serialise.
 */
@Injectable()
export class OpenHousesRepository {
  private upcomingSql: string | null = null;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (m: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  // ---- open houses ----

  find(id: string): Promise<OpenHouse | null> {
    return this.db.getRepository(OpenHouse).findOneBy({ id });
  }

  /**
   * The listings' open houses that end after `now`, earliest first: a named prepared statement (every listing list
   * asks it), by open_houses_listing_starts_idx.
   */
  async upcomingFor(listingIds: string[], now: Date): Promise<OpenHouse[]> {
    const meta = this.db.getMetadata(OpenHouse);
    this.upcomingSql ??= `SELECT ${selectList(meta, 'h')} FROM open_houses h
      WHERE h.listing_id = ANY($1::uuid[]) AND h.ends_at > $2 ORDER BY h.starts_at, h.id`;
    const rows = await preparedQuery(this.db, 'open_houses_upcoming', this.upcomingSql, [listingIds, now]);
    return rows.map((row) => hydrate<OpenHouse>(meta, row));
  }

  forListing(listingId: string, limit: number): Promise<OpenHouse[]> {
    return this.db.getRepository(OpenHouse).find({ where: { listingId }, order: { startsAt: 'ASC' }, take: limit });
  }

  countForListing(listingId: string): Promise<number> {
    return this.db.getRepository(OpenHouse).countBy({ listingId });
  }

  insert(house: Pick<OpenHouse, 'listingId' | 'startsAt' | 'endsAt' | 'capacity' | 'notes'>): Promise<OpenHouse> {
    const rows = this.db.getRepository(OpenHouse);
    return rows.save(rows.create(house));
  }

  async delete(id: string): Promise<void> {
    await this.db.getRepository(OpenHouse).delete({ id });
  }

  /** Locks the open house row for the rest of the transaction. */
  async lockHouse(m: Tx, id: string): Promise<void> {
    await m.query('SELECT id FROM open_houses WHERE id = $1 FOR UPDATE', [id]);
  }

  // ---- RSVPs ----

  /** How many RSVPs hold a spot at each of the open houses (houses with none are absent). */
  async spotsTaken(houseIds: string[]): Promise<Map<string, number>> {
    if (!houseIds.length) return new Map();
    const counts = (await this.db
      .getRepository(OpenHouseRsvp)
      .createQueryBuilder('r')
      .select('r.open_house_id', 'id')
      .addSelect('count(*)::int', 'n')
      .where(`r.open_house_id IN (:...ids) AND ${TAKES_A_SPOT}`, { ids: houseIds })
      .groupBy('r.open_house_id')
      .getRawMany()) as Array<{ id: string; n: number }>;
    return new Map(counts.map((c) => [c.id, c.n]));
  }

  /** RSVPs holding a spot at the open house, leaving out `exceptRsvpId`. */
  countTakingSpots(m: Tx, houseId: string, exceptRsvpId?: string): Promise<number> {
    const qb = m
      .getRepository(OpenHouseRsvp)
      .createQueryBuilder('r')
      .where(`r.open_house_id = :id AND ${TAKES_A_SPOT}`, { id: houseId });
    if (exceptRsvpId) qb.andWhere('r.id <> :rsvp', { rsvp: exceptRsvpId });
    return qb.getCount();
  }

  /** Whether an RSVP holding a spot at the open house has this (lower-case) email. */
  emailTakesSpot(m: Tx, houseId: string, email: string): Promise<boolean> {
    return m
      .getRepository(OpenHouseRsvp)
      .createQueryBuilder('r')
      .where(`r.open_house_id = :id AND ${TAKES_A_SPOT} AND lower(r.email) = :email`, { id: houseId, email })
      .getExists();
  }

  insertRsvp(m: Tx, rsvp: Partial<OpenHouseRsvp>): Promise<OpenHouseRsvp> {
    const rows = m.getRepository(OpenHouseRsvp);
    return rows.save(rows.create(rsvp));
  }

  async updateRsvp(id: string, changes: Partial<OpenHouseRsvp>, m: Tx = this.db.manager): Promise<void> {
    await m.getRepository(OpenHouseRsvp).update({ id }, changes);
  }

  /** Removes the RSVP from that open house; true when there was one. */
  async deleteRsvp(id: string, houseId: string): Promise<boolean> {
    const result = await this.db.getRepository(OpenHouseRsvp).delete({ id, openHouseId: houseId });
    return !!result.affected;
  }

  rsvpPage(houseId: string, offset: number, limit: number): Promise<[OpenHouseRsvp[], number]> {
    return this.db.getRepository(OpenHouseRsvp).findAndCount({
      where: { openHouseId: houseId },
      order: { createdAt: 'ASC' },
      skip: offset,
      take: limit,
    });
  }

  rsvpByToken(token: string): Promise<OpenHouseRsvp | null> {
    return this.db.getRepository(OpenHouseRsvp).findOneBy({ token });
  }

  rsvpByConfirmHash(hash: string): Promise<OpenHouseRsvp | null> {
    return this.db.getRepository(OpenHouseRsvp).findOneBy({ confirmTokenHash: hash });
  }
}
