/** JSON shapes of the property/listing API (server: src/modules/properties/property.serializer.ts). */
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

export interface PublicUserJson {
  id: string;
  name: string;
  handle: string | null;
  type: string;
  avatarUrl: string | null;
  bio: string | null;
}

export interface Property extends PropertySummary {
  description: string | null;
  accepted_currencies: string[];
  accepted_cryptocurrencies: string[];
  address: string | null;
  address_line_2: string | null;
  zip: string | null;
  country: string | null;
  published_at: string | null;
  archived_at: string | null;
  animations: Array<Record<string, unknown>>;
  components: Record<string, Component>;
  listing: { id: string; name: string } | null;
  user: PublicUserJson | null;
  can_edit: boolean;
}

export interface Currency {
  code: string;
  name: string;
  symbol: string;
  decimals: number;
  is_crypto: boolean;
}

export interface OpenHouseSummary {
  id: string;
  starts_at: string;
  ends_at: string;
  capacity: number;
}

export interface Listing {
  id: string;
  name: string;
  property: PropertySummary;
  spot: { slug: string; video: { playback_id: string | null } | null } | null;
  spotVideo: { id: string; playback_id: string | null } | null;
  walkthrough: { slug: string; videos: Array<{ slug: string; playback_id?: string | null }> } | null;
  open_houses: OpenHouseSummary[];
  created_at: string;
}

export type { LinkedPage as Paginated } from '@/types';
