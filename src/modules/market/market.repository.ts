import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { boundingBoxes, type Box, EARTH_RADIUS_MILES } from './geo';
import { ringBoxes, ringSql, type Ring } from './polygon';
import type { ListingFacts } from '../../contracts/market';

export const MARKET_SORTS = ['distance', 'newest', 'price_asc', 'price_desc'] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];

/** The filters a buyer sets; every one is about the home, never about the people in or around it. */
export interface SearchFilters {
  minPrice?: string;
  maxPrice?: string;
  type?: string;
  sector?: string;
  status?: string;
  /** At least this many bedrooms / bathrooms (from the property's details). */
  beds?: number;
  baths?: number;
  hasVideo?: boolean;
  /**
   * An open house this weekend: the listing's weekend in its market time zone at `now`, or this window (the
   * searcher's coming weekend) for a property with no zone.
   */
  openHouse?: { start: Date; end: Date; now: Date };
  /** Only these properties (the boosted ones, for the sponsored places). */
  onlyIds?: string[];
}

export interface RadiusQuery extends SearchFilters {
  lat: number;
  lng: number;
  radius: number;
  limit: number;
  offset: number;
}

export interface AreaQuery extends SearchFilters {
  /** The point distances are measured from. */
  lat: number;
  lng: number;
  ring: Ring;
  sort: MarketSort;
  limit: number;
  offset: number;
}

/** Exact great-circle distance in miles from ($1, $2) to p, the same formula as geo.ts haversineMiles. */
export const HAVERSINE_SQL = `2 * ${EARTH_RADIUS_MILES} * asin(least(1, sqrt(
        power(sin(radians(p.latitude - $1::float8) / 2), 2) +
        cos(radians($1::float8)) * cos(radians(p.latitude)) * power(sin(radians(p.longitude - $2::float8) / 2), 2)
      )))`;
/** Repeats the partial GiST index's WHERE so the planner can use it. */
export const VISIBLE_SQL =
  'p.publish AND NOT p.is_private AND p.archived_at IS NULL AND p.latitude IS NOT NULL AND p.longitude IS NOT NULL';

/** A number kept as text in the details component, or null when it is not a plain number. */
const detailNumber = (field: string) =>
  `CASE WHEN c.content->>'${field}' ~ '^[0-9]{1,4}(\\.[0-9]+)?$' THEN (c.content->>'${field}')::numeric END`;

function boxSql(boxes: Box[], params: unknown[]): string {
  return boxes
    .map((b) => {
      params.push(b.west, b.south, b.east, b.north);
      const i = params.length;
      return `point(p.longitude, p.latitude) <@ box(point($${i - 3}, $${i - 2}), point($${i - 1}, $${i}))`;
    })
    .join(' OR ');
}

/**
 * comingWeekend (weekend.ts) in SQL for a zone column: Saturday 00:00 to Monday 00:00 local of the current weekend
 * on a Saturday or Sunday, else of the coming one; wall-clock days, so a daylight-saving change inside the weekend
 * moves its end, not its local hours.
 */
export function weekendSql(now: string, zone: string): { start: string; end: string } {
  const local = `(${now} AT TIME ZONE ${zone})`;
  const saturday = `(date_trunc('day', ${local}) + (6 - extract(isodow FROM ${local}))::int * interval '1 day')`;
  return {
    start: `(${saturday} AT TIME ZONE ${zone})`,
    end: `((${saturday} + interval '2 days') AT TIME ZONE ${zone})`,
  };
}

