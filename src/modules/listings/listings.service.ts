import { Injectable, NotFoundException } from '@nestjs/common';
import { paginate, type LinkedPage } from '../../common/pagination';
import { isUuid } from '../../common/uuid.pipe';
import type { Listing as ListingJson, OpenHouseSummary as OpenHouseSummaryJson } from '../../contracts/listings';
import { DashboardQueryDto, DEFAULT_PAGE_SIZE, Property, PropertiesService } from '../properties';
import type { User } from '../users';
import { ListingMediaRegistry } from './listing-media.registry';
import { Listing } from './listing.entity';
import { toListingJson } from './listings.mapper';
import { ListingsRepository, type ListingPair } from './listings.repository';

export type { ListingJson, OpenHouseSummaryJson };

export type OpenHousesLoader = (listingIds: string[]) => Promise<Map<string, OpenHouseSummaryJson[]>>;

@Injectable()
export class ListingsService {
  private openHousesLoader: OpenHousesLoader | null = null;

  constructor(
    private readonly repo: ListingsRepository,
    private readonly properties: PropertiesService,
    private readonly media: ListingMediaRegistry,
  ) {}

  /** The open-houses module supplies upcoming open houses per listing. */
  useOpenHouses(loader: OpenHousesLoader): void {
    this.openHousesLoader = loader;
  }

  async findWithProperty(id: string): Promise<ListingPair | null> {
    const listing = isUuid(id) ? await this.repo.findById(id) : null;
    const property = listing ? await this.properties.findById(listing.propertyId) : null;
    return listing && property ? { listing, property } : null;
  }

  /** Listings with their properties by id, in one statement (ids that are not uuids or not found are left out). */
  async findManyWithProperty(ids: string[]): Promise<Map<string, ListingPair>> {
    const pairs = await this.repo.pairsByIds([...new Set(ids.filter(isUuid))]);
    return new Map(pairs.map((pair) => [pair.listing.id, pair]));
  }

  /** 404 for unknown ids and for listings whose property the viewer may not see. */
  async getVisible(id: string, viewer: User | null | undefined): Promise<ListingPair> {
    const found = await this.findWithProperty(id);
    if (!found || !(await this.properties.canView(found.property, viewer))) {
      throw new NotFoundException('There is no listing with that id.');
    }
    return found;
  }

  async getEditable(id: string, user: User): Promise<ListingPair> {
    const found = await this.getVisible(id, user);
    await this.properties.assertEditable(found.property, user);
    return found;
  }

  async json(pairs: ListingPair[]): Promise<ListingJson[]> {
    // Pairs read with their featured photo (the dashboard) need no second read for it.
    const summaries = pairs.every((p) => p.featured !== undefined)
      ? pairs.map((p) => this.properties.summaryOf(p.property, p.featured ?? null))
      : await this.properties.summaries(pairs.map((p) => p.property));
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
    return pairs.map((pair, i) =>
      toListingJson(pair, summaries[i], media.get(pair.listing.id)!, openHouses.get(pair.listing.id) ?? []),
    );
  }

  async one(listing: Listing, property: Property): Promise<ListingJson> {
    return (await this.json([{ listing, property }]))[0];
  }

  /** Listings dashboard: the user's (or, for scope=team, the team's) listings with publish, search, sort, page. */
  async dashboard(
    user: User,
    query: DashboardQueryDto,
    teamId?: string,
    firstPage = false,
  ): Promise<LinkedPage<ListingJson>> {
    const { perPage, page: asked } = query.window(DEFAULT_PAGE_SIZE);
    const page = firstPage ? 1 : asked;
    const { pairs, total } = await this.repo.dashboardPage({ userId: user.id, teamId }, query, page, perPage);
    const params = query.linkParams();
    return paginate(await this.json(pairs), total, page, perPage, '/api/listings/dashboard/paginate', params);
  }

  /** The user's listings as choices for a picker (e.g. which listing a walkthrough belongs to), newest first. */
  async choicesFor(userId: string, limit = 200): Promise<Array<{ id: string; name: string }>> {
    const rows = await this.repo.choicesFor(userId, limit);
    return rows.map((r) => ({ id: r.id, name: r.name || 'Untitled listing' }));
  }

  /** One page of the user's listings as choices, newest first, with how many there are. */
  async choicesPage(
    userId: string,
    offset: number,
    limit: number,
  ): Promise<[Array<{ id: string; name: string }>, number]> {
    const [rows, total] = await Promise.all([this.repo.choicesFor(userId, limit, offset), this.repo.countFor(userId)]);
    return [rows.map((r) => ({ id: r.id, name: r.name || 'Untitled listing' })), total];
  }

  /** A user's published listings (profile page), newest first. */
  async publishedBy(userId: string, page: number, perPage: number): Promise<LinkedPage<ListingJson>> {
    const { pairs, total } = await this.repo.publishedPage(userId, page, perPage);
    return paginate(await this.json(pairs), total, page, perPage, `/api/profile/user/${userId}`, {});
  }

  /** Listings published in [start, end), for the admin metrics rollup. */
  publishedBetween(start: Date, end: Date): Promise<number> {
    return this.repo.createdBetween(start, end);
  }
}
