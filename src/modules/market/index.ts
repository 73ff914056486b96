export { GEOCODER, type Geocoder } from './geocoding/geocoder';
export { MarketSearchService, searchRing } from './market-search.service';
export { boundingBoxes, haversineMiles, DEFAULT_RADIUS_MILES, type Box } from './geo';
export { boundsRing, parseVertices, pointInRing, PolygonError, ringCenter, toRing, type Ring } from './polygon';
export { comingWeekend, nextLocalHour, zonedTimeToUtc } from './weekend';
export { MarketSearchDto } from './dto/market.dto';
