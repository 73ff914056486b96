import type { Listing as ListingJson, OpenHouseSummary } from '../../contracts/listings';
import type { PropertySummary } from '../../contracts/properties';
import type { ListingMedia } from './listing-media.registry';
import type { ListingPair } from './listings.repository';
import { iso } from '../../common/iso';

/** A listing as the API answers it: its property's summary, its videos and its upcoming open houses. */
export function toListingJson(
  { listing, property }: ListingPair,
  summary: PropertySummary,
  media: ListingMedia,
  openHouses: OpenHouseSummary[],
): ListingJson {
  return {
    id: listing.id,
    name: property.name,
    property: summary,
    ...media,
    open_houses: openHouses,
    created_at: iso(listing.createdAt),
  };
}
