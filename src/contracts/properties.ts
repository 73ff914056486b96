/** Wire shapes of properties: summaries, the full property with its components and photos, currencies. Type-only. */
import type { PublicUser } from './users';

/** One animation of the property page. */
export interface AnimationSetting {
  type: string;
  target?: string;
  duration_ms?: number;
  delay_ms?: number;
  options?: Record<string, unknown>;
}

export interface Upload {
  id: string;
  url: string;
  thumb_url: string;
  web_url: string;
  width: number;
  height: number;
  component_id: string | null;
  position: number;
}

export type PublishState = 'draft' | 'published' | 'archived';

/** What every list shows of a property (dashboards, market results, profiles). */
export interface PropertySummary {
  id: string;
  slug: string;
  name: string;
  price: string | null;
  currency: string;
  full_address: string | null;
  city: string | null;
  state: string | null;
  country_code: string | null;
  latitude: number | null;
  longitude: number | null;
  type: string | null;
  sector: string | null;
  status: string;
  is_private: boolean;
  publish: boolean;
  publish_state: PublishState;
  featured_image: Upload | null;
  created_at: string;
  updated_at: string;
}

export interface Component {
  id: string;
  type: string;
  content: Record<string, unknown>;
  images: Upload[];
}

/** A property in full (GET /api/properties/{slug}). */
export interface Property extends PropertySummary {
  description: string | null;
  accepted_currencies: string[];
  accepted_cryptocurrencies: string[];
  address: string | null;
  address_line_2: string | null;
  zip: string | null;
  country: string | null;
  /** The listing's market time zone (IANA); null when unknown ("this weekend" then reads the searcher's zone). */
  time_zone: string | null;
  published_at: string | null;
  archived_at: string | null;
  animations: AnimationSetting[];
  components: Record<string, Component>;
  listing: { id: string; name: string } | null;
  user: PublicUser | null;
  can_edit: boolean;
}

export interface Currency {
  code: string;
  name: string;
  symbol: string;
  decimals: number;
  is_crypto: boolean;
}
