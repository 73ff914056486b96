/** spec 9: search radius default 2 miles; centre latitude 20, longitude 0 when the address is cleared. */
export const DEFAULT_RADIUS_MILES = 2;
export const DEFAULT_CENTER = { lat: 20, lng: 0 } as const;
export const RADIUS_CHOICES = [0.5, 1, 2, 5, 10, 25, 50, 100];

export interface LatLng {
  lat: number;
  lng: number;
}

/** A map point from typed latitude/longitude fields, or null while they are not yet a coordinate on Earth. */
export function pointFromFields(latitude: unknown, longitude: unknown): LatLng | null {
  const asNumber = (v: unknown) => (v === '' || v === null || v === undefined ? NaN : Number(v));
  const lat = asNumber(latitude);
  const lng = asNumber(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

/** The map centre after the address text changes: cleared → the default centre, else unchanged. */
export function centerForAddress(address: string | null | undefined, current: LatLng): LatLng {
  return address && address.trim() ? current : { ...DEFAULT_CENTER };
}

export interface MarketFilters {
  q?: string;
  lat?: number | null;
  lng?: number | null;
  radius?: number | string | null;
  min_price?: string;
  max_price?: string;
  type?: string;
  sector?: string;
  status?: string;
  /** A drawn area, "lat,lng;lat,lng;..." (replaces the radius). */
  polygon?: string;
  /** The map's view, "south,west,north,east" (replaces the radius). */
  bounds?: string;
  beds?: string;
  baths?: string;
  has_video?: boolean;
  open_house?: boolean;
  sort?: string;
  page?: number;
}

/** The query form of a drawn area. */
export function polygonParam(points: LatLng[]): string {
  const r = (v: number) => Math.round(v * 1e6) / 1e6;
  return points.map((p) => `${r(p.lat)},${r(wrapLng(p.lng))}`).join(';');
}

/** The query form of the map's view; a view wider than the globe is the whole band of longitudes. */
export function boundsParam(b: { south: number; west: number; north: number; east: number }): string {
  const r = (v: number) => Math.round(v * 1e6) / 1e6;
  const whole = b.east - b.west >= 360;
  const clampLat = (v: number) => Math.max(-90, Math.min(90, v));
  return [
    r(clampLat(b.south)),
    whole ? -180 : r(wrapLng(b.west)),
    r(clampLat(b.north)),
    whole ? 180 : r(wrapLng(b.east)),
  ].join(',');
}

/** Query for GET /api/market/search: trimmed text, 'all' and empty values left out, radius defaulting to 2. */
export function marketQuery(f: MarketFilters): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  const q = f.q?.trim();
  if (q) query.q = q;
  if (typeof f.lat === 'number' && typeof f.lng === 'number' && Number.isFinite(f.lat) && Number.isFinite(f.lng)) {
    query.lat = Math.round(f.lat * 1e6) / 1e6;
    query.lng = Math.round(f.lng * 1e6) / 1e6;
  }
  const radius = Number(f.radius);
  if (f.polygon) query.polygon = f.polygon;
  else if (f.bounds) query.bounds = f.bounds;
  else query.radius = Number.isFinite(radius) && radius > 0 ? radius : DEFAULT_RADIUS_MILES;
  for (const key of ['min_price', 'max_price', 'type', 'sector', 'status', 'beds', 'baths', 'sort'] as const) {
    const value = f[key]?.trim();
    if (value && value !== 'all') query[key] = value;
  }
  if (f.has_video) query.has_video = 'true';
  if (f.open_house) query.open_house = 'true';
  if (f.page && f.page > 1) query.page = f.page;
  return query;
}

/** Zoom that shows a circle of `miles` around the centre in a map ~400 px tall. */
export function zoomForRadius(miles: number): number {
  const z = Math.round(14 - Math.log2(Math.max(miles, 0.1) / 0.75));
  return Math.max(2, Math.min(17, z));
}

/** Keeps longitudes in [-180, 180] after the map is dragged across the antimeridian. */
export function wrapLng(lng: number): number {
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}
