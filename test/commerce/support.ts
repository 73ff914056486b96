import type { DataSource } from 'typeorm';
import type { TestApp, TestClient } from '../support/app';

export interface SeededVariant {
  productId: string;
  variantId: string;
  slug: string;
}

let counter = 0;

/** Inserts a product with one variant straight into the catalogue (the platform is the seller). */
export async function seedProduct(
  db: DataSource,
  p: {
    kind?: 'credit_pack' | 'digital' | 'physical' | 'service' | 'listing_boost' | 'style_pack';
    stylePack?: string;
    boostDays?: number;
    priceMinor?: number;
    stock?: number | null;
    creditAmount?: number;
    validityDays?: number;
    assetKey?: string;
    downloadLimit?: number;
    category?: string;
    title?: string;
  } = {},
): Promise<SeededVariant> {
  counter += 1;
  const slug = `test-product-${Date.now()}-${counter}`;
  const kind = p.kind ?? 'digital';
  const [product] = await db.query(
    `INSERT INTO products (slug, title, summary, department, category, kind, asset_key, download_limit, credit_amount,
                           credit_validity_days, style_pack)
     VALUES ($1, $2, 'A test product', $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      slug,
      p.title ?? `Test ${kind} ${counter}`,
      kind === 'credit_pack' ? 'ai' : 'real_estate',
      p.category ?? (kind === 'credit_pack' ? 'credit-packs' : kind === 'physical' ? 'printed-goods' : 'guides'),
      kind,
      p.assetKey ?? null,
      p.downloadLimit ?? 3,
      p.creditAmount ?? null,
      p.validityDays ?? null,
      p.kind === 'style_pack' ? (p.stylePack ?? 'scandinavian') : null,
    ],
  );
  const [variant] = await db.query(
    `INSERT INTO product_variants (product_id, sku, name, price_minor, currency, stock, boost_days)
     VALUES ($1, $2, 'Standard', $3, 'USD', $4, $5) RETURNING id`,
    [
      product.id,
      `SKU-${slug}`,
      p.priceMinor ?? 1500,
      p.stock === undefined ? null : p.stock,
      p.kind === 'listing_boost' ? (p.boostDays ?? 7) : null,
    ],
  );
  return { productId: product.id, variantId: variant.id, slug };
}

export async function addToCart(client: TestClient, variantId: string, quantity = 1) {
  const res = await client.post('/api/cart/items').send({ variant_id: variantId, quantity });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`add to cart: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.cart;
}

export async function checkout(client: TestClient, body: object = {}, key?: string) {
  const req = client.post('/api/checkout');
  if (key) req.set('Idempotency-Key', key);
  return req.send(body);
}

/** A shipping address good enough for printed goods. */
export const ADDRESS = {
  name: 'Vic Viewer',
  line1: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country_code: 'US',
};

/** Pays a local-provider session as the hosted page does. */
export async function payLocally(
  client: TestClient,
  sessionId: string,
  outcome: 'succeed' | 'fail' | 'abandon' = 'succeed',
) {
  return client.post(`/pay/local/${sessionId}`).send({ outcome });
}

export async function makeAdmin(t: TestApp) {
  return t.signedIn({ role: 'admin' });
}
