import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { DashboardQueryDto } from '../properties';
import { paginate, type LinkedPage, QueryParams } from '../../common/pagination';
import { DEFAULT_PAGE_SIZE } from '../properties';
import { Property } from '../properties';
import { applyPublishFilter, applySearch, applySort, PropertiesService } from '../properties';
import type { User } from '../users';
import { isUuid } from '../../common/uuid.pipe';
import { ListingMediaRegistry } from './listing-media.registry';
import type { Listing as ListingJson, OpenHouseSummary as OpenHouseSummaryJson } from '../../contracts/listings';
import { Listing } from './listing.entity';

export type { ListingJson, OpenHouseSummaryJson };

export type OpenHousesLoader = (listingIds: string[]) => Promise<Map<string, OpenHouseSummaryJson[]>>;

@Injectable()
export class ListingsService {
  private openHousesLoader: OpenHousesLoader | null = null;

  constructor(
    @InjectRepository(Listing) private readonly listings: Repository<Listing>,
    @InjectRepository(Property) private readonly propertyRepo: Repository<Property>,
    private readonly properties: PropertiesService,
    private readonly media: ListingMediaRegistry,
  ) {}

  /** The open-houses module supplies upcoming open houses per listing. */
  useOpenHouses(loader: OpenHousesLoader): void {
    this.openHousesLoader = loader;
  }

  async findWithProperty(id: string): Promise<{ listing: Listing; property: Property } | null> {
    const listing = isUuid(id) ? await this.listings.findOneBy({ id }) : null;
    const property = listing ? await this.properties.findById(listing.propertyId) : null;
    return listing && property ? { listing, property } : null;
  }

  /** 404 for unknown ids and for listings whose property the viewer may not see. */
  async getVisible(id: string, viewer: User | null | undefined): Promise<{ listing: Listing; property: Property }> {
    const found = await this.findWithProperty(id);
    if (!found || !(await this.properties.canView(found.property, viewer))) {
      throw new NotFoundException('There is no listing with that id.');
    }
    return found;
  }

  async getEditable(id: string, user: User): Promise<{ listing: Listing; property: Property }> {
    const found = await this.getVisible(id, user);
    await this.properties.assertEditable(found.property, user);
    return found;
  }

  async json(pairs: Array<{ listing: Listing; property: Property }>): Promise<ListingJson[]> {
    const summaries = await this.properties.summaries(pairs.map((p) => p.property));
    const ids = pairs.map((p) => p.listing.id);
    const [media, openHouses] = await Promise.all([
      this.media.resolve(
        pairs.map(({ listing }) => ({
          listingId: listing.id,
          spotId: listing.spotId,
          spotVideoId: listing.spotVideoId,
          walkthroughId: listing.walkthroughId,
        })),
      ),
      this.openHousesLoader && ids.length
        ? this.openHousesLoader(ids)
        : Promise.resolve(new Map<string, OpenHouseSummaryJson[]>()),
    ]);
    return pairs.map(({ listing, property }, i) => ({
      id: listing.id,
      name: property.name,
      property: summaries[i],
      ...media.get(listing.id)!,
      open_houses: openHouses.get(listing.id) ?? [],
      created_at: listing.createdAt.toISOString(),
    }));
  }

  async one(listing: Listing, property: Property): Promise<ListingJson> {
    return (await this.json([{ listing, property }]))[0];
  }

  /** Listings dashboard: the user's listings with publish (not all), search, sort, count, page. */
  async dashboard(user: User, query: DashboardQueryDto, teamId?: string): Promise<LinkedPage<ListingJson>> {
    const perPage = query.count ?? DEFAULT_PAGE_SIZE;
    const page = query.page ?? 1;
    // One round trip for the page: the property, its listing's columns and the total (window count,
    // computed before LIMIT/OFFSET). Backed by properties_user_created_idx / properties_user_price_idx.
    const qb = this.propertyRepo
      .createQueryBuilder('p')
      .innerJoin(Listing, 'l', 'l.property_id = p.id')
      .addSelect('l')
      .addSelect('count(*) OVER ()', 'total_count')
      // mine: the user's own; team (teamId given for scope=team): the current team's.
      .where(teamId ? 'p.team_id = :tid' : 'p.user_id = :uid', teamId ? { tid: teamId } : { uid: user.id });
    applyPublishFilter(qb, 'p', query.publish);
    applySearch(qb, 'p', query.search);
    applySort(qb, 'p', query.sort);
    qb.offset((page - 1) * perPage).limit(perPage);
    const { entities, raw } = await qb.getRawAndEntities<Record<string, unknown>>();
    // Past the last page the window count has no row to ride on: count separately.
    const total = raw.length
      ? Number(raw[0].total_count)
      : page > 1
        ? await qb.clone().offset(undefined).limit(undefined).getCount()
        : 0;
    const byProperty = new Map(raw.map((r) => [String(r.l_property_id), this.listingFromRaw(r)]));
    const pairs = entities
      .map((property) => ({ property, listing: byProperty.get(property.id)! }))
      .filter((p) => p.listing);
    const params: QueryParams = {
      publish: query.publish === 'all' ? undefined : query.publish,
      search: query.search?.trim(),
      sort: query.sort,
      count: query.count,
      scope: query.scope,
    };
    return paginate(await this.json(pairs), total, page, perPage, '/api/listings/dashboard/paginate', params);
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

  /** The user's listings as choices for a picker (e.g. which listing a walkthrough belongs to), newest first. */
  async choicesFor(userId: string, limit = 200): Promise<Array<{ id: string; name: string }>> {
    const rows = await this.propertyRepo
      .createQueryBuilder('p')
      .innerJoin(Listing, 'l', 'l.property_id = p.id')
      .select(['l.id AS id', 'p.name AS name'])
      .where('p.user_id = :uid', { uid: userId })
      .orderBy('p.created_at', 'DESC')
      .limit(limit)
      .getRawMany<{ id: string; name: string | null }>();
    return rows.map((r) => ({ id: r.id, name: r.name || 'Untitled listing' }));
  }

  /** A user's published listings (profile page), newest first. */
  async publishedBy(userId: string, page: number, perPage: number): Promise<LinkedPage<ListingJson>> {
    const qb = this.propertyRepo
      .createQueryBuilder('p')
      .innerJoin(Listing, 'l', 'l.property_id = p.id')
      .addSelect('l.id', 'listing_id')
      .where('p.user_id = :uid AND p.publish AND NOT p.is_private AND p.archived_at IS NULL', { uid: userId })
      .orderBy('p.published_at', 'DESC', 'NULLS LAST')
      .addOrderBy('p.id')
      .offset((page - 1) * perPage)
      .limit(perPage);
    const [total, { entities }] = await Promise.all([qb.getCount(), qb.getRawAndEntities()]);
    const listings = entities.length ? await this.listings.findBy({ propertyId: In(entities.map((e) => e.id)) }) : [];
    const byProperty = new Map(listings.map((l) => [l.propertyId, l]));
    const pairs = entities
      .map((property) => ({ property, listing: byProperty.get(property.id)! }))
      .filter((p) => p.listing);
    return paginate(await this.json(pairs), total, page, perPage, `/api/profile/user/${userId}`, {});
  }
}
