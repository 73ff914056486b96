import { bootTestApp, TestApp, TestClient } from '../support/app';
import { addToCart, checkout, payLocally, seedProduct } from '../commerce/support';
import { approvedAffiliate, buckets, commissionsOf, settle } from './support';

/**
 * Attribution through the real shop: a tracked-link click, then a purchase paid on the local provider; commerce's
 * `order.paid` event reaches the commission ledger, and a refund by an admin reverses the commission.
 */
describe('affiliates and commerce together', () => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await bootTestApp();
    admin = (await t.signedIn({ role: 'admin' })).client;
  });
  afterAll(() => t.close());

  it('credits a purchase made after a click (cookie only) and reverses it on refund', async () => {
    const { client: affiliateClient, affiliate } = await approvedAffiliate(t, admin);
    const link = (await affiliateClient.post('/api/affiliate/links').send({ destination: '/marketplace' })).body.link;
    const product = await seedProduct(t.db, {
      kind: 'credit_pack',
      priceMinor: 2500,
      creditAmount: 50,
      category: 'credit-packs',
    });

    const { client: buyer } = await t.signedIn();
    expect((await buyer.get(`/r/${link.token}`)).status).toBe(302);
    await addToCart(buyer, product.variantId, 2);
    const started = await checkout(buyer, {});
    expect(started.status).toBe(200);
    expect((await payLocally(buyer, started.body.session.session_id)).status).toBeLessThan(400);
    await settle(t);

    const [commission] = await commissionsOf(t, affiliate.id);
    expect(commission).toMatchObject({ status: 'pending', amount: 1000 }); // 20% of 2 × 25.00
    expect(await buckets(t, affiliate.id)).toEqual({ pending: 1000 });

    const [order] = await t.db.query(`SELECT id, referral_code FROM orders ORDER BY created_at DESC LIMIT 1`);
    expect(order.referral_code).not.toBe(affiliate.code); // the click token, not a typed code
    const refund = await admin
      .post(`/api/admin/orders/${order.id}/refunds`)
      .set('Idempotency-Key', `r-${order.id}`)
      .send({});
    expect(refund.status).toBeLessThan(300);
    await settle(t);
    expect((await commissionsOf(t, affiliate.id))[0].status).toBe('reversed');
    expect(await buckets(t, affiliate.id)).toEqual({ pending: 0, reversed: 1000 });
  });
});
