import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { ValidationFailedException } from '../../common/validation';
import { paginate, Paginated, QueryParams } from '../properties/pagination';
import { Property } from '../properties/property.entity';
import { PropertySummaryJson } from '../properties/property.serializer';
import { PropertiesService } from '../properties/properties.service';
import { MarketSearchDto } from './dto/market.dto';
import { boundingBoxes, DEFAULT_CENTER, DEFAULT_RADIUS_MILES, EARTH_RADIUS_MILES } from './geo';
import { GEOCODER, Geocoder } from './geocoding/geocoder';

export interface MarketResult extends PropertySummaryJson {
  distance_miles: number;
}

export interface MarketSearchAnswer {
  center: { lat: number; lng: number; label: string | null };
  radius: number;
  unit: 'mi';
  results: Paginated<MarketResult>;
}

export interface RadiusQuery {
  lat: number;
  lng: number;
  radius: number;
  minPrice?: string;
  maxPrice?: string;
  type?: string;
  sector?: string;
  status?: string;
  limit: number;
  offset: number;
}

/**
 * Builds the radius query: bounding boxes on the GiST index over point(longitude, latitude)
 * (partial: published, public, unarchived), then the exact haversine distance in miles, sorted by
 * distance. The predicates repeat the index's WHERE so the planner can use it.
 */
export function radiusSql(q: RadiusQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [q.lat, q.lng, q.radius];
  const boxes = boundingBoxes(q.lat, q.lng, q.radius).map((b) => {
    params.push(b.west, b.south, b.east, b.north);
    const i = params.length;
    return `point(p.longitude, p.latitude) <@ box(point($${i - 3}, $${i - 2}), point($${i - 1}, $${i}))`;
  });
  const filters: string[] = [];
  if (q.minPrice) filters.push(`p.price >= $${params.push(q.minPrice)}::numeric`);
  if (q.maxPrice) filters.push(`p.price <= $${params.push(q.maxPrice)}::numeric`);
  if (q.type) filters.push(`p.type = $${params.push(q.type)}`);
  if (q.sector) filters.push(`p.sector = $${params.push(q.sector)}`);
  if (q.status) filters.push(`p.status = $${params.push(q.status)}`);
  const limit = params.push(q.limit);
  const offset = params.push(q.offset);
  const sql = `
    SELECT p.id, d.miles, count(*) OVER () AS total
    FROM properties p
    CROSS JOIN LATERAL (
      SELECT 2 * ${EARTH_RADIUS_MILES} * asin(least(1, sqrt(
        power(sin(radians(p.latitude - $1) / 2), 2) +
        cos(radians($1)) * cos(radians(p.latitude)) * power(sin(radians(p.longitude - $2) / 2), 2)
      ))) AS miles
    ) d
    WHERE p.publish AND NOT p.is_private AND p.archived_at IS NULL AND p.latitude IS NOT NULL AND p.longitude IS NOT NULL
      AND (${boxes.join(' OR ')})
      AND d.miles <= $3
      ${filters.map((f) => `AND ${f}`).join('\n      ')}
    ORDER BY d.miles, p.id
    LIMIT $${limit} OFFSET $${offset}`;
  return { sql, params };
}

@Injectable()
export class MarketSearchService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly properties: PropertiesService,
    @Inject(GEOCODER) private readonly geocoder: Geocoder,
  ) {}

  async geocode(q: string, limit = 6) {
    return this.geocoder.search(q, limit);
  }

  async search(dto: MarketSearchDto): Promise<MarketSearchAnswer> {
    let center: MarketSearchAnswer['center'];
    if (dto.lat !== undefined && dto.lng !== undefined) {
      center = { lat: dto.lat, lng: dto.lng, label: dto.q || null };
    } else if (dto.lat !== undefined || dto.lng !== undefined) {
      throw ValidationFailedException.of(dto.lat === undefined ? 'lat' : 'lng', 'Send both latitude and longitude.');
    } else if (dto.q) {
      const [place] = await this.geocoder.search(dto.q, 1);
      if (!place) throw ValidationFailedException.of('q', `We could not find "${dto.q}". Try a city name, like "Austin, TX".`);
      center = { lat: place.lat, lng: place.lng, label: place.label };
    } else {
      center = { ...DEFAULT_CENTER, label: null };
    }
    if (dto.min_price && dto.max_price && Number(dto.min_price) > Number(dto.max_price)) {
      throw ValidationFailedException.of('max_price', 'The maximum price must be at least the minimum price.');
    }
    const radius = dto.radius ?? DEFAULT_RADIUS_MILES;
    const perPage = dto.per_page ?? 20;
    const page = dto.page ?? 1;
    const { sql, params } = radiusSql({
      lat: center.lat,
      lng: center.lng,
      radius,
      minPrice: dto.min_price,
      maxPrice: dto.max_price,
      type: dto.type,
      sector: dto.sector,
      status: dto.status,
      limit: perPage,
      offset: (page - 1) * perPage,
    });
    const rows = (await this.db.query(sql, params)) as Array<{ id: string; miles: number; total: string }>;
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && page > 1) {
      // Past the last page: count without paging so last_page is still right.
      const counted = radiusSql({ ...this.noPage(center, radius, dto), limit: 1, offset: 0 });
      const countRows = (await this.db.query(counted.sql, counted.params)) as Array<{ total: string }>;
      total = countRows.length ? Number(countRows[0].total) : 0;
    }
    const entities = rows.length ? await this.properties.properties.findBy({ id: In(rows.map((r) => r.id)) }) : [];
    const byId = new Map(entities.map((p: Property) => [p.id, p]));
    const ordered = rows.map((r) => byId.get(r.id)).filter((p): p is Property => !!p);
    const summaries = await this.properties.summaries(ordered);
    const miles = new Map(rows.map((r) => [r.id, Number(r.miles)]));
    const data = summaries.map((s) => ({ ...s, distance_miles: Math.round(miles.get(s.id)! * 100) / 100 }));
    const query: QueryParams = {
      lat: center.lat,
      lng: center.lng,
      radius,
      q: dto.q,
      min_price: dto.min_price,
      max_price: dto.max_price,
      type: dto.type,
      sector: dto.sector,
      status: dto.status,
      per_page: dto.per_page,
    };
    return { center, radius, unit: 'mi', results: paginate(data, total, page, perPage, '/api/market/search', query) };
  }

  private noPage(center: { lat: number; lng: number }, radius: number, dto: MarketSearchDto): Omit<RadiusQuery, 'limit' | 'offset'> {
    return { lat: center.lat, lng: center.lng, radius, minPrice: dto.min_price, maxPrice: dto.max_price, type: dto.type, sector: dto.sector, status: dto.status };
  }
}