/** The filters as SQL conditions on `p` (properties), each an index-backed lookup by property id. */
export function filterSql(q: SearchFilters, params: unknown[]): string[] {
  const filters: string[] = [];
  if (q.onlyIds) filters.push(`p.id = ANY($${params.push(q.onlyIds)}::uuid[])`);
  if (q.minPrice) filters.push(`p.price >= $${params.push(q.minPrice)}::numeric`);
  if (q.maxPrice) filters.push(`p.price <= $${params.push(q.maxPrice)}::numeric`);
  if (q.type) filters.push(`p.type = $${params.push(q.type)}`);
  if (q.sector) filters.push(`p.sector = $${params.push(q.sector)}`);
  if (q.status) filters.push(`p.status = $${params.push(q.status)}`);
  const details: string[] = [];
  if (q.beds !== undefined) details.push(`${detailNumber('bedrooms')} >= $${params.push(q.beds)}::numeric`);
  if (q.baths !== undefined) details.push(`${detailNumber('bathrooms')} >= $${params.push(q.baths)}::numeric`);
  if (details.length)
    filters.push(
      `EXISTS (SELECT 1 FROM property_components c WHERE c.property_id = p.id AND c.type = 'details' AND ${details.join(' AND ')})`,
    );
  if (q.hasVideo)
    filters.push(
      `EXISTS (SELECT 1 FROM listings l WHERE l.property_id = p.id AND (l.walkthrough_id IS NOT NULL OR l.spot_video_id IS NOT NULL))`,
    );
  if (q.openHouse) {
    const s = params.push(q.openHouse.start);
    const e = params.push(q.openHouse.end);
    const { start, end } = weekendSql(`$${params.push(q.openHouse.now)}::timestamptz`, 'p.time_zone');
    filters.push(
      `EXISTS (SELECT 1 FROM listings l JOIN open_houses o ON o.listing_id = l.id WHERE l.property_id = p.id
         AND o.starts_at < CASE WHEN p.time_zone IS NULL THEN $${e}::timestamptz ELSE ${end} END
         AND o.ends_at > CASE WHEN p.time_zone IS NULL THEN $${s}::timestamptz ELSE ${start} END)`,
    );
  }
  return filters;
}

const ORDER: Record<MarketSort, string> = {
  distance: 'd.miles, p.id',
  newest: 'p.published_at DESC NULLS LAST, p.id',
  price_asc: 'p.price ASC NULLS LAST, p.id',
  price_desc: 'p.price DESC NULLS LAST, p.id',
};

function whereParts(q: RadiusQuery, params: unknown[]): { boxes: string; filters: string[] } {
  return { boxes: boxSql(boundingBoxes(q.lat, q.lng, q.radius), params), filters: filterSql(q, params) };
}

/**
 * The full radius query: bounding boxes on the GiST index over point(longitude, latitude) (partial: published,
 * public, unarchived), the exact haversine distance in miles for every candidate, in the chosen order, with the
 * exact total (`count(*) OVER ()`). Reads every property in the radius, so distance order uses the KNN walk
 * where it can (a circle across the antimeridian or over a pole cannot).
 */
export function radiusSql(q: RadiusQuery, sort: MarketSort = 'distance'): { sql: string; params: unknown[] } {
  const params: unknown[] = [q.lat, q.lng, q.radius];
  const { boxes, filters } = whereParts(q, params);
  return { sql: matchesPageSql(params, boxes, 'd.miles <= $3::float8', filters, ORDER[sort], q), params };
}

/**
 * A drawn area or the map's view: the ring's bounding box(es) on the GiST index (two boxes across the
 * antimeridian), then PostgreSQL's polygon containment (edges count as inside) tried at the longitude and one
 * turn east (the ring's longitudes run past 180 when it crosses), the filters, the order, the exact total.
 */
export function areaSql(q: AreaQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [q.lat, q.lng, ringSql(q.ring)];
  const boxes = boxSql(ringBoxes(q.ring), params);
  const filters = filterSql(q, params);
  const inRing =
    '($3::polygon @> point(p.longitude, p.latitude) OR $3::polygon @> point(p.longitude + 360, p.latitude))';
  return { sql: matchesPageSql(params, boxes, inRing, filters, ORDER[q.sort], q), params };
}

/**
 * A page of the visible properties in the bounding boxes that pass the shape test (`inShape`) and the filters, each
 * with its haversine miles from the centre ($1, $2), in `order`, with the exact total (`count(*) OVER ()`).
 * Pushes LIMIT and OFFSET onto `params`.
 */
