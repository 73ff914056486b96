import { CheckoutService, ORDER_EXPIRY_TIMER } from '../../src/modules/commerce/checkout.service';
import { FulfilmentService } from '../../src/modules/commerce/fulfilment.service';
import { Clock, DAY_MS } from '../../src/common/clock';
import { DomainEvents } from '../../src/modules/events/domain-events.service';
import { TimersService } from '../../src/modules/jobs/timers.service';
import { StorageService } from '../../src/modules/storage/storage.service';
import type { DomainEventEnvelope } from '../../src/contracts/events';
import { bootTestApp, type TestApp } from '../support/app';
import { ADDRESS, addToCart, checkout, payLocally, seedProduct } from './support';

describe('checkout with the local test-mode provider', () => {
  let t: TestApp;
  const paid: DomainEventEnvelope<'order.paid'>[] = [];
  const refunded: DomainEventEnvelope<'order.refunded'>[] = [];

  beforeAll(async () => {
    t = await bootTestApp();
    const events = t.app.get(DomainEvents);
    events.subscribe('order.paid', 'test.paid', async (e) => void paid.push(e));
    events.subscribe('order.refunded', 'test.refunded', async (e) => void refunded.push(e));
  });
  afterAll(() => t?.close());

  it('pays an order on the hosted page: one order paid, credits granted, cart emptied, order.paid published once', async () => {
    const { client, user } = await t.signedIn();
    const pack = await seedProduct(t.db, { kind: 'credit_pack', creditAmount: 50, validityDays: 30, priceMinor: 900 });
    await addToCart(client, pack.variantId, 2);
    const res = await checkout(client, { referral_code: 'RITA10' });
    expect(res.status).toBe(200);
    const session = res.body.session;
    expect(session).toMatchObject({
      total: { amount_minor: 1800, currency: 'USD' },
      url: `/pay/local/${session.session_id}`,
    });

    const page = await client.visit(`/pay/local/${session.session_id}`);
    expect(page.body.component).toBe('Checkout/LocalPay');
    const pay = await payLocally(client, session.session_id);
    expect(pay.body).toMatchObject({ status: 'paid', redirect: `/checkout/success?session_id=${session.session_id}` });
    const success = await client.visit(pay.body.redirect);
    expect(success.body.component).toBe('Checkout/Success');
    expect(success.body.props.order).toMatchObject({
      status: 'fulfilled',
      payment_status: 'paid',
      referral_code: 'RITA10',
    });

    const [{ image_credits }] = await t.db.query(`SELECT image_credits FROM users WHERE id = $1`, [user.id]);
    expect(image_credits).toBe(100);
    expect((await client.get('/api/cart')).body.cart.items).toEqual([]);
    await waitFor(() => paid.some((e) => e.payload.order_id === session.order_id));
    const mine = paid.filter((e) => e.payload.order_id === session.order_id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id: `order.paid|${session.order_id}`,
      payload: { total_minor: 1800, referral_code: 'RITA10', user_id: user.id },
    });
    expect(mine[0].payload.lines[0]).toMatchObject({
      category: 'credit-packs',
      quantity: 2,
      unit_price_minor: 900,
      total_minor: 1800,
    });
  });

  it('3 simultaneous fulfils plus a success-page hit pay one order and grant once', async () => {
    const { client, user } = await t.signedIn();
    const pack = await seedProduct(t.db, { kind: 'credit_pack', creditAmount: 10, priceMinor: 500 });
    await addToCart(client, pack.variantId);
    const { session } = (await checkout(client)).body;
    await t.db.query(`UPDATE local_payment_sessions SET status = 'paid' WHERE id = $1`, [session.session_id]);
    const fulfilment = t.app.get(FulfilmentService);
    const event = { id: 'evt_dup_1', type: 'checkout.session.completed', session: await sessionOf(session.session_id) };
    const results = await Promise.all([
      fulfilment.fulfil(session.session_id, event),
      fulfilment.fulfil(session.session_id, event),
      fulfilment.fulfil(session.session_id, event),
      client.visit(`/checkout/success?session_id=${session.session_id}`),
    ]);
    const outcomes = [
      ...results.slice(0, 3).map((r) => (r as { outcome: string }).outcome),
      (results[3] as { body: { props: { outcome: string } } }).body.props.outcome,
    ];
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate_event' || o === 'already_paid')).toHaveLength(3);
    const [{ image_credits }] = await t.db.query(`SELECT image_credits FROM users WHERE id = $1`, [user.id]);
    expect(image_credits).toBe(10);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM credit_grants WHERE user_id = $1`, [user.id]);
    expect(n).toBe(1);
    const [{ audits }] = await t.db.query(
      `SELECT count(*)::int AS audits FROM order_audit WHERE order_id = $1 AND action = 'paid'`,
      [session.order_id],
    );
    expect(audits).toBe(1);
  });

  it('refuses negative quantities and unknown variants with 422, and a changed price at checkout with 422', async () => {
    const { client } = await t.signedIn();
    const guide = await seedProduct(t.db, { kind: 'digital', priceMinor: 1200 });
    expect((await client.post('/api/cart/items').send({ variant_id: guide.variantId, quantity: -1 })).status).toBe(422);
    const unknown = await client
      .post('/api/cart/items')
      .send({ variant_id: '00000000-0000-4000-8000-000000000000', quantity: 1 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.variant_id[0]).toMatch(/does not exist/);
    await addToCart(client, guide.variantId);
    await t.db.query(`UPDATE product_variants SET price_minor = 1500 WHERE id = $1`, [guide.variantId]);
    const changed = await checkout(client);
    expect(changed.status).toBe(422);
    expect(Object.values(changed.body.errors)[0]).toEqual([
      expect.stringMatching(/changed from 12.00 USD to 15.00 USD/),
    ]);
    const again = await checkout(client);
    expect(again.status).toBe(200);
    expect(again.body.session.total.amount_minor).toBe(1500);
  });

  it('takes stock in the order transaction, reuses the order for a second tab, and gives stock back at expiry', async () => {
    const { client } = await t.signedIn();
    const flyer = await seedProduct(t.db, { kind: 'physical', stock: 3, priceMinor: 300 });
    await addToCart(client, flyer.variantId, 2);
    const [first, second] = await Promise.all([
      checkout(client, { shipping_address: ADDRESS }),
      checkout(client, { shipping_address: ADDRESS }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.session.order_id).toBe(first.body.session.order_id);
    expect(second.body.session.session_id).toBe(first.body.session.session_id);
    expect(await stockOf(flyer.variantId)).toBe(1);

    const clock = t.app.get(Clock);
    clock.advance(DAY_MS + 1000);
    try {
      expect(await t.app.get(TimersService).fire(ORDER_EXPIRY_TIMER, { orderId: first.body.session.order_id })).toBe(
        'expired',
      );
    } finally {
      clock.reset();
    }
    expect(await stockOf(flyer.variantId)).toBe(3);
    const order = (await client.get(`/api/orders/${first.body.session.order_id}`)).body.order;
    expect(order.status).toBe('expired');
    // The expired session can no longer be paid.
    expect((await payLocally(client, first.body.session.session_id)).body.status).toBe('expired');
    expect(t.app.get(CheckoutService)).toBeDefined();
  });

  it('needs an address for printed goods and refuses more than the stock', async () => {
    const { client } = await t.signedIn();
    const flyer = await seedProduct(t.db, { kind: 'physical', stock: 1 });
    await addToCart(client, flyer.variantId);
    const noAddress = await checkout(client);
    expect(noAddress.status).toBe(422);
    expect(noAddress.body.errors.shipping_address).toBeDefined();
    const tooMany = await client.post('/api/cart/items').send({ variant_id: flyer.variantId, quantity: 1 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.quantity[0]).toMatch(/Only 1/);
  });

  it('answers the first result again for the same Idempotency-Key and 422 for a different body', async () => {
    const { client } = await t.signedIn();
    const guide = await seedProduct(t.db, { kind: 'digital' });
    await addToCart(client, guide.variantId);
    const a = await checkout(client, { referral_code: 'A' }, 'key-1');
    const b = await checkout(client, { referral_code: 'A' }, 'key-1');
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    const c = await checkout(client, { referral_code: 'B' }, 'key-1');
    expect(c.status).toBe(422);
    expect(c.body.errors.idempotency_key[0]).toMatch(/different request/);
  });

  it('vault: a signed 5-minute link, a download limit, and 403 after a refund; order.refunded published', async () => {
    const { client, user } = await t.signedIn();
    const stored = await t.app
      .get(StorageService)
      .put('commerce-assets/test/guide.pdf', Buffer.from('%PDF-1.4 guide'), 'application/pdf');
    const guide = await seedProduct(t.db, { kind: 'digital', assetKey: stored.key, downloadLimit: 2 });
    await addToCart(client, guide.variantId);
    const { session } = (await checkout(client)).body;
    await payLocally(client, session.session_id);
    const vault = (await client.get('/api/vault')).body;
    expect(vault.data).toHaveLength(1);
    const item = vault.data[0];
    const link = (await client.post(`/api/vault/${item.id}/link`)).body.link;
    expect(new Date(link.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000 + 1000);
    const file = await client.get(link.url);
    expect(file.status).toBe(200);
    expect(file.body.toString()).toContain('%PDF');
    expect((await client.get(link.url.replace(/signature=../, 'signature=00'))).status).toBe(403);
    expect((await client.get(`/media/${stored.key}`)).status).toBe(403);
    expect((await client.get(link.url)).status).toBe(200);
    expect((await client.get(link.url)).status).toBe(403); // limit of 2 used

    const admin = await t.signedIn({ role: 'admin' });
    const other = await seedProduct(t.db, { kind: 'digital', assetKey: stored.key, downloadLimit: 5 });
    await addToCart(client, other.variantId);
    const second = (await checkout(client)).body.session;
    await payLocally(client, second.session_id);
    const refund = await admin.client
      .post(`/api/admin/orders/${second.order_id}/refunds`)
      .set('Idempotency-Key', 'r-1')
      .send({ reason: 'asked' });
    expect(refund.status).toBe(200);
    expect(refund.body.refund).toMatchObject({ status: 'succeeded', amount: { amount_minor: 1500 } });
    const again = await admin.client
      .post(`/api/admin/orders/${second.order_id}/refunds`)
      .set('Idempotency-Key', 'r-1')
      .send({ reason: 'asked' });
    expect(again.body).toEqual(refund.body);
    const items = (await client.get('/api/vault')).body.data;
    const revoked = items.find((i: { order_id: string }) => i.order_id === second.order_id);
    expect(revoked.revoked).toBe(true);
    expect((await client.post(`/api/vault/${revoked.id}/link`)).status).toBe(403);
    await waitFor(() => refunded.some((e) => e.payload.order_id === second.order_id));
    expect(refunded.filter((e) => e.payload.order_id === second.order_id)).toEqual([
      expect.objectContaining({
        id: `order.refunded|${refund.body.refund.id}`,
        payload: expect.objectContaining({ full: true, amount_minor: 1500, user_id: user.id }),
      }),
    ]);
  });

  async function sessionOf(id: string) {
    const [row] = await t.db.query(`SELECT * FROM local_payment_sessions WHERE id = $1`, [id]);
    return {
      id,
      url: '',
      status: row.status,
      amountMinor: Number(row.amount_minor),
      currency: row.currency,
      clientReferenceId: row.client_reference_id,
      paymentId: 'pi_x',
    };
  }

  async function stockOf(variantId: string): Promise<number> {
    const [row] = await t.db.query(`SELECT stock FROM product_variants WHERE id = $1`, [variantId]);
    return row.stock;
  }
});

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
