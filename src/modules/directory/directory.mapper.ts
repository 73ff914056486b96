import { iso } from '../../common/iso';
import type {
  Industry,
  LicenceDocument,
  Offering,
  OfferingListItem,
  ProviderAwaitingVerification,
  ProviderReview,
  ServiceProvider,
  ServiceProviderDetail,
} from '../../contracts/directory';
import { toAuthorJson } from '../community';
import type { User } from '../users';
import type { ReviewRow } from './directory-reviews.repository';
import type { IndustryRow, OfferingListRow, OfferingRow, ProviderRow } from './directory.repository';
import { mediaUrl } from '../../common/media-url';

/** Kilometres in a mile (distances are computed in miles, as the market's are). */
export const MILE_KM = 1.609344;

export function toIndustryJson(row: IndustryRow): Industry {
  return { slug: row.slug, name: row.name, description: row.description, providers_count: row.providers_count };
}

export function toOfferingJson(row: OfferingRow): Offering {
  return {
    id: row.id,
    provider_id: row.provider_id,
    title: row.title,
    description: row.description,
    price: row.price_minor === null ? null : { amount_minor: row.price_minor, currency: row.currency },
    created_at: iso(row.created_at),
  };
}

export function toOfferingListJson(row: OfferingListRow): OfferingListItem {
  return {
    ...toOfferingJson(row),
    provider: {
      id: row.provider_id,
      name: row.provider_name,
      city: row.provider_city,
      industry: row.industry_name,
      verified: row.verified,
    },
  };
}

export function toProviderJson(row: ProviderRow): ServiceProvider {
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    headline: row.headline,
    city: row.city,
    industry: { slug: row.industry_slug, name: row.industry_name },
    verified: row.verified_at !== null,
    offerings_count: row.offerings_count,
    rating: {
      average: row.reviews_count ? Math.round((row.rating_sum / row.reviews_count) * 10) / 10 : null,
      count: row.reviews_count,
    },
    distance_km: row.distance_miles === undefined ? null : Math.round(row.distance_miles * MILE_KM * 10) / 10,
    updated_at: iso(row.updated_at),
  };
}

/** The full profile; the licence number only for its owner and admins. */
export function toProviderDetailJson(
  row: ProviderRow,
  offerings: OfferingRow[],
  privileged: boolean,
  mine: boolean,
): ServiceProviderDetail {
  return {
    ...toProviderJson(row),
    bio: row.bio,
    website: row.website,
    licence_number: privileged ? row.licence_number : null,
    offerings: offerings.map(toOfferingJson),
    mine,
    licence_document: privileged ? toLicenceDocumentJson(row) : null,
  };
}

export function toLicenceDocumentJson(row: ProviderRow): LicenceDocument | null {
  if (!row.licence_document_key || !row.licence_uploaded_at) return null;
  return {
    url: mediaUrl(row.licence_document_key),
    mime: row.licence_document_mime ?? 'application/octet-stream',
    uploaded_at: iso(row.licence_uploaded_at),
  };
}

export function toAwaitingJson(row: ProviderRow): ProviderAwaitingVerification {
  return { ...toProviderJson(row), licence_number: row.licence_number, licence_document: toLicenceDocumentJson(row) };
}

export function toReviewJson(row: ReviewRow, reviewer: User | undefined): ProviderReview {
  return {
    id: row.id,
    provider_id: row.provider_id,
    reviewer: toAuthorJson(reviewer, row.reviewer_id),
    rating: row.rating,
    body_html: row.body_html,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
