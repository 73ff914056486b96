/** A place a geocoder found. */
export interface GeoPlace {
  label: string;
  lat: number;
  lng: number;
  country_code: string | null;
  /**
   * How exact the point is: `coordinates` as typed, `address` a street address, `place` a city or town's centre.
   * When a street address was asked but only its place was found, `note` says so in words people read.
   */
  precision?: 'coordinates' | 'address' | 'place';
  note?: string | null;
}

/** Turns location text into coordinates. The default needs no network; an HTTP one is chosen by configuration. */
export interface Geocoder {
  readonly name: string;
  search(query: string, limit?: number): Promise<GeoPlace[]>;
}

export const GEOCODER = Symbol('GEOCODER');

/** "30.27, -97.74" typed into the search box is taken as coordinates by every geocoder. */
export function parseCoordinates(query: string): GeoPlace | null {
  const m = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*[, ]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(query);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { label: `${lat}, ${lng}`, lat, lng, country_code: null, precision: 'coordinates', note: null };
}

/** "1200 Congress Ave" or "12b Oak Street": the part of a query that names a street address rather than a place. */
export function looksLikeStreetAddress(part: string): boolean {
  return /^\s*\d+[a-z]?(?:[-/]\d+)?\s+\S/i.test(part);
}
