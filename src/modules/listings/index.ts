export { ListingMediaRegistry, type ListingMedia, type ListingMediaRefs } from './listing-media.registry';
export { Listing } from './listing.entity';
export { ListingJson, ListingsService, OpenHouseSummaryJson } from './listings.service';
