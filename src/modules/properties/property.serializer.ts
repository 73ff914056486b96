import type { PublicUser } from '../users';
import type { PublishState } from './property.constants';
import type { AnimationSetting, Currency, Property, PropertyComponent, PropertyUpload } from './property.entity';

export interface UploadJson {
  id: string;
  url: string;
  thumb_url: string;
  web_url: string;
  width: number;
  height: number;
  component_id: string | null;
  position: number;
}

export interface ComponentJson {
  id: string;
  type: string;
  content: Record<string, unknown>;
  images: UploadJson[];
}

/** What every list shows of a property (dashboards, market results, profiles). */
export interface PropertySummaryJson {
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
  featured_image: UploadJson | null;
  created_at: string;
  updated_at: string;
}

/** spec 3 Property, in full (GET /api/properties/{slug}). */
export interface PropertyJson extends PropertySummaryJson {
  description: string | null;
  accepted_currencies: string[];
  accepted_cryptocurrencies: string[];
  address: string | null;
  address_line_2: string | null;
  zip: string | null;
  country: string | null;
  published_at: string | null;
  archived_at: string | null;
  animations: AnimationSetting[];
  components: Record<string, ComponentJson>;
  listing: { id: string; name: string } | null;
  user: PublicUser | null;
  can_edit: boolean;
}

export function publishState(p: Pick<Property, 'publish' | 'archivedAt'>): PublishState {
  if (p.archivedAt) return 'archived';
  return p.publish ? 'published' : 'draft';
}

export function uploadJson(u: PropertyUpload): UploadJson {
  const url = `/media/${u.key}`;
  return {
    id: u.id,
    url,
    thumb_url: u.variants.thumb?.url ?? url,
    web_url: u.variants.web?.url ?? url,
    width: u.width,
    height: u.height,
    component_id: u.componentId,
    position: u.position,
  };
}

export function summaryJson(p: Property, featured: PropertyUpload | null | undefined): PropertySummaryJson {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    price: p.price,
    currency: p.currency,
    full_address: p.fullAddress,
    city: p.city,
    state: p.state,
    country_code: p.countryCode,
    latitude: p.latitude,
    longitude: p.longitude,
    type: p.type,
    sector: p.sector,
    status: p.status,
    is_private: p.isPrivate,
    publish: p.publish,
    publish_state: publishState(p),
    featured_image: featured ? uploadJson(featured) : null,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export function componentJson(c: PropertyComponent, uploads: PropertyUpload[]): ComponentJson {
  return {
    id: c.id,
    type: c.type,
    content: c.content,
    images: uploads.filter((u) => u.componentId === c.id).map(uploadJson),
  };
}

export function propertyJson(
  p: Property,
  extra: {
    components: PropertyComponent[];
    uploads: PropertyUpload[];
    listingId: string | null;
    owner: PublicUser | null;
    canEdit: boolean;
  },
): PropertyJson {
  const featured = extra.uploads.find((u) => u.id === p.featuredUploadId) ?? null;
  return {
    ...summaryJson(p, featured),
    description: p.description,
    accepted_currencies: p.acceptedCurrencies,
    accepted_cryptocurrencies: p.acceptedCryptocurrencies,
    address: p.address,
    address_line_2: p.addressLine2,
    zip: p.zip,
    country: p.country,
    published_at: p.publishedAt?.toISOString() ?? null,
    archived_at: p.archivedAt?.toISOString() ?? null,
    animations: p.animations,
    components: Object.fromEntries(extra.components.map((c) => [c.type, componentJson(c, extra.uploads)])),
    listing: extra.listingId ? { id: extra.listingId, name: p.name } : null,
    user: extra.owner,
    can_edit: extra.canEdit,
  };
}

export interface CurrencyJson {
  code: string;
  name: string;
  symbol: string;
  decimals: number;
  is_crypto: boolean;
}

export function currencyJson(c: Currency): CurrencyJson {
  return { code: c.code, name: c.name, symbol: c.symbol, decimals: c.decimals, is_crypto: c.isCrypto };
}
