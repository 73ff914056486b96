import { Clock, DAY_MS } from '../../src/common/clock';
import { CreditsService, GRANT_EXPIRY_TIMER } from '../../src/modules/credits/credits.service';
import { TimersService } from '../../src/modules/jobs/timers.service';
import { UsersService } from '../../src/modules/users/users.service';
import { seedDemoCommerce } from '../../src/database/seeds/commerce.seed';
import { bootTestApp, type TestApp } from '../support/app';
import { ADDRESS, addToCart, checkout, payLocally, seedProduct } from './support';

describe('commerce rules (service tier and HTTP)', () => {
  let t: TestApp;
  let credits: CreditsService;
  let clock: Clock;

  beforeAll(async () => {
    t = await bootTestApp();
    credits = t.app.get(CreditsService);
    clock = t.app.get(Clock);
  });
  afterEach(() => clock.reset());
  afterAll(() => t?.close());

  it('credit lots: spending takes the earliest-expiring grant first; expiry lapses the rest; a refund revokes only the unspent', async () => {
    const user = await t.createUser();
    await credits.grant(user.id, 5, 'admin grant (no expiry)');
    await credits.grantLot(user.id, 10, {
      reason: 'late',
      expiresAt: new Date(Date.now() + 30 * DAY_MS),
      sourceRef: `t:${user.id}:late`,
    });
    await credits.grantLot(user.id, 10, {
      reason: 'early',
      expiresAt: new Date(Date.now() + 2 * DAY_MS),
      sourceRef: `t:${user.id}:early`,
    });
    await credits.spend(user.id, 12, 'designs');
    const lots = await t.db.query(
      `SELECT g.source_ref, g.amount - coalesce(sum(u.amount), 0) AS left FROM credit_grants g
         LEFT JOIN credit_grant_uses u ON u.grant_id = g.id WHERE g.user_id = $1 GROUP BY g.id ORDER BY g.source_ref`,
      [user.id],
    );
    expect(lots.map((l: { left: string }) => Number(l.left))).toEqual([0, 8]); // early fully used, late has 8
    expect(await credits.balance(user.id)).toBe(13);

    expect(await credits.revokeGrant(`t:${user.id}:late`, 'refund')).toBe(8);
    expect(await credits.revokeGrant(`t:${user.id}:late`, 'refund again')).toBe(0);
    expect(await credits.balance(user.id)).toBe(5);

    await credits.grantLot(user.id, 4, {
      reason: 'short',
      expiresAt: new Date(Date.now() + DAY_MS),
      sourceRef: `t:${user.id}:short`,
    });
    const [{ id }] = await t.db.query(`SELECT id FROM credit_grants WHERE source_ref = $1`, [`t:${user.id}:short`]);
    expect(await t.app.get(TimersService).fire(GRANT_EXPIRY_TIMER, { grantId: id })).toBe(0); // not yet due
    clock.advance(DAY_MS + 1000);
    expect(await t.app.get(TimersService).fire(GRANT_EXPIRY_TIMER, { grantId: id })).toBe(4);
    expect(await credits.balance(user.id)).toBe(5);
    const kinds = (await credits.history(user.id, 1, 50)).data.map((r) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(['revoke', 'expire', 'spend']));
  });

  it('returns: request, approve, receive, and the admin refund closes the return', async () => {
    const { client, user } = await t.signedIn();
    const admin = await t.signedIn({ role: 'admin' });
    const flyer = await seedProduct(t.db, { kind: 'physical', stock: 5, priceMinor: 2000 });
    await addToCart(client, flyer.variantId);
    const { session } = (await checkout(client, { shipping_address: ADDRESS })).body;
    await payLocally(client, session.session_id);
    const stranger = await t.signedIn();
    expect(
      (await stranger.client.post(`/api/orders/${session.order_id}/returns`).send({ reason: 'mine?' })).status,
    ).toBe(403);
    expect((await client.post(`/api/orders/${session.order_id}/returns`).send({ reason: '' })).status).toBe(422);
    const requested = await client.post(`/api/orders/${session.order_id}/returns`).send({ reason: 'Wrong size' });
    expect(requested.status).toBe(201);
    expect((await client.post(`/api/orders/${session.order_id}/returns`).send({ reason: 'again' })).status).toBe(409);
    const id = requested.body.return.id;
    expect((await admin.client.post(`/api/admin/returns/${id}/decision`).send({ status: 'received' })).status).toBe(
      409,
    );
    expect(
      (await admin.client.post(`/api/admin/returns/${id}/decision`).send({ status: 'approved' })).body.return.status,
    ).toBe('approved');
    expect(
      (await admin.client.post(`/api/admin/returns/${id}/decision`).send({ status: 'received' })).body.return.status,
    ).toBe('received');
    const stock = async () =>
      (await t.db.query(`SELECT stock FROM product_variants WHERE id = $1`, [flyer.variantId]))[0].stock;
    expect(await stock()).toBe(4);
    const refunds = `/api/admin/orders/${session.order_id}/refunds`;
    const bad = await admin.client.post(refunds).send({ reason: 'returned', restock: 'yes' });
    expect([bad.status, bad.body.errors?.restock]).toEqual([422, ['Restock is true or false.']]);
    // The flyer came back: the refund puts it back on the shelf, once.
    expect((await admin.client.post(refunds).send({ reason: 'returned', restock: true })).status).toBe(200);
    expect(await stock()).toBe(5);
    expect((await admin.client.post(refunds).send({ reason: 'again', restock: true })).status).toBe(409);
    expect(await stock()).toBe(5);
    const order = (await client.get(`/api/orders/${session.order_id}`)).body.order;
    expect(order).toMatchObject({ payment_status: 'refunded', return_status: 'refunded', status: 'cancelled' });
    const subjects = async () =>
      (await t.db.query(`SELECT subject FROM mails WHERE "to" = $1`, [user.email])).map(
        (m: { subject: string }) => m.subject,
      );
    for (let i = 0; i < 50 && (await subjects()).length < 5; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await subjects()).sort()).toEqual(
      [
        `Receipt for order ${session.order_number}`,
        `Refund for order ${session.order_number}`,
        `Return for order ${session.order_number}: approved`,
        `Return for order ${session.order_number}: received`,
        `Return for order ${session.order_number}: requested`,
      ].sort(),
    );
  });

  it('admin fulfils printed goods with tracking; the unfulfilled queue empties; CSV and audit trail record it', async () => {
    const { client } = await t.signedIn();
    const admin = await t.signedIn({ role: 'admin' });
    const flyer = await seedProduct(t.db, { kind: 'physical', stock: 5 });
    await addToCart(client, flyer.variantId);
    const { session } = (await checkout(client, { shipping_address: ADDRESS })).body;
    await payLocally(client, session.session_id);
    const queue = (await admin.client.get('/api/admin/orders/unfulfilled')).body.data.map((o: { id: string }) => o.id);
    expect(queue).toContain(session.order_id);
    expect(
      (
        await admin.client
          .post(`/api/admin/orders/${session.order_id}/fulfil`)
          .send({ carrier: 'UPS', tracking_number: '' })
      ).status,
    ).toBe(422);
    const shipped = await admin.client
      .post(`/api/admin/orders/${session.order_id}/fulfil`)
      .send({ carrier: 'UPS', tracking_number: '1Z999' });
    expect(shipped.body.order).toMatchObject({
      status: 'fulfilled',
      fulfilment_status: 'fulfilled',
      tracking: { carrier: 'UPS', number: '1Z999' },
    });
    expect(
      (
        await admin.client
          .post(`/api/admin/orders/${session.order_id}/fulfil`)
          .send({ carrier: 'UPS', tracking_number: '1Z999' })
      ).status,
    ).toBe(409);
    expect(
      (await admin.client.get('/api/admin/orders/unfulfilled')).body.data.map((o: { id: string }) => o.id),
    ).not.toContain(session.order_id);
    const detail = (await admin.client.get(`/api/admin/orders/${session.order_id}`)).body;
    expect(detail.audit.map((a: { action: string }) => a.action)).toEqual(['placed', 'paid', 'fulfilled']);
    expect(detail.audit[2].actor.id).toBe(admin.user.id);
    const csv = await admin.client.get(`/api/admin/orders/export.csv?q=${session.order_number}`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text.split('\n')[1]).toContain(`${session.order_number},`);
    expect(csv.text).toContain('1Z999');
    const search = (await admin.client.get(`/api/admin/orders?q=${session.order_number}&fulfilment_status=fulfilled`))
      .body;
    expect(search.total).toBe(1);
    expect((await admin.client.get('/api/admin/orders?status=bogus')).status).toBe(422);
  });

  it('a support thread per order: the buyer and staff write, strangers cannot read', async () => {
    const { client } = await t.signedIn();
    const admin = await t.signedIn({ role: 'admin' });
    const stranger = await t.signedIn();
    const guide = await seedProduct(t.db, { kind: 'digital' });
    await addToCart(client, guide.variantId);
    const { session } = (await checkout(client)).body;
    await client.post(`/api/orders/${session.order_id}/messages`).send({ body: 'Where is my file?' });
    await admin.client.post(`/api/orders/${session.order_id}/messages`).send({ body: 'In your vault.' });
    const thread = (await client.get(`/api/orders/${session.order_id}/messages`)).body.data;
    expect(thread.map((m: { body: string; from_staff: boolean }) => [m.body, m.from_staff])).toEqual([
      ['Where is my file?', false],
      ['In your vault.', true],
    ]);
    expect((await stranger.client.get(`/api/orders/${session.order_id}/messages`)).status).toBe(403);
  });

  it('a guest cart merges into the user cart at sign-in (quantities add up)', async () => {
    const password = 'correct-horse-battery';
    const user = await t.createUser({ password });
    const guide = await seedProduct(t.db, { kind: 'digital' });
    const other = await seedProduct(t.db, { kind: 'digital' });
    const signed = await t.client();
    await signed.post('/login').send({ email: user.email, password });
    await signed.refreshToken();
    await addToCart(signed, guide.variantId, 1);
    await signed.post('/logout');
    const guest = await t.client();
    await addToCart(guest, guide.variantId, 2);
    await addToCart(guest, other.variantId, 1);
    await guest.post('/login').send({ email: user.email, password });
    await guest.refreshToken();
    const cart = (await guest.get('/api/cart')).body.cart;
    expect(cart.items.map((i: { variant_id: string; quantity: number }) => [i.variant_id, i.quantity]).sort()).toEqual(
      [
        [guide.variantId, 3],
        [other.variantId, 1],
      ].sort(),
    );
  });

  it('the demo seed makes the catalogue and a paid order with a vault item for the viewer, and is idempotent', async () => {
    const logger = { log: () => undefined, error: () => undefined, warn: () => undefined };
    await t.createUser({ email: 'viewer@reelty.test', handle: 'victor-test' });
    await seedDemoCommerce(t.app, logger);
    await seedDemoCommerce(t.app, logger);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM products WHERE slug = 'first-open-house-guide'`);
    expect(n).toBe(1);
    const viewer = (await t.app.get(UsersService).findByEmail('viewer@reelty.test'))!;
    const rows = await t.db.query(`SELECT payment_status FROM orders WHERE user_id = $1`, [viewer.id]);
    expect(rows).toEqual([{ payment_status: 'paid' }]);
    const [{ e }] = await t.db.query(
      `SELECT count(*)::int AS e FROM entitlements WHERE user_id = $1 AND asset_key IS NOT NULL`,
      [viewer.id],
    );
    expect(e).toBe(1);
  });
});
