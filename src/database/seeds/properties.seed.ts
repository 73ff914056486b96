import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { destination } from '../../modules/market/geo';
import { PeopleService } from '../../modules/people/people.service';
import { PropertiesService } from '../../modules/properties/properties.service';
import { PropertyUploadsService } from '../../modules/properties/property-uploads.service';
import { UsersService } from '../../modules/users/users.service';
import type { PropertyType } from '../../modules/properties/property.constants';
import { demoPhoto } from './demo-photos';

const CITIES = [
  { city: 'Austin', state: 'TX', zip: '78701', lat: 30.2672, lng: -97.7431 },
  { city: 'Denver', state: 'CO', zip: '80202', lat: 39.7392, lng: -104.9903 },
  { city: 'Miami', state: 'FL', zip: '33130', lat: 25.7617, lng: -80.1918 },
  { city: 'Seattle', state: 'WA', zip: '98101', lat: 47.6062, lng: -122.3321 },
  { city: 'Chicago', state: 'IL', zip: '60601', lat: 41.8781, lng: -87.6298 },
  { city: 'San Diego', state: 'CA', zip: '92101', lat: 32.7157, lng: -117.1611 },
];
const STREETS = ['Oak', 'Maple', 'Cedar', 'Elm', 'Pine', 'Lake', 'Hill', 'River', 'Park', 'Sunset'];
const KINDS: Array<{ type: PropertyType; label: string; base: number }> = [
  { type: 'house', label: 'Family House', base: 520000 },
  { type: 'condo', label: 'City Condo', base: 340000 },
  { type: 'townhouse', label: 'Townhouse', base: 410000 },
  { type: 'apartment', label: 'Loft Apartment', base: 280000 },
  { type: 'multi_family', label: 'Duplex', base: 690000 },
];
/**
 * Demo listings for realtor@reelty.test: 54 properties in six US cities with generated photos,
 * most published (so the market map and dashboards look alive), a few drafts and one archived.
 * Idempotent: does nothing when the realtor already has properties.
 */
export async function seedDemoProperties(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const users = app.get(UsersService);
  const properties = app.get(PropertiesService);
  const uploads = app.get(PropertyUploadsService);
  const people = app.get(PeopleService);
  const realtor = await users.findByEmail('realtor@reelty.test');
  if (!realtor) return;
  if (await properties.hasAnyOf(realtor.id)) return;

  let n = 0;
  for (const place of CITIES) {
    for (let i = 0; i < 9; i++) {
      n += 1;
      const kind = KINDS[n % KINDS.length];
      const street = `${100 + ((n * 37) % 900)} ${STREETS[(n * 7) % STREETS.length]} St`;
      const at = destination(place.lat, place.lng, 0.2 + ((n * 13) % 30) / 10, (n * 47) % 360);
      const name = `${place.city} ${kind.label} on ${street.split(' ').slice(1).join(' ')}`;
      const property = await properties.create(realtor, name);
      const price = `${kind.base + ((n * 7919) % 250) * 1000}.00`;
      await properties.update(property, {
        description: `A bright ${kind.label.toLowerCase()} in ${place.city}, close to parks, cafés and transit.`,
        price,
        currency: 'USD',
        accepted_currencies: n % 4 === 0 ? ['EUR'] : [],
        accepted_cryptocurrencies: n % 5 === 0 ? ['BTC', 'USDC'] : [],
        address: street,
        city: place.city,
        state: place.state,
        zip: place.zip,
        country: 'United States',
        country_code: 'US',
        latitude: +at.lat.toFixed(6),
        longitude: +at.lng.toFixed(6),
        type: kind.type,
        sector: 'residential',
        status: n % 6 === 0 ? 'for_rent' : 'for_sale',
      });
      const details = await properties.getComponent(property, 'details');
      await properties.updateComponent(details.id, realtor, {
        bedrooms: 1 + (n % 5),
        bathrooms: 1 + (n % 3),
        area_sqft: 700 + ((n * 131) % 2500),
        year_built: 1950 + ((n * 3) % 70),
      });
      const features = await properties.getComponent(property, 'features');
      await properties.updateComponent(features.id, realtor, {
        items: ['Hardwood floors', 'Garden', 'Garage', 'Balcony', 'Solar panels'].filter((_, k) => (n + k) % 2 === 0),
      });
      const fresh = (await properties.findById(property.id))!;
      // The street view for every listing; a few rooms too for the first ones in each city (their galleries).
      for (let k = 0; k < (i < 2 ? 3 : 1); k++) await uploads.upload(fresh, realtor, await demoPhoto(n, k), {});
      const current = (await properties.findById(property.id))!;
      if (i < 7) await properties.setPublish(current, true);
      if (i === 8 && place.city === 'Denver')
        await properties.update((await properties.findById(property.id))!, { archived: true });
    }
  }
  for (const name of ['Austin', 'Denver', 'Miami']) {
    await people.addMarket(realtor, { name }).catch(() => undefined);
  }
  logger.log(
    `Demo properties: ${n} for realtor@reelty.test (${CITIES.map((c) => c.city).join(', ')}); try /market?q=Austin`,
  );
}
