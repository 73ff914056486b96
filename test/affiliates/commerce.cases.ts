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

  it('an admin releases a hold early from the affiliate’s page, with a reason, unless the order may be refunded', async () => {
    const { client: affiliateClient, affiliate } = await approvedAffiliate(t, admin);
    const link = (await affiliateClient.post('/api/affiliate/links').send({ destination: '/marketplace' })).body.link;
    const product = await seedProduct(t.db, { kind: 'credit_pack', priceMinor: 5000, creditAmount: 50 });
    const { client: buyer } = await t.signedIn();
    await buyer.get(`/r/${link.token}`);
    const orderIds: string[] = [];
    for (let i = 0; i < 2; i++) {
      await addToCart(buyer, product.variantId, 1);
      const started = await checkout(buyer, {});
      await payLocally(buyer, started.body.session.session_id);
      orderIds.push(started.body.session.order_id);
    }
    await settle(t);
    const page = await admin.visit(`/admin/affiliates/${affiliate.id}`);
    expect(page.body.component).toBe('Admin/Affiliates/Show');
    const pending: Array<{ id: string; order_number: string; status: string }> = page.body.props.commissions.data;
    expect(pending.map((c) => c.status)).toEqual(['pending', 'pending']);

    // The second order has a return request open: its money may still go back, so its hold stays.
    const [second] = await t.db.query(`SELECT number FROM orders WHERE id = $1`, [orderIds[1]]);
    expect((await buyer.post(`/api/orders/${orderIds[1]}/returns`).send({ reason: 'Bought it twice' })).status).toBe(
      201,
    );
    const risky = pending.find((c) => c.order_number === second.number)!;
    const refused = await admin
      .post(`/api/admin/affiliates/commissions/${risky.id}/release`)
      .send({ reason: 'Trusted' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/has an open return request/);
    expect((await admin.post(`/api/admin/affiliates/commissions/${risky.id}/release`).send({})).status).toBe(422);

    const safe = pending.find((c) => c.id !== risky.id)!;
    const released = await admin
      .post(`/api/admin/affiliates/commissions/${safe.id}/release`)
      .send({ reason: 'Long-standing partner, paid by invoice' });
    expect(released.status).toBe(200);
    expect(released.body.commission).toMatchObject({ status: 'approved', moves_at: null });
    expect(released.body.commission.status_reason).toMatch(/Released early by an admin \(Long-standing partner/);
    expect(await buckets(t, affiliate.id)).toEqual({ pending: 1000, available: 1000 });
    const again = await admin.post(`/api/admin/affiliates/commissions/${safe.id}/release`).send({ reason: 'Twice' });
    expect(again.status).toBe(409);

    const after = await admin.visit(`/admin/affiliates/${affiliate.id}`);
    expect(after.body.props.history[0]).toMatchObject({
      action: 'commission_released_early',
      reason: 'Long-standing partner, paid by invoice',
    });
    // The minimum from the same page: the affiliate's own, then back to the programme's default.
    await admin.put(`/api/admin/affiliates/${affiliate.id}/minimum`).send({ minimum_payout_minor: 2500 });
    const custom = await admin.visit(`/admin/affiliates/${affiliate.id}`);
    expect(custom.body.props).toMatchObject({ custom_minimum: true, affiliate: { minimum_payout_minor: 2500 } });
    await admin.put(`/api/admin/affiliates/${affiliate.id}/minimum`).send({ minimum_payout_minor: null });
    expect((await admin.visit(`/admin/affiliates/${affiliate.id}`)).body.props.custom_minimum).toBe(false);
  });

  it('a discount code of an affiliate credits them without a click, on what the buyer paid, and a refund reverses its share', async () => {
    const { client: affiliateClient, affiliate } = await approvedAffiliate(t, admin);
    const { affiliate: clicked } = await approvedAffiliate(t, admin);
    const created = await admin.post('/api/admin/discounts').send({
      code: `VERA${affiliate.code}`.slice(0, 32),
      kind: 'percent',
      percent_off: 20,
      affiliate_code: affiliate.code.toLowerCase(),
    });
    expect(created.status).toBe(201);
    expect(created.body.code.affiliate_code).toBe(affiliate.code);
    // The affiliate sees the code on their links page.
    const links = await affiliateClient.visit('/affiliate/links');
    expect(links.body.props.discount_codes.data.map((c: { code: string }) => c.code)).toEqual([created.body.code.code]);

    const product = await seedProduct(t.db, { kind: 'credit_pack', priceMinor: 5000, creditAmount: 50 });
    const { client: buyer } = await t.signedIn();
    // The buyer also carries another affiliate's referral code; the partner's discount code typed at checkout wins.
    await addToCart(buyer, product.variantId, 2);
    expect((await buyer.post('/api/cart/discount').send({ code: created.body.code.code })).status).toBe(200);
    const started = await checkout(buyer, { referral_code: clicked.code, expected_total_minor: 8000 });
    expect(started.status).toBe(200);
    await payLocally(buyer, started.body.session.session_id);
    await settle(t);

    // 20% commission on the 80.00 paid (not the 100.00 list price).
    expect(await commissionsOf(t, clicked.id)).toEqual([]);
    const [commission] = await commissionsOf(t, affiliate.id);
    expect(commission).toMatchObject({ status: 'pending', amount: 1600 });

    // Refunding one of the two packs (half of what the line cost after the discount) reverses half the commission.
    const orderId = started.body.session.order_id;
    const [line] = await t.db.query(`SELECT id, total_minor::int AS total FROM order_lines WHERE order_id = $1`, [
      orderId,
    ]);
    expect(line.total).toBe(8000);
    const refund = await admin
      .post(`/api/admin/orders/${orderId}/refunds`)
      .set('Idempotency-Key', `half-${orderId}`)
      .send({ lines: [{ line_id: line.id, amount_minor: 4000 }] });
    expect(refund.status).toBeLessThan(300);
    await settle(t);
    expect((await commissionsOf(t, affiliate.id))[0]).toMatchObject({ status: 'pending', amount: 800 });
    expect(await buckets(t, affiliate.id)).toEqual({ pending: 800, reversed: 800 });
  });
});
