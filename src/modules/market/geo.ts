/** Mean Earth radius in miles (IUGG). */
export const EARTH_RADIUS_MILES = 3958.7613;
export const DEFAULT_RADIUS_MILES = 2;
export const MAX_RADIUS_MILES = 500;
/** spec 9: the centre when the address is cleared. */
export const DEFAULT_CENTER = { lat: 20, lng: 0 } as const;

const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Great-circle distance in miles (haversine), the same formula the SQL uses. */
export function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The point `miles` away from (lat, lng) on `bearing` degrees (for tests and the seed). */
export function destination(lat: number, lng: number, miles: number, bearing: number): { lat: number; lng: number } {
  const d = miles / EARTH_RADIUS_MILES;
  const φ1 = rad(lat);
  const λ1 = rad(lng);
  const θ = rad(bearing);
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
  const λ2 = λ1 + Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  return { lat: deg(φ2), lng: ((deg(λ2) + 540) % 360) - 180 };
}

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * The longitude/latitude boxes that contain every point within `miles` of the centre: one box,
 * or two when the circle crosses the antimeridian; a full band of longitudes when it reaches a pole.
 * (Bounding coordinates after J. P. Matuschek.)
 */
export function boundingBoxes(lat: number, lng: number, miles: number): Box[] {
  const d = miles / EARTH_RADIUS_MILES;
  const dLat = deg(d);
  let south = lat - dLat;
  let north = lat + dLat;
  if (north >= 90 || south <= -90) {
    return [{ west: -180, south: Math.max(south, -90), east: 180, north: Math.min(north, 90) }];
  }
  const dLng = deg(Math.asin(Math.min(1, Math.sin(d) / Math.cos(rad(lat)))));
  south = Math.max(south, -90);
  north = Math.min(north, 90);
  const west = lng - dLng;
  const east = lng + dLng;
  if (dLng >= 180 || east - west >= 360) return [{ west: -180, south, east: 180, north }];
  if (west < -180)
    return [
      { west: west + 360, south, east: 180, north },
      { west: -180, south, east, north },
    ];
  if (east > 180)
    return [
      { west, south, east: 180, north },
      { west: -180, south, east: east - 360, north },
    ];
  return [{ west, south, east, north }];
}
