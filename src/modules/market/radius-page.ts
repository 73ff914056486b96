import { boundingBoxes } from './geo';
import { knnWindowSql, radiusSql, type RadiusQuery, type RunSql } from './market.repository';

/** Totals above this are reported as "1,000+" (`total_is_capped`) instead of counted exactly. */
export const TOTAL_CAP = 1000;
/** The first KNN window is this many candidates, or 4x offset + limit when larger. */
const MIN_WINDOW = 64;
/** Past this window the KNN walk gives way to the bounding-box scan (reads every candidate anyway). */
const MAX_WINDOW = 16384;

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
