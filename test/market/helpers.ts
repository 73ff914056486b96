import { insertProperty } from '../properties/helpers';
import type { TestApp } from '../support/app';

let placed = 0;

/**
 * A published, public house for sale at (lat, lng) named `name`, owned by `ownerId` and listed, inserted directly;
 * `extra` columns override or add to these. The ids of the property and its listing.
 */
export async function placeProperty(
  t: TestApp,
  ownerId: string,
  name: string,
  lat: number,
  lng: number,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; listingId: string }> {
  placed += 1;
  const id = await insertProperty(t, {
    user_id: ownerId,
    slug: `m-${placed}-${Date.now()}`,
    name,
    latitude: lat,
    longitude: lng,
    publish: true,
    price: '100000.00',
    type: 'house',
    sector: 'residential',
    status: 'for_sale',
    ...extra,
  });
  const [listing] = await t.db.query(`INSERT INTO listings (property_id, user_id) VALUES ($1, $2) RETURNING id`, [
    id,
    ownerId,
  ]);
  return { id, listingId: listing.id as string };
}
