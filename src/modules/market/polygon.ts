import type { Box } from './geo';

/** A vertex in degrees. */
export interface LatLngPoint {
  lat: number;
  lng: number;
}

/**
 * A drawn area, ready for point tests: vertices in order with longitudes UNWRAPPED (each step between
 * neighbours is the short way round, under 180 degrees, so a ring across the antimeridian runs past 180
 * instead of jumping back to -180), shifted so the westmost vertex lies in [-180, 180).
 */
export interface Ring {
  points: Array<[lng: number, lat: number]>;
  west: number;
  east: number;
  south: number;
  north: number;
}

export const MIN_VERTICES = 3;
export const MAX_VERTICES = 60;
/** A point this close (degrees, about 0.1 mm) to an edge or a vertex lies on it, and so inside. */
const EDGE_EPSILON = 1e-9;

export class PolygonError extends Error {}

/**
 * The ring of a drawn area. Edges are straight lines in (longitude, latitude) degrees; between neighbouring
 * vertices the shorter way round is meant, so drawing across the antimeridian works. A ring must not span
 * 360 degrees of longitude or reach a pole.
 */
export function toRing(vertices: LatLngPoint[]): Ring {
  const pts = [...vertices];
  if (pts.length > 1) {
    const a = pts[0];
    const b = pts[pts.length - 1];
    if (a.lat === b.lat && a.lng === b.lng) pts.pop();
  }
  if (pts.length < MIN_VERTICES) throw new PolygonError(`Draw an area with at least ${MIN_VERTICES} corners.`);
  if (pts.length > MAX_VERTICES) throw new PolygonError(`Draw an area with at most ${MAX_VERTICES} corners.`);
  const out: Array<[number, number]> = [];
  let prev = pts[0].lng;
  for (const p of pts) {
    if (!Number.isFinite(p.lat) || !Number.isFinite(p.lng) || Math.abs(p.lat) > 90 || Math.abs(p.lng) > 180)
      throw new PolygonError('Each corner needs a latitude within ±90 and a longitude within ±180.');
    let lng = p.lng;
    while (lng - prev > 180) lng -= 360;
    while (prev - lng > 180) lng += 360;
    out.push([lng, p.lat]);
    prev = lng;
  }
  const lngs = out.map((p) => p[0]);
  const shift = -360 * Math.floor((Math.min(...lngs) + 180) / 360);
  if (shift) for (const p of out) p[0] += shift;
  const west = Math.min(...out.map((p) => p[0]));
  const east = Math.max(...out.map((p) => p[0]));
  if (east - west >= 360) throw new PolygonError('An area may not reach all the way round the globe.');
  const lats = out.map((p) => p[1]);
  const south = Math.min(...lats);
  const north = Math.max(...lats);
  if (north - south <= 0 || east - west <= 0) throw new PolygonError('The area has no size: spread its corners out.');
  return { points: out, west, east, south, north };
}

/** The map's visible box ("search this area"): `west` east of `east` means the view crosses the antimeridian. */
export function boundsRing(south: number, west: number, north: number, east: number): Ring {
  let e = east <= west ? east + 360 : east;
  let w = west;
  if (e - w >= 360) [w, e] = [-180, 180];
  if (north <= south) throw new PolygonError('The area has no size: spread its corners out.');
  return {
    points: [
      [w, south],
      [e, south],
      [e, north],
      [w, north],
    ],
    west: w,
    east: e,
    south,
    north,
  };
}

/** Longitude boxes covering the ring on the -180..180 plane: one, or two when it crosses the antimeridian. */
export function ringBoxes(r: Ring): Box[] {
  if (r.east <= 180) return [{ west: r.west, south: r.south, east: r.east, north: r.north }];
  return [
    { west: r.west, south: r.south, east: 180, north: r.north },
    { west: -180, south: r.south, east: r.east - 360, north: r.north },
  ];
}

function onSegment(ax: number, ay: number, bx: number, by: number, x: number, y: number): boolean {
  if (x < Math.min(ax, bx) - EDGE_EPSILON || x > Math.max(ax, bx) + EDGE_EPSILON) return false;
  if (y < Math.min(ay, by) - EDGE_EPSILON || y > Math.max(ay, by) + EDGE_EPSILON) return false;
  const cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
  return Math.abs(cross) <= EDGE_EPSILON * Math.max(1, Math.hypot(bx - ax, by - ay));
}

function insidePlane(points: Array<[number, number]>, x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (onSegment(xi, yi, xj, yj, x, y)) return true;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Whether the point lies in the area, its edges and corners included (even-odd rule, so a self-crossing
 * drawing keeps its alternating parts). The point is tried at its longitude and one turn east, which covers a
 * ring that runs past 180.
 */
export function pointInRing(r: Ring, lat: number, lng: number): boolean {
  if (lat < r.south - EDGE_EPSILON || lat > r.north + EDGE_EPSILON) return false;
  for (const x of [lng, lng + 360, lng - 360]) {
    if (x < r.west - EDGE_EPSILON || x > r.east + EDGE_EPSILON) continue;
    if (insidePlane(r.points, x, lat)) return true;
  }
  return false;
}

/** PostgreSQL's polygon text for the ring ('((lng,lat),...)'), for `polygon @> point` in SQL. */
export function ringSql(r: Ring): string {
  return `(${r.points.map(([x, y]) => `(${x},${y})`).join(',')})`;
}

/** The centre of the ring's box, wrapped back into -180..180 (the reference point for distances). */
export function ringCenter(r: Ring): LatLngPoint {
  const lng = (r.west + r.east) / 2;
  return { lat: (r.south + r.north) / 2, lng: ((lng + 540) % 360) - 180 };
}

/** Parses "lat,lng;lat,lng;..." (the query form of a drawn area). */
export function parseVertices(text: string): LatLngPoint[] {
  return text
    .split(';')
    .filter((s) => s.trim())
    .map((pair) => {
      const [lat, lng] = pair.split(',').map((v) => Number(v.trim()));
      return { lat, lng };
    });
}
