import { iso } from '../../common/iso';
import type {
  Industry,
  Offering,
  OfferingListItem,
  ServiceProvider,
  ServiceProviderDetail,
} from '../../contracts/directory';
import type { IndustryRow, OfferingListRow, OfferingRow, ProviderRow } from './directory.repository';

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
  };
}
