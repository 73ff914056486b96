/** Wire shapes of the market: map search answers and saved searches. Type-only. */
import type { LinkedPage } from './common';
import type { PropertySummary } from './properties';

export type MarketSort = 'distance' | 'newest' | 'price_asc' | 'price_desc';

export interface MarketResult extends PropertySummary {
  /** Miles from the searched centre (the circle's centre, or the middle of the drawn area / map view). */
  distance_miles: number;
  /** A paid listing boost puts it first on the first page of matching results, marked "Sponsored". */
  sponsored: boolean;
}

export interface MarketSearchAnswer {
  /** `note` says when the point is only approximately what was typed (a street address shown at its town). */
  center: { lat: number; lng: number; label: string | null; note?: string | null };
  /** What was searched: a circle (radius in miles), a drawn polygon, or the map's visible box. */
  shape: 'circle' | 'polygon' | 'bounds';
  radius: number;
  unit: 'mi';
  sort: MarketSort;
  /** `total_is_capped`: more matches than `total` ("1,000+"); the total was counted only up to a cap. */
  results: LinkedPage<MarketResult> & { total_is_capped?: boolean };
}

/** The criteria of a saved search: the same names as the search's query string. */
export interface SavedSearchParams {
  q?: string;
  lat: number;
  lng: number;
  radius: number;
  /** "lat,lng;lat,lng;..." when the search is a drawn area (then the radius is ignored). */
  polygon?: string;
  /** "south,west,north,east" when the search is the map's view. */
  bounds?: string;
  min_price?: string;
  max_price?: string;
  type?: string;
  sector?: string;
  status?: string;
  beds?: number;
  baths?: number;
  has_video?: boolean;
  open_house?: boolean;
  /** The time zone "this weekend" is read in (saved with the search: the saver's). */
  tz?: string;
  sort?: MarketSort;
}

export interface SavedSearch {
  id: string;
  name: string;
  params: SavedSearchParams;
  alerts: boolean;
  created_at: string;
}

/** What alerts match a saved search against: one property's searchable facts. */
export interface ListingFacts {
  id: string;
  slug: string;
  name: string;
  city: string | null;
  lat: number;
  lng: number;
  price: string | null;
  currency: string;
  type: string | null;
  sector: string | null;
  status: string;
  /** The listing's market time zone (IANA), or null when unknown. */
  time_zone: string | null;
  /** Published, public and not archived. */
  visible: boolean;
  beds: number | null;
  baths: number | null;
  has_video: boolean;
  /** Open houses not yet over. */
  open_houses: Array<{ start: string; end: string }>;
}

/** One change of a listing (recorded by the database on every listing, unlisting, price or status change). */
export interface PropertyHistoryEntry {
  kind: 'listed' | 'unlisted' | 'price' | 'status';
  old_price: string | null;
  new_price: string | null;
  currency: string | null;
  old_status: string | null;
  new_status: string | null;
  at: string;
}

/** Mortgage calculator defaults for one market (AppConfig.buyer). Percentages are per year; money in whole currency units. */
export interface MortgageDefaults {
  down_payment_pct: number;
  rate_pct: number;
  term_years: number;
  property_tax_pct: number;
  insurance_per_year: number;
  hoa_per_month: number;
}

/** GET /api/property-insights/{id}: the property page's history, demand and calculator defaults. */
export interface PropertyInsights {
  history: PropertyHistoryEntry[];
  /** Days since it was last listed; null while it is not on the market. */
  days_on_market: number | null;
  /** Different people who opened the page in the last 7 days. */
  views_this_week: number;
  in_demand: boolean;
  mortgage: MortgageDefaults;
}

/** A phrase in a listing description commonly flagged under fair-housing rules (a warning, never a block). */
export interface FairHousingWarning {
  phrase: string;
  index: number;
  reason: string;
  suggestion: string;
}
