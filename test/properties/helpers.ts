import sharp from 'sharp';
import type { TestApp, TestClient } from '../support/app';

/** A small real JPEG with EXIF orientation 6 and GPS-ish metadata, for upload tests. */
export async function photoBytes(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'test', ImageDescription: 'secret place' } } })
    .toBuffer();
}

export const COMPLETE = {
  name: 'Sunny Loft',
  description: 'Bright loft near the river.',
  price: '450000.50',
  currency: 'USD',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'United States',
  country_code: 'US',
  latitude: 30.2672,
  longitude: -97.7431,
  type: 'condo',
  sector: 'residential',
  status: 'for_sale',
};

/** A property row with exactly `cols` (the table's defaults for the rest), inserted directly; its id. */
export async function insertProperty(t: TestApp, cols: Record<string, unknown>): Promise<string> {
  const keys = Object.keys(cols);
  const [row] = await t.db.query(
    `INSERT INTO properties (${keys.join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    Object.values(cols),
  );
  return row.id;
}

/** Creates a draft through the API, fills it in and (optionally) publishes it. Returns its JSON. */
export async function makeProperty(
  c: TestClient,
  fields: Record<string, unknown> = {},
  publish = true,
): Promise<{ slug: string; id: string; listing: { id: string } }> {
  const created = await c.post('/api/properties').send({ name: (fields.name as string) ?? COMPLETE.name });
  if (created.status !== 201) throw new Error(`create failed ${created.status} ${JSON.stringify(created.body)}`);
  const updated = await c.post(`/api/properties/${created.body.property.slug}`).send({ ...COMPLETE, ...fields });
  if (updated.status !== 200) throw new Error(`update failed ${updated.status} ${JSON.stringify(updated.body)}`);
  // A draft's slug follows its name, so the slug to use is the one after the update.
  const slug = updated.body.property.slug as string;
  if (publish) {
    const res = await c.post(`/api/properties/${slug}/publish/`).send({ publish: true });
    if (res.status !== 200) throw new Error(`publish failed ${res.status} ${JSON.stringify(res.body)}`);
  }
  return { slug, id: updated.body.property.id, listing: updated.body.property.listing };
}
