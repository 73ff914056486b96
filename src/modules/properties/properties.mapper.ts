import type {
  Component as ComponentJson,
  Currency as CurrencyJson,
  Property as PropertyJson,
  PropertySummary as PropertySummaryJson,
  Upload as UploadJson,
} from '../../contracts/properties';
import type { PublicUser } from '../users';
import type { PublishState } from './property.constants';

export type { ComponentJson, CurrencyJson, PropertyJson, PropertySummaryJson, UploadJson };
import type { Currency, Property, PropertyComponent, PropertyUpload } from './property.entity';
import { mediaUrl } from '../../common/media-url';
import { iso } from '../../common/iso';

export function publishState(p: Pick<Property, 'publish' | 'archivedAt'>): PublishState {
  if (p.archivedAt) return 'archived';
  return p.publish ? 'published' : 'draft';
}

export function uploadJson(u: PropertyUpload): UploadJson {
  const url = mediaUrl(u.key);
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
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
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
    time_zone: p.timeZone,
    published_at: iso(p.publishedAt),
    archived_at: iso(p.archivedAt),
    animations: p.animations,
    components: Object.fromEntries(extra.components.map((c) => [c.type, componentJson(c, extra.uploads)])),
    listing: extra.listingId ? { id: extra.listingId, name: p.name } : null,
    user: extra.owner,
    can_edit: extra.canEdit,
  };
}

export function currencyJson(c: Currency): CurrencyJson {
  return { code: c.code, name: c.name, symbol: c.symbol, decimals: c.decimals, is_crypto: c.isCrypto };
}
