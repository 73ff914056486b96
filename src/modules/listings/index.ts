export { ListingMediaRegistry, type ListingMedia, type ListingMediaRefs } from './listing-media.registry';
export { Listing } from './listing.entity';
export { ListingsService, type ListingJson, type OpenHouseSummaryJson } from './listings.service';
export type { ListingPair } from './listings.repository';
