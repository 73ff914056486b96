import { Geocoder, GeoPlace, looksLikeStreetAddress, parseCoordinates } from './geocoder';
import places from './places.json';

/** [name, US state code or '', country code, lat, lng, population] — see build-gazetteer.mjs. */
type Row = [string, string, string, number, number, number];

const US_STATES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
  'puerto rico': 'PR',
};

export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

interface Entry {
  key: string;
  region: string;
  country: string;
  countryName: string;
  row: Row;
}

/**
 * The default geocoder: searches a gazetteer of ~15,000 places shipped with the app
 * (places.json, built from GeoNames by build-gazetteer.mjs). No network. Understands
 * "City", "City, ST", "City, State", "City, Country" and "City, CC".
 */
export class OfflineGeocoder implements Geocoder {
  readonly name = 'offline';
  private entries: Entry[] | null = null;
  private byName = new Map<string, Entry[]>();

  private load(): Entry[] {
    if (this.entries) return this.entries;
    const rows = places as unknown as Row[];
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    const countryNames = new Map<string, string>();
    this.entries = rows.map((row) => {
      const country = row[2];
      if (!countryNames.has(country)) {
        let name = country;
        try {
          name = names.of(country) ?? country;
        } catch {
          /* unknown code: keep it */
        }
        countryNames.set(country, name);
      }
      const entry: Entry = {
        key: normalize(row[0]),
        region: row[1],
        country,
        countryName: countryNames.get(country)!,
        row,
      };
      const list = this.byName.get(entry.key);
      if (list) list.push(entry);
      else this.byName.set(entry.key, [entry]);
      return entry;
    });
    return this.entries;
  }

  /**
   * Places only: the gazetteer has no streets. A street address ("1200 Congress Ave, Austin, TX") resolves to its
   * place's centre and says so in `note`, the same answer for the market search and the property editor.
   */
  async search(query: string, limit = 5): Promise<GeoPlace[]> {
    const coords = parseCoordinates(query);
    if (coords) return [coords];
    const parts = query.split(',');
    if (parts.length > 1 && looksLikeStreetAddress(parts[0])) {
      const street = parts[0].trim();
      const places = await this.searchPlaces(parts.slice(1).join(','), limit);
      return places.map((place) => ({
        ...place,
        note: `Street addresses are not looked up offline: “${street}” is shown at the centre of ${place.label}.`,
      }));
    }
    return this.searchPlaces(query, limit);
  }

  private async searchPlaces(query: string, limit: number): Promise<GeoPlace[]> {
    const entries = this.load();
    const [rawName, ...rest] = query.split(',');
    const name = normalize(rawName ?? '');
    if (!name) return [];
    const qualifier = normalize(rest.join(' '));
    const matchesQualifier = (e: Entry) => {
      if (!qualifier) return true;
      const q = qualifier;
      const state = US_STATES[q] ?? q.toUpperCase();
      return (
        (e.region && e.region === state) ||
        e.country === q.toUpperCase() ||
        normalize(e.countryName) === q ||
        (q === 'usa' && e.country === 'US') ||
        (q === 'uk' && e.country === 'GB') ||
        normalize(e.countryName).startsWith(q) ||
        (e.region !== '' && q.split(' ').includes(e.region.toLowerCase()))
      );
    };
    const exact = (this.byName.get(name) ?? []).filter(matchesQualifier);
    const results = [...exact];
    if (results.length < limit && name.length >= 3) {
      for (const e of entries) {
        if (results.length >= limit * 4) break;
        if (e.key !== name && e.key.startsWith(name) && matchesQualifier(e)) results.push(e);
      }
    }
    // Exact names first, then by population (rows are already in population order).
    results.sort((a, b) => Number(b.key === name) - Number(a.key === name) || b.row[5] - a.row[5]);
    return results.slice(0, limit).map((e) => ({
      label: [e.row[0], e.region || null, e.countryName].filter(Boolean).join(', '),
      lat: e.row[3],
      lng: e.row[4],
      country_code: e.country,
      precision: 'place' as const,
      note: null,
    }));
  }
}

export interface BasemapPlace {
  name: string;
  lat: number;
  lng: number;
  population: number;
}

/**
 * The most populous gazetteer places inside a box, for the offline basemap's labels (rows are kept in population
 * order, so the first `limit` found are the ones worth a label). A box whose west edge is east of its east edge
 * crosses the 180° meridian.
 */
export function placesInBox(
  box: { south: number; west: number; north: number; east: number },
  limit: number,
): BasemapPlace[] {
  const out: BasemapPlace[] = [];
  const crosses = box.west > box.east;
  for (const row of places as unknown as Row[]) {
    const [name, , , lat, lng, population] = row;
    if (lat < box.south || lat > box.north) continue;
    if (crosses ? lng < box.west && lng > box.east : lng < box.west || lng > box.east) continue;
    out.push({ name, lat, lng, population });
    if (out.length >= limit) break;
  }
  return out;
}