function matchesPageSql(
  params: unknown[],
  boxes: string,
  inShape: string,
  filters: string[],
  order: string,
  window: { limit: number; offset: number },
): string {
  const limit = params.push(window.limit);
  const offset = params.push(window.offset);
  return `
    SELECT p.id, d.miles, count(*) OVER () AS total
    FROM properties p
    CROSS JOIN LATERAL (SELECT ${HAVERSINE_SQL} AS miles) d
    WHERE ${VISIBLE_SQL}
      AND (${boxes})
      AND ${inShape}
      ${filters.map((f) => `AND ${f}`).join('\n      ')}
    ORDER BY ${order}
    LIMIT $${limit} OFFSET $${offset}`;
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
      AND (${boxes})
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

export interface SearchPage {
  rows: Array<{ id: string; miles: number }>;
  total: number;
}

export type RunSql = (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

/** The market's SQL: searches over the published properties (read-only; the rows belong to properties). */
@Injectable()
export class MarketRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  readonly run: RunSql = (sql, params) => this.db.query(sql, params);

  /** A circle in another order than distance: reads every candidate in the radius. */
  circle(q: RadiusQuery, sort: MarketSort): Promise<SearchPage> {
    return this.page((x) => radiusSql(x as RadiusQuery, sort), q);
  }

  area(q: AreaQuery): Promise<SearchPage> {
    return this.page((x) => areaSql(x as AreaQuery), q);
  }

  private async page<Q extends { limit: number; offset: number }>(
    build: (q: Q) => { sql: string; params: unknown[] },
    q: Q,
  ): Promise<SearchPage> {
    const { sql, params } = build(q);
    let rows = await this.run(sql, params);
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && q.offset > 0) {
      // Past the last page: count without paging so last_page is still right.
      const counted = build({ ...q, limit: 1, offset: 0 });
      const first = await this.run(counted.sql, counted.params);
      total = first.length ? Number(first[0].total) : 0;
      rows = [];
    }
    return { rows: rows.map((r) => ({ id: String(r.id), miles: Number(r.miles) })), total };
  }

  /** One property's searchable facts (null for an unknown id or one without a place on the map). */
  async facts(propertyId: string, now: Date): Promise<ListingFacts | null> {
    const [row] = await this.run(
      `SELECT p.id, p.slug, p.name, p.city, p.latitude AS lat, p.longitude AS lng, p.price, p.currency, p.type,
              p.sector, p.status, p.time_zone, (p.publish AND NOT p.is_private AND p.archived_at IS NULL) AS visible,
              (SELECT ${detailNumber('bedrooms')} FROM property_components c
                WHERE c.property_id = p.id AND c.type = 'details')::float8 AS beds,
              (SELECT ${detailNumber('bathrooms')} FROM property_components c
                WHERE c.property_id = p.id AND c.type = 'details')::float8 AS baths,
              EXISTS (SELECT 1 FROM listings l WHERE l.property_id = p.id
                AND (l.walkthrough_id IS NOT NULL OR l.spot_video_id IS NOT NULL)) AS has_video,
              (SELECT coalesce(json_agg(json_build_object('start', o.starts_at, 'end', o.ends_at) ORDER BY o.starts_at), '[]')
                 FROM listings l JOIN open_houses o ON o.listing_id = l.id
                WHERE l.property_id = p.id AND o.ends_at > $2) AS open_houses
         FROM properties p
        WHERE p.id = $1 AND p.latitude IS NOT NULL AND p.longitude IS NOT NULL`,
      [propertyId, now],
    );
    if (!row) return null;
    return {
      ...(row as unknown as ListingFacts),
      lat: Number(row.lat),
      lng: Number(row.lng),
      beds: row.beds === null ? null : Number(row.beds),
      baths: row.baths === null ? null : Number(row.baths),
    };
  }
}
