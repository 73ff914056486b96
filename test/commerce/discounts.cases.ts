import { Clock, DAY_MS } from '../../src/common/clock';
import { ORDER_EXPIRY_TIMER } from '../../src/modules/commerce/checkout.service';
import { TimersService } from '../../src/modules/jobs/timers.service';
import { bootTestApp, type TestApp, type TestClient } from '../support/app';
import { randomUUID } from 'node:crypto';
import { ADDRESS, addToCart, checkout, makeAdmin, payLocally, seedProduct } from './support';

/**
 * Discount codes through the real shop: an admin creates them, a buyer applies one in the cart, checkout charges the
 * discounted total with each line's share stored, and the limits hold under concurrent checkouts.
 */
describe('discount codes', () => {
  let t: TestApp;
  let admin: TestClient;
  let serial = 0;

  beforeAll(async () => {
    t = await bootTestApp();
    admin = (await makeAdmin(t)).client;
  });
  afterAll(() => t?.close());

  /** A fresh code name per call: codes are unique across the file's database. */
  const name = (prefix: string) => `${prefix}${++serial}`;

  async function createCode(body: Record<string, unknown>) {
    const res = await admin.post('/api/admin/discounts').send(body);
    if (res.status !== 201) throw new Error(`create code: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.code as { id: string; code: string; state: string; state_label: string };
  }

  const apply = (client: TestClient, code: string) => client.post('/api/cart/discount').send({ code });

  async function pay(client: TestClient, body: object = {}) {
    const started = await checkout(client, body);
    expect(started.status).toBe(200);
    expect((await payLocally(client, started.body.session.session_id)).body.status).toBe('paid');
    return started.body.session as { order_id: string; total: { amount_minor: number } };
  }

  it('refuses bad codes with field errors, and a code name twice', async () => {
    const post = (body: object) => admin.post('/api/admin/discounts').send(body);
    expect((await post({ code: 'X', kind: 'percent', percent_off: 10 })).body.errors.code).toBeDefined();
    expect((await post({ code: 'TOOMUCH', kind: 'percent', percent_off: 150 })).body.errors.percent_off).toBeDefined();
    expect((await post({ code: 'NOAMOUNT', kind: 'fixed' })).body.errors.amount_off_minor).toBeDefined();
    const both = await post({
      code: 'BOTH',
      kind: 'percent',
      percent_off: 5,
      category: 'guides',
      product_id: randomUUID(),
    });
    expect(both.status).toBe(422);
    expect(
      (await post({ code: 'NOCAT', kind: 'percent', percent_off: 5, category: 'nope' })).body.errors.category,
    ).toEqual(['Choose a category of the catalogue.']);
    const affiliate = await post({ code: 'NOAFF', kind: 'percent', percent_off: 5, affiliate_code: 'nobody' });
    expect(affiliate.body.errors.affiliate_code).toEqual(['No approved affiliate has that referral code.']);
    const backwards = await post({
      code: 'BACKWARDS',
      kind: 'percent',
      percent_off: 5,
      starts_at: '2026-12-10T00:00:00Z',
      ends_at: '2026-12-01T00:00:00Z',
    });
    expect(backwards.body.errors.ends_at).toEqual(['The end must be after the start.']);
    const first = await createCode({ code: 'twice-1', kind: 'percent', percent_off: 5 });
    expect(first.code).toBe('TWICE-1');
    expect((await post({ code: 'Twice-1', kind: 'percent', percent_off: 5 })).body.errors.code).toEqual([
      'TWICE-1 exists already.',
    ]);
  });

  it('takes a percentage off the covered category only and charges the discounted total, line by line', async () => {
    const guide = await seedProduct(t.db, { priceMinor: 999, category: 'guides' });
    const flyer = await seedProduct(t.db, { kind: 'physical', priceMinor: 2000, category: 'printed-goods' });
    const code = await createCode({ code: name('GUIDES'), kind: 'percent', percent_off: 15, category: 'guides' });
    const { client } = await t.signedIn();
    await addToCart(client, guide.variantId, 2);
    await addToCart(client, flyer.variantId, 1);

    const applied = await apply(client, code.code.toLowerCase());
    expect(applied.status).toBe(200);
    // 15% of 2 × 9.99 = 2.997, rounded down to 2.99; the flyers are not guides.
    expect(applied.body.cart.discount).toMatchObject({ code: code.code, amount: { amount_minor: 299 }, problem: null });
    expect(applied.body.cart.total.amount_minor).toBe(3998 - 299);

    // The buyer saw the discounted total; the subtotal alone is refused as the total.
    const stale = await checkout(client, { expected_total_minor: 3998, shipping_address: ADDRESS });
    expect(stale.status).toBe(422);
    expect(stale.body.errors.expected_total_minor).toBeDefined();
    const session = await pay(client, { expected_total_minor: 3699, shipping_address: ADDRESS });
    expect(session.total.amount_minor).toBe(3699);

    const order = (await client.get(`/api/orders/${session.order_id}`)).body.order;
    expect(order.discount).toEqual({ code: code.code, amount: { amount_minor: 299, currency: 'USD' } });
    expect(order.subtotal.amount_minor).toBe(3998);
    const byProduct = Object.fromEntries(
      order.lines.map(
        (l: { product_id: string; discount: { amount_minor: number }; total: { amount_minor: number } }) => [
          l.product_id,
          [l.discount.amount_minor, l.total.amount_minor],
        ],
      ),
    );
    expect(byProduct[guide.productId]).toEqual([299, 1699]);
    expect(byProduct[flyer.productId]).toEqual([0, 2000]);
    // The code went with the paid order; the cart starts the next one without it.
    expect((await client.get('/api/cart')).body.cart.discount).toBeNull();
    const [redemption] = await t.db.query(`SELECT status, amount_minor FROM discount_redemptions WHERE order_id = $1`, [
      session.order_id,
    ]);
    expect(redemption).toEqual({ status: 'used', amount_minor: '299' });
  });

  it('shares a fixed amount across the covered lines exactly, and keeps one code per order', async () => {
    const a = await seedProduct(t.db, { priceMinor: 1000 });
    const b = await seedProduct(t.db, { priceMinor: 2000 });
    const fixed = await createCode({ code: name('FIVE'), kind: 'fixed', amount_off_minor: 500 });
    const other = await createCode({ code: name('TEN'), kind: 'percent', percent_off: 10 });
    const { client } = await t.signedIn();
    await addToCart(client, a.variantId, 1);
    await addToCart(client, b.variantId, 1);
    expect((await apply(client, other.code)).body.cart.discount.amount.amount_minor).toBe(300);
    // A second code replaces the first: one code per order.
    const replaced = (await apply(client, fixed.code)).body.cart;
    expect(replaced.discount).toMatchObject({ code: fixed.code, amount: { amount_minor: 500 } });
    const session = await pay(client, { expected_total_minor: 2500 });
    const lines = await t.db.query(
      `SELECT discount_minor::int AS discount, total_minor::int AS total FROM order_lines WHERE order_id = $1
        ORDER BY unit_price_minor`,
      [session.order_id],
    );
    expect(lines).toEqual([
      { discount: 167, total: 833 },
      { discount: 333, total: 1667 },
    ]);
  });

  it('applies only inside its window, saying when it starts or ended', async () => {
    const clock = t.app.get(Clock);
    const product = await seedProduct(t.db, { priceMinor: 4000 });
    const start = new Date(Date.now() + 2 * DAY_MS);
    const code = await createCode({
      code: name('LATER'),
      kind: 'percent',
      percent_off: 20,
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + DAY_MS).toISOString(),
    });
    expect(code.state).toBe('scheduled');
    const { client } = await t.signedIn();
    await addToCart(client, product.variantId, 1);
    const early = await apply(client, code.code);
    expect(early.status).toBe(422);
    expect(early.body.errors.code).toEqual([`${code.code} starts on ${start.toISOString().slice(0, 10)}.`]);

    clock.set(new Date(start.getTime() + 1000));
    try {
      expect((await apply(client, code.code)).body.cart.discount.amount.amount_minor).toBe(800);
      clock.set(new Date(start.getTime() + DAY_MS + 1000));
      // Ended while in the cart: the cart says so, and checkout refuses rather than charge a price nobody saw.
      const cart = (await client.get('/api/cart')).body.cart;
      expect(cart.discount).toMatchObject({ amount: null, problem: expect.stringMatching(/ended on/) });
      expect(cart.total.amount_minor).toBe(4000);
      const refused = await checkout(client, {});
      expect(refused.status).toBe(422);
      expect(refused.body.errors.discount_code[0]).toMatch(/ended on .* Remove it to pay the full price\./);
    } finally {
      clock.reset();
    }
    expect((await client.delete('/api/cart/discount')).body.cart.discount).toBeNull();
  });

  it('counts a customer’s uses, and an order waiting for payment holds its use until it expires', async () => {
    const product = await seedProduct(t.db, { priceMinor: 3000 });
    const once = await createCode({ code: name('ONCE'), kind: 'percent', percent_off: 10, max_uses: 1 });
    const { client: first } = await t.signedIn();
    const { client: second } = await t.signedIn();
    await addToCart(first, product.variantId, 1);
    await addToCart(second, product.variantId, 1);
    await apply(first, once.code);
    const placed = await checkout(first, {});
    expect(placed.status).toBe(200);

    // The unpaid order holds the only use: nobody else may take it meanwhile.
    const held = await apply(second, once.code);
    expect(held.body.errors.code).toEqual([`${once.code} has been used as many times as it may be.`]);
    // Checking out the same cart again answers the same order: its own hold does not count against it.
    const again = await checkout(first, {});
    expect(again.body.session.order_id).toBe(placed.body.session.order_id);

    const clock = t.app.get(Clock);
    clock.advance(DAY_MS + 1000);
    try {
      await t.app.get(TimersService).fire(ORDER_EXPIRY_TIMER, { orderId: placed.body.session.order_id });
    } finally {
      clock.reset();
    }
    expect((await apply(second, once.code)).status).toBe(200);
    await pay(second, { expected_total_minor: 2700 });
    // Used once by this customer: the per-customer limit (1 by default) refuses a second order.
    const perCustomer = await createCode({ code: name('EACH'), kind: 'percent', percent_off: 10 });
    await addToCart(second, product.variantId, 1);
    await apply(second, perCustomer.code);
    await pay(second);
    await addToCart(second, product.variantId, 1);
    expect((await apply(second, perCustomer.code)).body.errors.code).toEqual([
      `You have used ${perCustomer.code} already.`,
    ]);
  });

  it('gives the last use to one of two buyers checking out at once', async () => {
    const product = await seedProduct(t.db, { priceMinor: 5000 });
    const last = await createCode({ code: name('LAST'), kind: 'fixed', amount_off_minor: 1000, max_uses: 1 });
    const buyers = [await t.signedIn(), await t.signedIn()];
    for (const { client } of buyers) {
      await addToCart(client, product.variantId, 1);
      expect((await apply(client, last.code)).status).toBe(200);
    }
    const answers = await Promise.all(buyers.map(({ client }) => checkout(client, { expected_total_minor: 4000 })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const loser = answers.find((a) => a.status === 422)!;
    expect(loser.body.errors.discount_code[0]).toMatch(/used as many times as it may be/);
    const [{ count }] = await t.db.query(
      `SELECT count(*)::int AS count FROM discount_redemptions r JOIN discount_codes c ON c.id = r.code_id
        WHERE c.code = $1 AND r.status <> 'released'`,
      [last.code],
    );
    expect(count).toBe(1);
  });

  it('refuses a code that would bring the order under the smallest card payment', async () => {
    const cheap = await seedProduct(t.db, { priceMinor: 500 });
    const code = await createCode({ code: name('ALMOST'), kind: 'fixed', amount_off_minor: 480 });
    const { client } = await t.signedIn();
    await addToCart(client, cheap.variantId, 1);
    expect((await apply(client, code.code)).body.errors.code[0]).toMatch(/less than \$0\.50/);
  });

  it('limits wrong guesses per visitor, switched-off codes answer like unknown ones, and the admin screen lists uses', async () => {
    const product = await seedProduct(t.db, { priceMinor: 2000 });
    const real = await createCode({ code: name('REAL'), kind: 'percent', percent_off: 10 });
    const off = await createCode({ code: name('OFF'), kind: 'percent', percent_off: 10 });
    const switched = await admin.patch(`/api/admin/discounts/${off.id}`).send({ active: false });
    expect(switched.body.code.state).toBe('disabled');
    const { client } = await t.signedIn();
    await addToCart(client, product.variantId, 1);
    expect((await apply(client, off.code)).body.errors.code).toEqual(['There is no such discount code.']);
    for (let i = 0; i < 9; i++) expect((await apply(client, `WRONG${i}`)).status).toBe(422);
    // Ten wrong codes in the window: even the right one now waits.
    expect((await apply(client, real.code)).status).toBe(429);

    const page = await admin.visit('/admin/discounts');
    expect(page.body.component).toBe('Admin/Discounts/Index');
    const listed = page.body.props.codes.data.find((c: { code: string }) => c.code === off.code);
    expect(listed).toMatchObject({ active: false, state: 'disabled', state_label: 'Switched off' });
    expect(page.body.props.redemptions.data.length).toBeGreaterThan(0);
  });
});
