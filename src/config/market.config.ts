import { ConfigError, Env } from './env';

/** Market settings (AppConfig.market), read from the environment once at start. */
export interface MarketConfig {
  /** Leaflet tile URL template; empty = no tiles (the map still shows pins and the radius). */
  tileUrl: string;
  tileAttribution: string;
  geocoder: 'offline' | 'http';
  geocoderUrl: string | null;
}

export const MARKET_CONFIG = Symbol('MARKET_CONFIG');

export function loadMarketConfig(env: Env): MarketConfig {
  const geocoder = (env.GEOCODER ?? 'offline').trim().toLowerCase();
  if (geocoder !== 'offline' && geocoder !== 'http')
    throw new ConfigError(`GEOCODER must be "offline" or "http", not "${geocoder}".`);
  const geocoderUrl = env.GEOCODER_URL?.trim() || null;
  if (geocoder === 'http') {
    if (!geocoderUrl)
      throw new ConfigError('GEOCODER=http needs GEOCODER_URL (a Nominatim-compatible /search endpoint).');
    try {
      new URL(geocoderUrl);
    } catch {
      throw new ConfigError(`GEOCODER_URL is not a valid URL: "${geocoderUrl}"`);
    }
  }
  const tileUrl =
    env.MAP_TILE_URL === undefined ? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' : env.MAP_TILE_URL.trim();
  if (tileUrl && tileUrl !== 'none' && !/^(https?:)?\/\//.test(tileUrl) && !tileUrl.startsWith('/')) {
    throw new ConfigError(
      'MAP_TILE_URL must be an http(s) URL template like https://tile.example/{z}/{x}/{y}.png, or "none".',
    );
  }
  return {
    tileUrl: tileUrl === 'none' ? '' : tileUrl,
    tileAttribution: env.MAP_TILE_ATTRIBUTION ?? '&copy; OpenStreetMap contributors',
    geocoder,
    geocoderUrl,
  };
}

/** Tile settings for any page with a map (property editor, property and listing pages). */
export function mapSettings(config: MarketConfig): { tileUrl: string; attribution: string } {
  return { tileUrl: config.tileUrl, attribution: config.tileAttribution };
}
