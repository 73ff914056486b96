import type { ListingFacts, SavedSearchParams } from '../../contracts/market';
import {
  boundingBoxes,
  boundsRing,
  type Box,
  comingWeekend,
  haversineMiles,
  parseVertices,
  pointInRing,
  type Ring,
  toRing,
} from '../market';

/** The ring of a drawn area or map view, or null for a circle. */
function ringOf(p: SavedSearchParams): Ring | null {
  if (p.polygon) return toRing(parseVertices(p.polygon));
  if (p.bounds) {
    const [south, west, north, east] = p.bounds.split(',').map(Number);
    return boundsRing(south, west, north, east);
  }
  return null;
}

/**
 * The search's box in UNWRAPPED longitudes (west in -180..180, east up to 540): one box even across the
 * antimeridian, so one GiST entry finds it; a listing is tested at its longitude and one turn east.
 */
export function searchBox(p: SavedSearchParams): Box {
  const ring = ringOf(p);
  if (ring) return { west: ring.west, south: ring.south, east: ring.east, north: ring.north };
  const boxes = boundingBoxes(p.lat, p.lng, p.radius);
  if (boxes.length === 1) return boxes[0];
  return { west: boxes[0].west, south: boxes[0].south, east: boxes[1].east + 360, north: boxes[0].north };
}

/**
 * Whether a listing matches a saved search: inside its circle, drawn area or view (edges included), and every
 * filter it sets. "Open house this weekend" means the weekend coming at the time of the change, in the listing's
 * market time zone (the searcher's when the listing has none).
 */
export function matchesSearch(p: SavedSearchParams, f: ListingFacts, now: Date): boolean {
  const ring = ringOf(p);
  if (ring ? !pointInRing(ring, f.lat, f.lng) : haversineMiles(p.lat, p.lng, f.lat, f.lng) > p.radius) return false;
  const price = f.price === null ? null : Number(f.price);
  if (p.min_price && (price === null || price < Number(p.min_price))) return false;
  if (p.max_price && (price === null || price > Number(p.max_price))) return false;
  if (p.type && f.type !== p.type) return false;
  if (p.sector && f.sector !== p.sector) return false;
  if (p.status && f.status !== p.status) return false;
  if (p.beds !== undefined && (f.beds === null || f.beds < p.beds)) return false;
  if (p.baths !== undefined && (f.baths === null || f.baths < p.baths)) return false;
  if (p.has_video && !f.has_video) return false;
  if (p.open_house) {
    const w = comingWeekend(now, f.time_zone ?? p.tz ?? 'UTC'); // the listing's weekend, else the searcher's
    const overlaps = f.open_houses.some((o) => new Date(o.start) < w.end && new Date(o.end) > w.start);
    if (!overlaps) return false;
  }
  return true;
}

/** Changes worth telling a buyer about: a new listing, a lower price, a new status. */
export type AlertKind = 'listed' | 'price_drop' | 'status';

export function alertKind(h: { kind: string; old_price: string | null; new_price: string | null }): AlertKind | null {
  if (h.kind === 'listed') return 'listed';
  if (h.kind === 'status') return 'status';
  if (h.kind === 'price' && h.old_price !== null && h.new_price !== null && Number(h.new_price) < Number(h.old_price))
    return 'price_drop';
  return null;
}
