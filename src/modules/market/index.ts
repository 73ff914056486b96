export { GEOCODER, type Geocoder } from './geocoding/geocoder';
export { mapSettings } from './market.config';
