import { ValidationFailedException } from '../../../common/validation';
import type { CampaignArea } from '../../../contracts/crm-marketing';
import { haversineMiles, pointInRing, PolygonError, toRing, type Ring } from '../../market';
import type { CampaignAreaDto } from '../dto/campaigns.dto';

export const METERS_PER_MILE = 1609.344;

/** Whether segments ab and cd cross or touch (orientation test, collinear overlaps included). */
function segmentsMeet(a: number[], b: number[], c: number[], d: number[]): boolean {
  const side = (p: number[], q: number[], r: number[]) =>
    Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  const within = (p: number[], q: number[], r: number[]) =>
    Math.min(p[0], q[0]) <= r[0] &&
    r[0] <= Math.max(p[0], q[0]) &&
    Math.min(p[1], q[1]) <= r[1] &&
    r[1] <= Math.max(p[1], q[1]);
  const [d1, d2, d3, d4] = [side(c, d, a), side(c, d, b), side(a, b, c), side(a, b, d)];
  if (d1 !== d2 && d3 !== d4 && d1 * d2 <= 0 && d3 * d4 <= 0 && (d1 || d2) && (d3 || d4)) return true;
  return (
    (d1 === 0 && within(c, d, a)) ||
    (d2 === 0 && within(c, d, b)) ||
    (d3 === 0 && within(a, b, c)) ||
    (d4 === 0 && within(a, b, d))
  );
}

/** Whether two edges of the ring that are not neighbours meet (a figure eight, a bow tie, a doubled-back edge). */
export function ringCrosses(r: Ring): boolean {
  const p = r.points;
  const n = p.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const neighbours = j === i + 1 || (i === 0 && j === n - 1);
      if (!neighbours && segmentsMeet(p[i], p[(i + 1) % n], p[j], p[(j + 1) % n])) return true;
    }
  }
  return false;
}

/** Twice the ring's signed area in square degrees (shoelace); zero for corners in one line. */
function shoelace(r: Ring): number {
  let sum = 0;
  for (let i = 0, j = r.points.length - 1; i < r.points.length; j = i++) {
    sum += r.points[j][0] * r.points[i][1] - r.points[i][0] * r.points[j][1];
  }
  return sum;
}

/**
 * A farm's area: a complete circle, or a polygon the market map can search (3 to 60 corners of [lat, lng], not
 * round the globe, enclosing some ground, edges that never cross). Anything else is a 422 on `area`.
 */
export function checkArea(a: CampaignAreaDto): CampaignArea {
  if (a.kind === 'radius') {
    if (a.lat === undefined || a.lng === undefined || a.radius_m === undefined) {
      throw ValidationFailedException.of('area', 'A circle needs a centre and a radius.');
    }
    return { kind: 'radius', lat: a.lat, lng: a.lng, radius_m: a.radius_m };
  }
  const points = a.points ?? [];
  const valid = points.every(
    (p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'number' && typeof p[1] === 'number',
  );
  if (points.length < 3 || !valid) {
    throw ValidationFailedException.of('area', 'A polygon needs at least 3 points of [latitude, longitude].');
  }
  const corners = points as Array<[number, number]>;
  try {
    const ring = toRing(corners.map(([lat, lng]) => ({ lat, lng })));
    if (ringCrosses(ring)) {
      throw new PolygonError('The outline crosses itself: draw the area without crossing its edges.');
    }
    if (Math.abs(shoelace(ring)) < 1e-10) throw new PolygonError('The area has no size: spread its corners out.');
  } catch (e) {
    if (e instanceof PolygonError) throw ValidationFailedException.of('area', e.message);
    throw e;
  }
  return { kind: 'polygon', points: corners };
}

/** The point test of a stored area: a circle by great-circle distance, a polygon by the market map's ring rule. */
export function areaContains(area: CampaignArea): (lat: number, lng: number) => boolean {
  if (area.kind === 'radius') {
    const miles = area.radius_m / METERS_PER_MILE;
    return (lat, lng) => haversineMiles(area.lat, area.lng, lat, lng) <= miles;
  }
  const ring = toRing(area.points.map(([lat, lng]) => ({ lat, lng })));
  return (lat, lng) => pointInRing(ring, lat, lng);
}

/** The market search's query for the area (a drawn polygon, or a centre and radius in miles). */
export function areaSearch(area: CampaignArea): { polygon: string } | { lat: number; lng: number; radius: number } {
  return area.kind === 'radius'
    ? { lat: area.lat, lng: area.lng, radius: area.radius_m / METERS_PER_MILE }
    : { polygon: area.points.map(([lat, lng]) => `${lat},${lng}`).join(';') };
}
