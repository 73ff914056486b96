import { Clock, DAY_MS } from '../../src/common/clock';
import { BOOST_EXPIRY_TIMER } from '../../src/modules/boosts';
import { RefundsService } from '../../src/modules/commerce';
import { DesignAssetsService } from '../../src/modules/designs';
import { TimersService } from '../../src/modules/jobs/timers.service';
import { PropertiesService } from '../../src/modules/properties';
import type { BoostEndedEvent } from '../../src/contracts/events';
import { placeProperty } from '../market/helpers';
import { bootTestApp, type TestApp, type TestClient } from '../support/app';
import { waitFor } from '../support/processes';
import { addToCart, checkout, makeAdmin, payLocally, seedProduct } from './support';

/** Austin, where every listing of this file stands. */
const AT = { lat: 30.2672, lng: -97.7431 };

/** Purchases deliver what they say: a boost ranks its listing first in market search; a style pack unlocks styles. */
describe('purchases that deliver', () => {
  let t: TestApp;
  let clock: Clock;

  beforeAll(async () => {
    t = await bootTestApp();
    clock = t.app.get(Clock);
  });
  afterAll(() => t?.close());

  async function buy(client: TestClient, variantId: string, propertyId?: string) {
    const added = await client
      .post('/api/cart/items')
      .send({ variant_id: variantId, quantity: 1, property_id: propertyId });
    expect(added.status).toBe(201);
    const session = (await checkout(client)).body.session;
    expect((await payLocally(client, session.session_id)).body.status).toBe('paid');
    return session as { order_id: string; order_number: string };
  }

  const search = async (client: TestClient, query: Record<string, string | number> = {}) =>
    (await client.get('/api/market/search').query({ lat: AT.lat, lng: AT.lng, radius: 5, ...query })).body.results
      .data as Array<{ id: string; name: string; sponsored: boolean }>;

  it('a listing boost is bought for the buyer’s own market listing and leads matching searches, marked Sponsored', async () => {
    const { client, user } = await t.signedIn();
    const other = await t.createUser();
    // The nearest listing leads a distance search; the boosted one stands further out.
    const near = await placeProperty(t, user.id, 'Near the centre', AT.lat + 0.001, AT.lng);
    const far = await placeProperty(t, user.id, 'Further out', AT.lat + 0.03, AT.lng, { price: '300000.00' });
    const draft = await placeProperty(t, user.id, 'A draft', AT.lat, AT.lng + 0.01, { publish: false });
    const theirs = await placeProperty(t, other.id, 'Someone else’s', AT.lat, AT.lng + 0.02);
    const boost = await seedProduct(t.db, {
      kind: 'listing_boost',
      boostDays: 7,
      priceMinor: 2800,
      category: 'listing-boosts',
    });

    const before = await search(client);
    expect(before[0]).toMatchObject({ id: near.id, sponsored: false });

    // Checkout asks which listing, and only the buyer's own listings in market search qualify.
    const add = (body: object) =>
      client.post('/api/cart/items').send({ variant_id: boost.variantId, quantity: 1, ...body });
    expect((await add({})).body.errors.property_id).toEqual(['Choose the listing to boost.']);
    expect((await add({ property_id: theirs.id })).body.errors.property_id).toEqual([
      'Choose one of your own listings to boost.',
    ]);
    expect((await add({ property_id: draft.id })).body.errors.property_id[0]).toMatch(/not in market search/);
    expect((await add({ property_id: far.id, quantity: 2 })).body.errors.quantity[0]).toMatch(/one at a time/);
    const picker = await client.visit(`/products/${boost.slug}`);
    expect(picker.body.props.boostable_listings.map((l: { id: string }) => l.id).sort()).toEqual(
      [near.id, far.id].sort(),
    );

    const order = await buy(client, boost.variantId, far.id);
    const after = await search(client);
    expect(after[0]).toMatchObject({ id: far.id, sponsored: true });
    expect(after.filter((r) => r.id === far.id)).toHaveLength(1);
    expect(after.find((r) => r.id === near.id)?.sponsored).toBe(false);
    // Only matching searches: a price ceiling under the boosted listing's price leaves it out.
    expect((await search(client, { max_price: 200000 })).some((r) => r.id === far.id)).toBe(false);
    // The second page is the organic order: no sponsored place there.
    expect((await search(client, { per_page: 1, page: 2 })).every((r) => !r.sponsored)).toBe(true);

    const page = await client.visit('/orders/digital');
    expect(page.body.props.boosts.data[0]).toMatchObject({
      order_number: order.order_number,
      state: 'running',
      listing: { id: far.id, name: 'Further out' },
    });

    // Its days run out: the timer (re-checked when it fires) ends it, and search stops sponsoring it.
    const timers = t.app.get(TimersService);
    const [{ id: boostId }] = await t.db.query(`SELECT id FROM listing_boosts WHERE order_id = $1`, [order.order_id]);
    expect(await timers.fire(BOOST_EXPIRY_TIMER, { boostId })).toBe('skipped');
    clock.advance(7 * DAY_MS);
    try {
      expect(await timers.fire(BOOST_EXPIRY_TIMER, { boostId })).toBe('expired');
      expect((await search(client))[0]).toMatchObject({ id: near.id, sponsored: false });
      expect((await client.visit('/orders/digital')).body.props.boosts.data[0].state).toBe('expired');
    } finally {
      clock.advance(-7 * DAY_MS);
    }
  });

  it('a boosted listing that leaves the market ends its boost and is refunded the unused days, once', async () => {
    const { client, user } = await t.signedIn();
    const home = await placeProperty(t, user.id, 'Leaves the market', AT.lat - 0.02, AT.lng);
    const boost = await seedProduct(t.db, { kind: 'listing_boost', boostDays: 7, priceMinor: 2800 });
    clock.set(new Date());
    try {
      const order = await buy(client, boost.variantId, home.id);
      clock.advance(3 * DAY_MS);
      const properties = t.app.get(PropertiesService);
      await properties.setPublish((await properties.findById(home.id))!, false);
      // 4 of 7 days unused: 2800 × 4 / 7 = 1600 back on the boost's line.
      await waitFor(
        async () =>
          (await t.db.query(`SELECT 1 FROM refunds WHERE order_id = $1 AND status = 'succeeded'`, [order.order_id]))
            .length > 0,
        15_000,
        'the unused days refunded',
        () => '',
      );
      const [boostRow] = await t.db.query(`SELECT * FROM listing_boosts WHERE order_id = $1`, [order.order_id]);
      expect(boostRow).toMatchObject({ end_reason: 'unpublished', refund_minor: '1600' });
      const [line] = await t.db.query(`SELECT refunded_minor FROM order_lines WHERE order_id = $1`, [order.order_id]);
      expect(line.refunded_minor).toBe('1600');
      // The same event again (delivery is at least once) sends nothing more.
      const event: BoostEndedEvent = {
        boost_id: boostRow.id,
        order_id: order.order_id,
        order_line_id: boostRow.order_line_id,
        reason: 'unpublished',
        refund_minor: 1600,
      };
      expect(await t.app.get(RefundsService).refundUnusedBoost(event)).toBeNull();
      const refunds = await t.db.query(`SELECT amount_minor, source_ref FROM refunds WHERE order_id = $1`, [
        order.order_id,
      ]);
      expect(refunds).toEqual([{ amount_minor: '1600', source_ref: `boost:${boostRow.id}` }]);
      const shown = (await client.visit('/orders/digital')).body.props.boosts.data[0];
      expect(shown).toMatchObject({ state: 'unpublished', refunded: { amount_minor: 1600 } });
      expect(shown.state_label).toBe('Ended when the listing left the market: $16.00 refunded');
    } finally {
      clock.reset();
    }
  });

  it('a style pack unlocks its styles in the designer for the buyer, and a refund locks them again', async () => {
    const { client, user } = await t.signedIn();
    const admin = await makeAdmin(t);
    const assets = t.app.get(DesignAssetsService);
    const pack = await seedProduct(t.db, { kind: 'style_pack', stylePack: 'scandinavian', priceMinor: 900 });

    const locked = await assets.catalog(user.id);
    expect(locked.themes).not.toContain('Hygge');
    expect(locked.locked_packs?.[0]).toMatchObject({ pack: 'scandinavian', product_slug: pack.slug });
    expect(locked.locked_packs?.[0].styles).toHaveLength(12);
    const refused = await client.post('/api/designs/generate').send({ options: { theme: 'Hygge' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Hygge style comes with/);

    const order = await buy(client, pack.variantId);
    const open = await assets.catalog(user.id);
    expect(open.themes).toEqual(expect.arrayContaining(['Hygge', 'Lagom', 'Nordic noir']));
    expect(open.locked_packs).toEqual([]);
    // Past the pack check, the request now fails only for its missing photo.
    const next = await client.post('/api/designs/generate').send({ options: { theme: 'Hygge' } });
    expect(next.status).toBe(422);
    expect((await addToCart(client, pack.variantId).catch((e: Error) => e.message)) as string).toMatch(
      /own .* already/,
    );

    const refund = await admin.client
      .post(`/api/admin/orders/${order.order_id}/refunds`)
      .set('Idempotency-Key', `pack-${order.order_id}`)
      .send({ reason: 'changed my mind' });
    expect(refund.status).toBe(200);
    expect((await assets.catalog(user.id)).themes).not.toContain('Hygge');
  });
});
