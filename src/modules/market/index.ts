export { GEOCODER, Geocoder } from './geocoding/geocoder';
export { mapSettings } from './market.config';
