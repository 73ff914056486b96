import { bootTestApp, type TestApp } from '../support/app';
import { FakeStripe } from './fake-stripe';
import { addToCart, checkout, seedProduct } from './support';

describe('checkout with the Stripe-compatible driver and signed webhooks', () => {
  let t: TestApp;
  const stripe = new FakeStripe();

  beforeAll(async () => {
    await stripe.start();
    t = await bootTestApp({
      PAYMENT_DRIVER: 'stripe',
      STRIPE_API_BASE: stripe.url,
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    });
  });
  afterAll(async () => {
    await t?.close();
    await stripe.stop();
  });

  async function openSession(referral?: string) {
    const { client, user } = await t.signedIn();
    const pack = await seedProduct(t.db, { kind: 'credit_pack', creditAmount: 25, priceMinor: 1999 });
    await addToCart(client, pack.variantId);
    const res = await checkout(client, referral ? { referral_code: referral } : {});
    expect(res.status).toBe(200);
    return { client, user, session: res.body.session };
  }

  async function credits(userId: string): Promise<number> {
    const [row] = await t.db.query(`SELECT image_credits FROM users WHERE id = $1`, [userId]);
    return row.image_credits;
  }

  it('creates a Checkout Session over HTTP carrying the order and the referral in client_reference_id', async () => {
    const { session } = await openSession('RITA10');
    const remote = stripe.sessions.get(session.session_id)!;
    expect(session.url).toBe(remote.url);
    expect(remote).toMatchObject({
      amount_total: 1999,
      currency: 'usd',
      client_reference_id: `${session.order_id}:RITA10`,
    });
  });

  it('a forged webhook answers 400 and changes nothing', async () => {
    const { user, session } = await openSession();
    const paid = stripe.complete(session.session_id);
    const forged = await stripe.deliver(t.baseUrl, stripe.event('checkout.session.completed', paid), 'whsec_wrong');
    expect(forged.status).toBe(400);
    const [order] = await t.db.query(`SELECT payment_status FROM orders WHERE id = $1`, [session.order_id]);
    expect(order.payment_status).toBe('pending');
    expect(await credits(user.id)).toBe(0);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM payment_events`);
    expect(n).toBe(0);
  });

  it('the same event three times at once plus the success page: one order paid, one grant', async () => {
    const { client, user, session } = await openSession();
    const event = stripe.event('checkout.session.completed', stripe.complete(session.session_id));
    const [a, b, c, page] = await Promise.all([
      stripe.deliver(t.baseUrl, event),
      stripe.deliver(t.baseUrl, event),
      stripe.deliver(t.baseUrl, event),
      client.visit(`/checkout/success?session_id=${session.session_id}`),
    ]);
    expect([a.status, b.status, c.status, page.status]).toEqual([200, 200, 200, 200]);
    const outcomes = [a, b, c].map((r) => (r.body as { outcome: string }).outcome).concat(page.body.props.outcome);
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(await credits(user.id)).toBe(25);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM credit_grants WHERE user_id = $1`, [user.id]);
    expect(n).toBe(1);
  });

  it('out of order and delayed: a late "expired" after "completed" leaves the order paid; a delayed duplicate is a no-op', async () => {
    const { user, session } = await openSession();
    const completed = stripe.event('checkout.session.completed', stripe.complete(session.session_id));
    const staleExpired = stripe.event('checkout.session.expired', {
      ...stripe.sessions.get(session.session_id)!,
      status: 'expired',
      payment_status: 'unpaid',
    });
    expect((await stripe.deliver(t.baseUrl, completed)).body).toMatchObject({ outcome: 'paid' });
    expect((await stripe.deliver(t.baseUrl, staleExpired)).body).toMatchObject({ outcome: 'open' });
    await new Promise((r) => setTimeout(r, 300));
    expect((await stripe.deliver(t.baseUrl, completed)).body).toMatchObject({ outcome: 'duplicate_event' });
    const [order] = await t.db.query(`SELECT status, payment_status FROM orders WHERE id = $1`, [session.order_id]);
    expect(order).toEqual({ status: 'fulfilled', payment_status: 'paid' });
    expect(await credits(user.id)).toBe(25);
  });

  it('an "expired" event for an unpaid session expires the order; a refund goes through the provider once per key', async () => {
    const { session } = await openSession();
    const expired = { ...stripe.sessions.get(session.session_id)!, status: 'expired' as const };
    expect((await stripe.deliver(t.baseUrl, stripe.event('checkout.session.expired', expired))).body).toMatchObject({
      outcome: 'expired',
    });

    const paid = await openSession();
    await stripe.deliver(
      t.baseUrl,
      stripe.event('checkout.session.completed', stripe.complete(paid.session.session_id)),
    );
    const admin = await t.signedIn({ role: 'admin' });
    const body = { amount_minor: 500, reason: 'partial' };
    const first = await admin.client
      .post(`/api/admin/orders/${paid.session.order_id}/refunds`)
      .set('Idempotency-Key', 'ref-1')
      .send(body);
    const second = await admin.client
      .post(`/api/admin/orders/${paid.session.order_id}/refunds`)
      .set('Idempotency-Key', 'ref-1')
      .send(body);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(stripe.refunds.filter((r) => r.amount === 500)).toHaveLength(1);
    const different = await admin.client
      .post(`/api/admin/orders/${paid.session.order_id}/refunds`)
      .set('Idempotency-Key', 'ref-1')
      .send({ amount_minor: 600 });
    expect(different.status).toBe(422);
    const [order] = await t.db.query(`SELECT payment_status, refunded_minor FROM orders WHERE id = $1`, [
      paid.session.order_id,
    ]);
    expect(order).toEqual({ payment_status: 'partially_refunded', refunded_minor: '500' });
  });
});
