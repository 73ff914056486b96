import { Logger } from '@nestjs/common';
import { Geocoder, GeoPlace, parseCoordinates } from './geocoder';

/**
 * A Nominatim-compatible HTTP geocoder (GEOCODER=http, GEOCODER_URL=https://nominatim.example/search):
 * GET {url}?q=...&format=jsonv2&limit=n → [{ lat, lon, display_name, address?: { country_code } }].
 */
export class HttpGeocoder implements Geocoder {
  readonly name = 'http';
  private readonly logger = new Logger('HttpGeocoder');

  constructor(
    private readonly url: string,
    private readonly userAgent = 'Reelty/0.1 (market search)',
    private readonly timeoutMs = 5000,
  ) {}

  async search(query: string, limit = 5): Promise<GeoPlace[]> {
    const coords = parseCoordinates(query);
    if (coords) return [coords];
    const target = new URL(this.url);
    target.searchParams.set('q', query);
    target.searchParams.set('format', 'jsonv2');
    target.searchParams.set('limit', String(limit));
    target.searchParams.set('addressdetails', '1');
    try {
      const res = await fetch(target, {
        headers: { 'User-Agent': this.userAgent, Accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const rows = (await res.json()) as Array<{
        lat: string;
        lon: string;
        display_name: string;
        address?: { country_code?: string };
      }>;
      return rows.slice(0, limit).map((r) => ({
        label: r.display_name,
        lat: Number(r.lat),
        lng: Number(r.lon),
        country_code: r.address?.country_code?.toUpperCase() ?? null,
      }));
    } catch (error) {
      this.logger.warn(`Geocoding "${query}" failed: ${(error as Error).message}`);
      return [];
    }
  }
}
