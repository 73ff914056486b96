/** Market settings, read from the environment once at start (bad values stop the app). */
export interface MarketConfig {
  /** Leaflet tile URL template; empty = no tiles (the map still shows pins and the radius). */
  tileUrl: string;
  tileAttribution: string;
  geocoder: 'offline' | 'http';
  geocoderUrl: string | null;
}

export const MARKET_CONFIG = Symbol('MARKET_CONFIG');

export function loadMarketConfig(env: NodeJS.ProcessEnv = process.env): MarketConfig {
  const geocoder = (env.GEOCODER ?? 'offline').trim().toLowerCase();
  if (geocoder !== 'offline' && geocoder !== 'http')
    throw new Error(`GEOCODER must be "offline" or "http", not "${geocoder}".`);
  const geocoderUrl = env.GEOCODER_URL?.trim() || null;
  if (geocoder === 'http') {
    if (!geocoderUrl) throw new Error('GEOCODER=http needs GEOCODER_URL (a Nominatim-compatible /search endpoint).');
    new URL(geocoderUrl); // throws on a malformed URL
  }
  const tileUrl =
    env.MAP_TILE_URL === undefined ? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' : env.MAP_TILE_URL.trim();
  if (tileUrl && tileUrl !== 'none' && !/^(https?:)?\/\//.test(tileUrl) && !tileUrl.startsWith('/')) {
    throw new Error(
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

let cached: MarketConfig | null = null;

/** Tile settings for any page with a map (property editor, property and listing pages). */
export function mapSettings(): { tileUrl: string; attribution: string } {
  cached ??= loadMarketConfig();
  return { tileUrl: cached.tileUrl, attribution: cached.tileAttribution };
}
