import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { ValidationFailedException } from '../../common/validation';
import { paginate, QueryParams } from '../../common/pagination';
import type { MarketResult, MarketSearchAnswer, MarketSort } from '../../contracts/market';
import { BoostsService, SPONSORED_SLOTS } from '../boosts';
import { Property, PropertiesService } from '../properties';
import { MarketSearchDto } from './dto/market.dto';
import { DEFAULT_CENTER, DEFAULT_RADIUS_MILES } from './geo';
import { GEOCODER, Geocoder } from './geocoding/geocoder';
import { MarketRepository, type SearchFilters } from './market.repository';
import { boundsRing, parseVertices, PolygonError, ringCenter, toRing, type Ring } from './polygon';
import { radiusPage } from './radius-page';
import { comingWeekend } from './weekend';

export { knnWindowSql, radiusSql, areaSql } from './market.repository';
export { radiusPage, planarReach, TOTAL_CAP } from './radius-page';
export type { MarketResult, MarketSearchAnswer };

/** The drawn area or map view of a search, or null for a circle. 422 names the field when it is not an area. */
export function searchRing(dto: Pick<MarketSearchDto, 'polygon' | 'bounds'>): Ring | null {
  try {
    if (dto.polygon) return toRing(parseVertices(dto.polygon));
    if (dto.bounds) {
      const [south, west, north, east] = dto.bounds.split(',').map(Number);
      if ([south, north].some((v) => Math.abs(v) > 90) || [west, east].some((v) => Math.abs(v) > 180))
        throw new PolygonError('The map view is outside the globe.');
      return boundsRing(south, west, north, east);
    }
  } catch (e) {
    if (e instanceof PolygonError) throw ValidationFailedException.of(dto.polygon ? 'polygon' : 'bounds', e.message);
    throw e;
  }
  return null;
}

/** The filter part of a search (shared by the search and the saved-search alerts). */
export function searchFilters(dto: MarketSearchDto, now: Date, timeZone = 'UTC'): SearchFilters {
  if (dto.min_price && dto.max_price && Number(dto.min_price) > Number(dto.max_price)) {
    throw ValidationFailedException.of('max_price', 'The maximum price must be at least the minimum price.');
  }
  return {
    minPrice: dto.min_price,
    maxPrice: dto.max_price,
    type: dto.type,
    sector: dto.sector,
    status: dto.status,
    beds: dto.beds,
    baths: dto.baths,
    hasVideo: dto.has_video || undefined,
    openHouse: dto.open_house ? { ...comingWeekend(now, dto.tz ?? timeZone), now } : undefined,
  };
}

@Injectable()
export class MarketSearchService {
  constructor(
    private readonly repo: MarketRepository,
    private readonly properties: PropertiesService,
    private readonly clock: Clock,
    private readonly boosts: BoostsService,
    @Inject(GEOCODER) private readonly geocoder: Geocoder,
  ) {}

  async geocode(q: string, limit = 6) {
    return this.geocoder.search(q, limit);
  }

  private async center(dto: MarketSearchDto, ring: Ring | null): Promise<MarketSearchAnswer['center']> {
    if (dto.lat !== undefined && dto.lng !== undefined) return { lat: dto.lat, lng: dto.lng, label: dto.q || null };
    if (dto.lat !== undefined || dto.lng !== undefined)
      throw ValidationFailedException.of(dto.lat === undefined ? 'lat' : 'lng', 'Send both latitude and longitude.');
    if (ring) return { ...ringCenter(ring), label: null };
    if (!dto.q) return { ...DEFAULT_CENTER, label: null };
    const [place] = await this.geocoder.search(dto.q, 1);
    if (!place)
      throw ValidationFailedException.of(
        'q',
        `We could not find "${dto.q}". Search finds cities and towns: try "Austin, TX", or a street with its town after a comma ("1200 Congress Ave, Austin, TX").`,
      );
    return { lat: place.lat, lng: place.lng, label: place.label, note: place.note ?? null };
  }

