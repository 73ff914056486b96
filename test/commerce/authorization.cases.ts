import { expectAuthorizationTable } from '../support/authorization';
import { bootTestApp, type TestApp, type TestClient } from '../support/app';
import { addToCart, checkout, payLocally, seedProduct } from './support';

type Caller = 'guest' | 'stranger' | 'owner' | 'admin';

describe('commerce authorization table', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('answers every route with the status each caller should get', async () => {
    t = await bootTestApp();
    const guest = await t.client();
    const stranger = (await t.signedIn()).client;
    const owner = (await t.signedIn()).client;
    const admin = (await t.signedIn({ role: 'admin' })).client;
    const clients: Record<Caller, TestClient> = { guest, stranger, owner, admin };

    const guide = await seedProduct(t.db, { kind: 'digital', assetKey: 'commerce-assets/x.pdf' });
    await addToCart(owner, guide.variantId);
    const { session } = (await checkout(owner)).body;
    await payLocally(owner, session.session_id);
    const orderId: string = session.order_id;
    const [{ id: entitlementId }] = await t.db.query(`SELECT id FROM entitlements WHERE order_id = $1`, [orderId]);
    const missing = '00000000-0000-4000-8000-000000000000';
    let returnId = '';
    const all = (status: number) => ({ guest: status, stranger: status, owner: status, admin: status });
    const signedIn = (status: number, guestStatus = 401) => ({
      guest: guestStatus,
      stranger: status,
      owner: status,
      admin: status,
    });
    const page = { guest: 302, stranger: 200, owner: 200, admin: 200 };
    const adminOnly = (status: number, guestStatus = 401) => ({
      guest: guestStatus,
      stranger: 403,
      owner: 403,
      admin: status,
    });

    await expectAuthorizationTable<Caller>(clients, [
      { method: 'GET', path: '/marketplace', inertia: true, expect: all(200) },
      { method: 'GET', path: '/products', inertia: true, expect: all(200) },
      { method: 'GET', path: `/products/${guide.slug}`, inertia: true, expect: all(200) },
      { method: 'GET', path: '/products/no-such-product', inertia: true, expect: all(404) },
      { method: 'GET', path: '/cart', inertia: true, expect: all(200) },
      { method: 'GET', path: '/api/products?department=ai', expect: all(200) },
      { method: 'GET', path: '/api/products?min_price=-5', expect: all(422) },
      { method: 'GET', path: `/api/products/${guide.slug}`, expect: all(200) },
      { method: 'GET', path: '/api/cart', expect: all(200) },
      { method: 'POST', path: '/api/checkout', body: { referral_code: 'bad code!' }, expect: signedIn(422) },
      { method: 'POST', path: '/api/cart/items', body: { variant_id: guide.variantId, quantity: 1 }, expect: all(201) },
      { method: 'PATCH', path: `/api/cart/items/${missing}`, body: { quantity: 2 }, expect: all(404) },
      { method: 'DELETE', path: `/api/cart/items/${missing}`, expect: all(404) },
      { method: 'POST', path: '/api/cart/discount', body: { code: 'NO-SUCH-CODE' }, expect: all(422) },
      { method: 'POST', path: '/api/cart/discount', body: { code: '!' }, expect: all(422) },
      { method: 'DELETE', path: '/api/cart/discount', expect: all(200) },
      { method: 'GET', path: '/checkout', inertia: true, expect: page },
      { method: 'GET', path: '/checkout/success?session_id=cs_nope', inertia: true, expect: signedIn(404, 302) },
      {
        method: 'POST',
        path: '/webhooks/payments/stripe',
        body: { id: 'evt', type: 'checkout.session.completed' },
        expect: all(400),
      },
      { method: 'GET', path: '/pay/local/cs_local_nope', inertia: true, expect: all(404) },
      { method: 'POST', path: '/pay/local/cs_local_nope', body: { outcome: 'succeed' }, expect: all(404) },
      { method: 'GET', path: '/orders', inertia: true, expect: page },
      { method: 'GET', path: '/orders/returns', inertia: true, expect: page },
      { method: 'GET', path: '/orders/digital', inertia: true, expect: page },
      { method: 'GET', path: '/vault', inertia: true, expect: page },
      {
        method: 'GET',
        path: `/orders/${orderId}/support`,
        inertia: true,
        expect: { guest: 302, stranger: 403, owner: 200, admin: 200 },
      },
      { method: 'GET', path: '/api/orders', expect: signedIn(200) },
      { method: 'GET', path: `/api/orders/${orderId}`, expect: { guest: 401, stranger: 403, owner: 200, admin: 200 } },
      { method: 'GET', path: '/api/orders/not-a-uuid', expect: signedIn(404) },
      { method: 'GET', path: `/api/orders/${missing}`, expect: signedIn(404) },
      {
        method: 'POST',
        path: `/api/orders/${orderId}/returns`,
        body: { reason: 'Not what I expected' },
        expect: { guest: 401, stranger: 403, owner: 201, admin: 403 },
      },
      { method: 'GET', path: '/api/returns', expect: signedIn(200) },
      {
        method: 'GET',
        path: `/api/orders/${orderId}/messages`,
        expect: { guest: 401, stranger: 403, owner: 200, admin: 200 },
      },
      {
        method: 'POST',
        path: `/api/orders/${orderId}/messages`,
        body: { body: 'Hello' },
        expect: { guest: 401, stranger: 403, owner: 201, admin: 201 },
      },
      {
        method: 'POST',
        name: 'POST /api/orders/:id/messages, bad body',
        path: `/api/orders/${orderId}/messages`,
        body: { body: '' },
        expect: { guest: 401, stranger: 403, owner: 422, admin: 422 },
      },
      { method: 'GET', path: '/api/vault', expect: signedIn(200) },
      {
        method: 'POST',
        path: `/api/vault/${entitlementId}/link`,
        expect: { guest: 401, stranger: 403, owner: 201, admin: 403 },
      },
      { method: 'GET', path: `/vault/download/${entitlementId}?expires=1&signature=00`, expect: signedIn(403) },
      { method: 'GET', path: '/admin/orders', inertia: true, expect: adminOnly(200, 302) },
      { method: 'GET', path: '/orders/unfulfilled', inertia: true, expect: adminOnly(200, 302) },
      { method: 'GET', path: '/api/admin/orders', expect: adminOnly(200) },
      { method: 'GET', path: '/api/admin/orders/unfulfilled', expect: adminOnly(200) },
      { method: 'GET', path: '/api/admin/orders/export.csv', expect: adminOnly(200) },
      { method: 'GET', path: `/api/admin/orders/${orderId}`, expect: adminOnly(200) },
      {
        method: 'POST',
        path: async () => {
          returnId ||= (await t.db.query(`SELECT id FROM order_returns WHERE order_id = $1`, [orderId]))[0].id;
          return `/api/admin/returns/${returnId}/decision`;
        },
        body: { status: 'approved' },
        expect: adminOnly(200),
      },
      {
        method: 'POST',
        path: `/api/admin/orders/${orderId}/fulfil`,
        body: { carrier: 'UPS', tracking_number: '1Z' },
        expect: adminOnly(409),
      },
      {
        method: 'POST',
        path: `/api/admin/orders/${orderId}/refunds`,
        body: { reason: 'table' },
        expect: adminOnly(200),
      },
      { method: 'POST', path: `/api/admin/orders/${missing}/refunds`, body: {}, expect: adminOnly(404) },
      { method: 'GET', path: '/admin/discounts', inertia: true, expect: adminOnly(200, 302) },
      {
        method: 'POST',
        path: '/api/admin/discounts',
        body: { code: 'TABLE10', kind: 'percent', percent_off: 10 },
        expect: adminOnly(201),
      },
      { method: 'POST', path: '/api/admin/discounts', body: { kind: 'percent' }, expect: adminOnly(422) },
      { method: 'PATCH', path: `/api/admin/discounts/${missing}`, body: { active: false }, expect: adminOnly(404) },
      { method: 'PATCH', path: '/api/admin/discounts/not-a-uuid', body: { active: false }, expect: adminOnly(404) },
    ]);
  });
});
