import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { ValidationFailedException } from '../../common/validation';
import { paginate, type LinkedPage, QueryParams } from '../../common/pagination';
import { Property } from '../properties';
import type { PropertySummary as PropertySummaryJson } from '../../contracts/properties';
import { PropertiesService } from '../properties';
import { MarketSearchDto } from './dto/market.dto';
import { boundingBoxes, DEFAULT_CENTER, DEFAULT_RADIUS_MILES, EARTH_RADIUS_MILES } from './geo';
import { GEOCODER, Geocoder } from './geocoding/geocoder';

export interface MarketResult extends PropertySummaryJson {
  distance_miles: number;
}

export interface MarketSearchAnswer {
  /** `note` says when the point is only approximately what was typed (a street address shown at its town). */
  center: { lat: number; lng: number; label: string | null; note?: string | null };
  radius: number;
  unit: 'mi';
  /** `total_is_capped`: more matches than `total` ("1,000+"); the total was counted only up to a cap. */
  results: LinkedPage<MarketResult> & { total_is_capped?: boolean };
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

/** Totals above this are reported as "1,000+" (`total_is_capped`) instead of counted exactly. */
export const TOTAL_CAP = 1000;
/** The first KNN window is this many candidates, or 4x offset + limit when larger. */
const MIN_WINDOW = 64;
/** Past this window the KNN walk gives way to the bounding-box scan (reads every candidate anyway). */
const MAX_WINDOW = 16384;

/** Exact great-circle distance in miles from ($1, $2) to p, the same formula as geo.ts haversineMiles. */
const HAVERSINE_SQL = `2 * ${EARTH_RADIUS_MILES} * asin(least(1, sqrt(
        power(sin(radians(p.latitude - $1::float8) / 2), 2) +
        cos(radians($1::float8)) * cos(radians(p.latitude)) * power(sin(radians(p.longitude - $2::float8) / 2), 2)
      )))`;
/** Repeats the partial GiST index's WHERE so the planner can use it. */
const VISIBLE_SQL =
  'p.publish AND NOT p.is_private AND p.archived_at IS NULL AND p.latitude IS NOT NULL AND p.longitude IS NOT NULL';

function whereParts(q: RadiusQuery, params: unknown[]): { boxes: string[]; filters: string[] } {
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
  return { boxes, filters };
}

/**
 * The full radius query (the fallback): bounding boxes on the GiST index over point(longitude,
 * latitude) (partial: published, public, unarchived), the exact haversine distance in miles for every
 * candidate, sorted by distance, with the exact total (`count(*) OVER ()`). Reads every property in
 * the radius, so it is used only where the KNN walk below cannot be (a circle across the antimeridian
 * or over a pole) or would read as much anyway.
 */
export function radiusSql(q: RadiusQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [q.lat, q.lng, q.radius];
  const { boxes, filters } = whereParts(q, params);
  const limit = params.push(q.limit);
  const offset = params.push(q.offset);
  const sql = `
    SELECT p.id, d.miles, count(*) OVER () AS total
    FROM properties p
    CROSS JOIN LATERAL (SELECT ${HAVERSINE_SQL} AS miles) d
    WHERE ${VISIBLE_SQL}
      AND (${boxes.join(' OR ')})
      AND d.miles <= $3::float8
      ${filters.map((f) => `AND ${f}`).join('\n      ')}
    ORDER BY d.miles, p.id
    LIMIT $${limit} OFFSET $${offset}`;
  return { sql, params };
}

/**
 * One KNN window: the `window` properties of the bounding box nearest to the centre in PLANAR
 * (longitude, latitude) degrees, walked in that order straight off the GiST index (`ORDER BY
 * point <-> centre LIMIT window`: an index scan that stops after `window` rows), each with its planar
 * distance and its exact haversine miles; plus the number of matches in the radius counted up to
 * `countLimit` rows (a bounded read instead of the exact total).
 */
export function knnWindowSql(q: RadiusQuery, window: number, countLimit: number): { sql: string; params: unknown[] } {
  const params: unknown[] = [q.lat, q.lng, q.radius];
  const { boxes, filters } = whereParts(q, params);
  const where = `${VISIBLE_SQL}
      AND (${boxes.join(' OR ')})
      ${filters.map((f) => `AND ${f}`).join('\n      ')}`;
  const w = params.push(window);
  const c = params.push(countLimit);
  const sql = `
    SELECT k.id, k.planar, k.miles,
           (SELECT count(*) FROM (
              SELECT 1 FROM properties p WHERE ${where} AND ${HAVERSINE_SQL} <= $3::float8 LIMIT $${c}
            ) capped) AS capped_total
    FROM (
      SELECT p.id,
             point(p.longitude, p.latitude) <-> point($2::float8, $1::float8) AS planar,
             ${HAVERSINE_SQL} AS miles
      FROM properties p
      WHERE ${where}
      ORDER BY point(p.longitude, p.latitude) <-> point($2::float8, $1::float8)
      LIMIT $${w}
    ) k`;
  return { sql, params };
}

/**
 * How far (in planar degrees) from the centre a point within `miles` can be: the bounding box of
 * the circle is symmetric about the centre, so no point of the circle lies farther than its corner.
 * Null when the circle needs two boxes (antimeridian) or a full band (pole): planar `<->` does not wrap.
 */
export function planarReach(lat: number, lng: number, miles: number): number | null {
  const boxes = boundingBoxes(lat, lng, miles);
  if (boxes.length !== 1) return null;
  const b = boxes[0];
  if (b.west <= -180 || b.east >= 180 || b.south <= -90 || b.north >= 90) return null;
  return Math.hypot(Math.max(b.east - lng, lng - b.west), Math.max(b.north - lat, lat - b.south));
}

export interface RadiusPage {
  rows: Array<{ id: string; miles: number }>;
  total: number;
  totalIsCapped: boolean;
  /** 'knn' (index walk in distance order) or 'box' (every candidate read). For the bench. */
  strategy: 'knn' | 'box';
  windows: number;
}

export type RunSql = (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

/**
 * Exact radius page (haversine filter, ordered by haversine miles then id) without reading the whole
 * radius.
 *
 * Correctness of the KNN window. The GiST index orders by planar distance in degrees, which is not the
 * great-circle order (a degree of longitude is cos(lat) as long as one of latitude), so the window's
 * planar order is only used to bound what it contains, never as the answer's order:
 *   - the window holds every candidate whose planar distance is below `reach`, the planar distance of
 *     its last row (KNN order; only ties at exactly `reach` may be cut off);
 *   - let h be the haversine miles of the (offset + limit)-th in-radius row of the window, sorted
 *     exactly (or the radius when the window has fewer). Every property within h miles lies in the
 *     bounding box of the h-mile circle, so its planar distance is at most planarReach(h), the box's
 *     corner;
 *   - if reach > planarReach(h), every property within h miles is in the window, so the first
 *     offset + limit rows of the exact order (miles, id) are the window's first offset + limit
 *     in-radius rows sorted the same way: the page is exact.
 * If the window was not full, it holds the whole bounding box: exact too, and so is the total.
 * Otherwise the window grows 8x and is tried again; past MAX_WINDOW (or for circles planar distance
 * cannot bound) the bounding-box query reads every candidate. Over (lng, lat) degrees the circle is
 * an ellipse (cos(lat) narrower north-south), so the corner bound costs about cos + 1/cos (2 to 2.5 at
 * populated latitudes) times the page's rows: a 4x window usually settles it in one round trip.
 *
 * The total is exact when the window held the whole box, else counted up to max(TOTAL_CAP, offset +
 * limit) + 1 matches: above that it is reported as the cap with `totalIsCapped`.
 */
export async function radiusPage(run: RunSql, q: RadiusQuery): Promise<RadiusPage> {
  const need = q.offset + q.limit;
  const canWalk = planarReach(q.lat, q.lng, q.radius) !== null;
  const countLimit = Math.max(TOTAL_CAP, need) + 1;
  let windows = 0;
  for (let window = Math.max(MIN_WINDOW, 4 * need); canWalk && window <= MAX_WINDOW; window *= 8) {
    windows++;
    const { sql, params } = knnWindowSql(q, window, countLimit);
    const rows = (await run(sql, params)).map((r) => ({
      id: String(r.id),
      planar: Number(r.planar),
      miles: Number(r.miles),
      capped: Number(r.capped_total),
    }));
    const inside = rows
      .filter((r) => r.miles <= q.radius)
      .sort((a, b) => a.miles - b.miles || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const page = inside.slice(q.offset, need).map(({ id, miles }) => ({ id, miles }));
    if (rows.length < window) {
      return { rows: page, total: inside.length, totalIsCapped: false, strategy: 'knn', windows };
    }
    const h = inside.length >= need ? inside[need - 1].miles : q.radius;
    const bound = planarReach(q.lat, q.lng, h);
    const reach = rows[rows.length - 1].planar;
    // A relative margin for float rounding between the SQL and JS computations.
    if (bound !== null && reach > bound * (1 + 1e-9) + 1e-12) {
      const counted = rows[0].capped;
      const capped = counted >= countLimit;
      return { rows: page, total: capped ? countLimit - 1 : counted, totalIsCapped: capped, strategy: 'knn', windows };
    }
  }
  windows++;
  const { sql, params } = radiusSql(q);
  let rows = await run(sql, params);
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && q.offset > 0) {
    // Past the last page: count without paging so last_page is still right.
    const counted = radiusSql({ ...q, limit: 1, offset: 0 });
    const countRows = await run(counted.sql, counted.params);
    total = countRows.length ? Number(countRows[0].total) : 0;
    rows = [];
  }
  return {
    rows: rows.map((r) => ({ id: String(r.id), miles: Number(r.miles) })),
    total,
    totalIsCapped: false,
    strategy: 'box',
    windows,
  };
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
      if (!place)
        throw ValidationFailedException.of(
          'q',
          `We could not find "${dto.q}". Search finds cities and towns: try "Austin, TX", or a street with its town after a comma ("1200 Congress Ave, Austin, TX").`,
        );
      center = { lat: place.lat, lng: place.lng, label: place.label, note: place.note ?? null };
    } else {
      center = { ...DEFAULT_CENTER, label: null };
    }
    if (dto.min_price && dto.max_price && Number(dto.min_price) > Number(dto.max_price)) {
      throw ValidationFailedException.of('max_price', 'The maximum price must be at least the minimum price.');
    }
    const radius = dto.radius ?? DEFAULT_RADIUS_MILES;
    const perPage = dto.per_page ?? 20;
    const page = dto.page ?? 1;
    const found = await radiusPage((sql, params) => this.db.query(sql, params), {
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
    const rows = found.rows;
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
    return { center, radius, unit: 'mi', results };
  }
}