  /** A circle (KNN walk in distance order), a drawn polygon or the map's view, with filters, a sort and a page. */
  async search(dto: MarketSearchDto, viewerTimeZone?: string): Promise<MarketSearchAnswer> {
    const ring = searchRing(dto);
    const center = await this.center(dto, ring);
    const filters = searchFilters(dto, this.clock.now(), viewerTimeZone);
    const radius = dto.radius ?? DEFAULT_RADIUS_MILES;
    const sort = (dto.sort ?? (ring ? 'newest' : 'distance')) as MarketSort;
    const perPage = dto.per_page ?? 20;
    const page = dto.page ?? 1;
    const window = { limit: perPage, offset: (page - 1) * perPage };
    const matching = { ...filters, lat: center.lat, lng: center.lng };
    let found: { rows: Array<{ id: string; miles: number }>; total: number; totalIsCapped?: boolean };
    if (ring) found = await this.repo.area({ ...matching, ...window, ring, sort });
    else if (sort === 'distance') found = await radiusPage(this.repo.run, { ...matching, ...window, radius });
    else found = await this.repo.circle({ ...matching, ...window, radius }, sort);
    const sponsored = page === 1 ? await this.sponsored(matching, ring, radius, sort) : [];
    const data = await this.results(sponsored, found.rows);
    const query: QueryParams = {
      lat: center.lat,
      lng: center.lng,
      radius: ring ? undefined : radius,
      q: dto.q,
      polygon: dto.polygon,
      bounds: dto.polygon ? undefined : dto.bounds,
      min_price: dto.min_price,
      max_price: dto.max_price,
      type: dto.type,
      sector: dto.sector,
      status: dto.status,
      beds: dto.beds,
      baths: dto.baths,
      has_video: dto.has_video ? 'true' : undefined,
      open_house: dto.open_house ? 'true' : undefined,
      tz: dto.tz,
      sort: dto.sort,
      per_page: dto.per_page,
    };
    // A capped total still pages on: paginate with one more than the cap so a full page has a next link.
    const results: MarketSearchAnswer['results'] = paginate(
      data,
      found.totalIsCapped ? found.total + 1 : found.total,
      page,
      perPage,
      '/api/market/search',
      query,
    );
    if (found.totalIsCapped) {
      results.total = found.total;
      results.total_is_capped = true;
    }
    const shape = dto.polygon ? 'polygon' : dto.bounds ? 'bounds' : 'circle';
    return { center, shape, radius, unit: 'mi', sort, results };
  }

  /** One property's searchable facts, for matching it against saved searches. */
  listingFacts(propertyId: string) {
    return this.repo.facts(propertyId, this.clock.now());
  }

  /**
   * The sponsored places: up to SPONSORED_SLOTS listings with a running boost that match the same area and filters,
   * in the search's order. They lead the first page; the totals and later pages stay the organic results.
   */
  private async sponsored(
    matching: SearchFilters & { lat: number; lng: number },
    ring: Ring | null,
    radius: number,
    sort: MarketSort,
  ): Promise<Array<{ id: string; miles: number }>> {
    const onlyIds = await this.boosts.runningPropertyIds();
    if (!onlyIds.length) return [];
    const slots = { ...matching, onlyIds, limit: SPONSORED_SLOTS, offset: 0 };
    const found = ring
      ? await this.repo.area({ ...slots, ring, sort })
      : await this.repo.circle({ ...slots, radius }, sort);
    return found.rows;
  }

  private async results(
    sponsored: Array<{ id: string; miles: number }>,
    organic: Array<{ id: string; miles: number }>,
  ): Promise<MarketResult[]> {
    const ads = new Set(sponsored.map((r) => r.id));
    const rows = [...sponsored, ...organic.filter((r) => !ads.has(r.id))];
    const entities = rows.length ? await this.properties.findByIds(rows.map((r) => r.id)) : [];
    const byId = new Map(entities.map((p: Property) => [p.id, p]));
    const ordered = rows.map((r) => byId.get(r.id)).filter((p): p is Property => !!p);
    const summaries = await this.properties.summaries(ordered);
    const miles = new Map(rows.map((r) => [r.id, Number(r.miles)]));
    return summaries.map((s) => ({
      ...s,
      distance_miles: Math.round(miles.get(s.id)! * 100) / 100,
      sponsored: ads.has(s.id),
    }));
  }
}
