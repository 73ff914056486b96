import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { hydrate, preparedQuery, selectList } from '../../database/raw-rows';
import { countsOfRow, dashboardStatement, type DashboardQueryDto, Property, PropertyUpload } from '../properties';
import { Listing } from './listing.entity';

/** A listing with the property it shows (and its featured photo when the read brought it: undefined = not read). */
export interface ListingPair {
  listing: Listing;
  property: Property;
  featured?: PropertyUpload | null;
}

/**
 * The listings table. Lists join the properties they show in the same query (a listing's name, filters and order
 * are its property's), so a page is one round trip; properties' own rows are still written only by properties.
 */
@Injectable()
export class ListingsRepository {
  private dashboardSelect: string | null = null;

  constructor(
    @InjectRepository(Listing) private readonly listings: Repository<Listing>,
    @InjectRepository(Property) private readonly properties: Repository<Property>,
  ) {}

  findById(id: string): Promise<Listing | null> {
    return this.listings.findOneBy({ id });
  }

  /**
   * One dashboard page (mine: `userId`'s own; team: `teamId`'s) with its total: one named prepared statement
   * (`dashboardStatement`: the property, its listing's columns and featured photo, and the counts of the search),
   * backed by properties_user_created_idx / properties_user_price_idx.
   */
  async dashboardPage(
    owner: { userId: string; teamId?: string },
    query: DashboardQueryDto,
    page: number,
    perPage: number,
  ): Promise<{ pairs: ListingPair[]; total: number }> {
    const db = this.properties.manager.connection;
    const [meta, listingMeta, uploadMeta] = [Property, Listing, PropertyUpload].map((e) => db.getMetadata(e));
    this.dashboardSelect ??= [
      selectList(meta, 'p', 'p_'),
      selectList(listingMeta, 'l', 'l_'),
      selectList(uploadMeta, 'fu', 'fu_'),
    ].join(', ');
    const byTeam = owner.teamId !== undefined;
    const { publish, search, sort } = query;
    const statement = dashboardStatement(
      { owner: byTeam ? 'team' : 'user', publish, search, sort, counts: true },
      {
        prefix: 'listings_dash',
        select: this.dashboardSelect,
        pageFrom: `properties p JOIN listings l ON l.property_id = p.id
                   LEFT JOIN property_uploads fu ON fu.id = p.featured_upload_id`,
        countFrom: 'properties p JOIN listings l ON l.property_id = p.id',
      },
      byTeam ? owner.teamId! : owner.userId,
      page,
      perPage,
    );
    const raw = await preparedQuery<Record<string, unknown>>(db, statement.name, statement.text, statement.values);
    const pairs = raw
      .filter((r) => r.p_id !== null)
      .map((r) => ({
        property: hydrate<Property>(meta, r, 'p_'),
        listing: hydrate<Listing>(listingMeta, r, 'l_'),
        featured: r.fu_id === null ? null : hydrate<PropertyUpload>(uploadMeta, r, 'fu_'),
      }));
    return { pairs, total: countsOfRow(raw[0])![publish ?? 'all'] };
  }

  /** Listings by id with their properties, in one statement (unknown ids are left out). */
  async pairsByIds(ids: string[]): Promise<ListingPair[]> {
    if (!ids.length) return [];
    const { entities, raw } = await this.withListing()
      .addSelect('l')
      .where('l.id IN (:...ids)', { ids })
      .getRawAndEntities<Record<string, unknown>>();
    const byProperty = new Map(raw.map((r) => [String(r.l_property_id), this.listingFromRaw(r)]));
    return pairUp(entities, byProperty);
  }

  /** The user's listings as id and name, newest first (from `offset`). */
  choicesFor(userId: string, limit: number, offset = 0): Promise<Array<{ id: string; name: string | null }>> {
    return this.withListing()
      .select(['l.id AS id', 'p.name AS name'])
      .where('p.user_id = :uid', { uid: userId })
      .orderBy('p.created_at', 'DESC')
      .addOrderBy('l.id', 'DESC')
      .offset(offset)
      .limit(limit)
      .getRawMany<{ id: string; name: string | null }>();
  }

  /** How many listings the user has (the picker's total). */
  countFor(userId: string): Promise<number> {
    return this.withListing().where('p.user_id = :uid', { uid: userId }).getCount();
  }

  /**
   * A user's published, public, unarchived listings, newest publication first, with their total: one statement (the
   * listing's columns and a window count ride on each property row), like the dashboard page.
   */
  async publishedPage(userId: string, page: number, perPage: number): Promise<{ pairs: ListingPair[]; total: number }> {
    const qb = this.withListing()
      .addSelect('l')
      .addSelect('count(*) OVER ()', 'total_count')
      .where('p.user_id = :uid AND p.publish AND NOT p.is_private AND p.archived_at IS NULL', { uid: userId })
      .orderBy('p.published_at', 'DESC', 'NULLS LAST')
      .addOrderBy('p.id');
    return this.countedPage(qb, page, perPage);
  }

  /**
   * One page of a listings query that selects `count(*) OVER ()` as `total_count`: the pairs and the total from the
   * same round trip. Past the last page the window count has no row to ride on, so it is counted separately.
   */
  private async countedPage(
    qb: ReturnType<ListingsRepository['withListing']>,
    page: number,
    perPage: number,
  ): Promise<{ pairs: ListingPair[]; total: number }> {
    qb.offset((page - 1) * perPage).limit(perPage);
    const { entities, raw } = await qb.getRawAndEntities<Record<string, unknown>>();
    const total = raw.length
      ? Number(raw[0].total_count)
      : page > 1
        ? await qb.clone().offset(undefined).limit(undefined).getCount()
        : 0;
    const byProperty = new Map(raw.map((r) => [String(r.l_property_id), this.listingFromRaw(r)]));
    return { pairs: pairUp(entities, byProperty), total };
  }

  private withListing() {
    return this.properties.createQueryBuilder('p').innerJoin(Listing, 'l', 'l.property_id = p.id');
  }

  private listingFromRaw(r: Record<string, unknown>): Listing {
    return this.listings.create({
      id: r.l_id as string,
      propertyId: r.l_property_id as string,
      userId: r.l_user_id as string,
      spotId: (r.l_spot_id as string | null) ?? null,
      spotVideoId: (r.l_spot_video_id as string | null) ?? null,
      walkthroughId: (r.l_walkthrough_id as string | null) ?? null,
      createdAt: new Date(r.l_created_at as string | Date),
      updatedAt: new Date(r.l_updated_at as string | Date),
    });
  }

  /** Listings created in [start, end) (the admin metrics rollup). */
  async createdBetween(start: Date, end: Date): Promise<number> {
    const [{ n }] = await this.listings.query<Array<{ n: string }>>(
      `SELECT count(*) AS n FROM listings WHERE created_at >= $1 AND created_at < $2`,
      [start, end],
    );
    return Number(n);
  }
}

/** Properties in their order, each with its listing (a property without one is left out). */
function pairUp(properties: Property[], byProperty: Map<string, Listing>): ListingPair[] {
  return properties.map((property) => ({ property, listing: byProperty.get(property.id)! })).filter((p) => p.listing);
}
