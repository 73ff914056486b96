export { GEOCODER, type Geocoder } from './geocoding/geocoder';
