import { CreditsService } from '../../src/modules/credits';
import { CrmMarketplaceMoneyService } from '../../src/modules/crm/marketplace/crm-marketplace-money.service';
import { CrmMarketplaceService } from '../../src/modules/crm/marketplace/crm-marketplace.service';
import type { OrderPaidEvent } from '../../src/contracts/events';
import { Clock } from '../../src/common/clock';
import { TimersService } from '../../src/modules/jobs';
import { CrmSellerLedgerService } from '../../src/modules/crm/marketplace/crm-seller-ledger.service';
import { TIMERS } from '../../src/modules/crm/crm.constants';
import { bootTestApp, TestApp, type TestClient } from '../support/app';
import { buckets, settle as jobsSettled } from '../affiliates/support';
import { earned, makeBook, websiteLead, type Book } from './support';

jest.setTimeout(120_000);

/**
 * Lead offers priced in money: the offer is a commerce product bought through the cart, checkout and the local
 * payment driver; `order.paid` unmasks the contact in the buyer's book once; a second payment for a sold offer and
 * an upheld dispute go back as commerce refunds; a verified duplicate or invalid phone is refunded at once.
 */
describe('crm: lead marketplace priced in money', () => {
  let t: TestApp;
  let market: CrmMarketplaceService;
  let money: CrmMarketplaceMoneyService;
  let seller: Book;
  let n = 0;

  let clock: Clock;
  let admin: TestClient;

  beforeAll(async () => {
    t = await bootTestApp();
    clock = t.app.get(Clock);
    admin = (await t.signedIn({ role: 'admin' })).client;
    market = t.app.get(CrmMarketplaceService);
    money = t.app.get(CrmMarketplaceMoneyService);
    seller = await makeBook(t);
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const offered = async (
    price: { price_minor: number; currency: string } | { price_credits: number },
    phone?: string,
    maxBuyers = 1,
    by: Book = seller,
  ) => {
    n += 1;
    const lead_id = await websiteLead(t, by.teamId, {
      sourceRef: `money-${n}`,
      name: `Paid Person ${n}`,
      email: `paid${n}@example.com`,
      phone: phone ?? `+1 415 730 ${String(1000 + n)}`,
    });
    return market.offer(by.owner.user, lead_id, { ...price, timeline: 'now', max_buyers: maxBuyers });
  };
  /** Cart, checkout and the local payment driver, as a person would; the order's id. */
  const pay = async (buyer: Book['owner'], offerId: string) => {
    const res = await buyer.client.post(`/api/crm/marketplace/${offerId}/purchase`);
    expect(res.status).toBe(200);
    return payVariant(buyer, res.body.variant_id);
  };
  /** The cart, checkout and payment of a variant the buyer was given earlier. */
  const payVariant = async (buyer: Book['owner'], variantId: string) => {
    expect((await buyer.client.post('/api/cart/items').send({ variant_id: variantId, quantity: 1 })).status).toBe(201);
    const { session } = (await buyer.client.post('/api/checkout').send({})).body;
    expect((await buyer.client.post(`/pay/local/${session.session_id}`).send({ outcome: 'succeed' })).status).toBe(200);
    return session.order_id as string;
  };
  const until = async <T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> => {
    for (let i = 0; i < 200; i++) {
      const v = await read();
      if (ok(v)) return v;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('timed out waiting');
  };
  /** The offer with its latest sale's fields (a money offer here is exclusive: one sale). */
  const offerRow = (id: string) =>
    t.db
      .query(
        `SELECT o.status AS offer_status, o.price_minor, s.* FROM crm_lead_offers o
           LEFT JOIN crm_lead_sales s ON s.offer_id = o.id WHERE o.id = $1 ORDER BY s.claimed_at DESC LIMIT 1`,
        [id],
      )
      .then((r) => r[0]);
  const orderStatus = (id: string) =>
    t.db.query(`SELECT payment_status FROM orders WHERE id = $1`, [id]).then((r) => r[0].payment_status as string);

  it('sells a money offer through the cart and checkout; order.paid unmasks the contact once; a second payment is refunded', async () => {
    const offer = await offered({ price_minor: 2500, currency: 'USD' });
    expect(offer).toMatchObject({ price_credits: 0, price: { amount_minor: 2500, currency: 'USD' } });
    const a = (await makeBook(t)).owner;
    const b = (await makeBook(t)).owner;
    // Masked before the sale; a credits claim is refused; the seller's own team may not buy.
    const listed = (await b.client.get('/api/crm/marketplace')).body.data.find(
      (o: { id: string }) => o.id === offer.id,
    );
    expect(JSON.stringify(listed)).not.toContain('paid');
    await expect(market.claim(a.user, offer.id)).rejects.toMatchObject({ status: 422 });
    expect((await seller.owner.client.post(`/api/crm/marketplace/${offer.id}/purchase`)).status).toBe(403);

    const orderA = await pay(a, offer.id);
    const sold = await until(
      () => offerRow(offer.id),
      (o) => o.status === 'sold',
    );
    expect([sold.buyer_id, sold.order_id, sold.price_minor]).toEqual([a.user.id, orderA, '2500']);
    const [purchase] = (await a.client.get('/api/crm/marketplace/purchases')).body.data;
    expect(purchase).toMatchObject({ id: offer.id, contact_email: `paid${n}@example.com`, status: 'sold' });
    // A repeated order.paid sells nothing twice.
    const [line] = await t.db.query(`SELECT id, product_id, total_minor FROM order_lines WHERE order_id = $1`, [
      orderA,
    ]);
    const event = {
      order_id: orderA,
      user_id: a.user.id,
      lines: [{ line_id: line.id, product_id: line.product_id, category: 'lead-offers', total_minor: 2500 }],
    } as unknown as OrderPaidEvent;
    await money.onOrderPaid(event);
    const copies = () => t.db.query(`SELECT id FROM crm_leads WHERE source_ref = $1`, [`market:${offer.id}`]);
    expect(await copies()).toHaveLength(1);
    expect((await b.client.post(`/api/crm/marketplace/${offer.id}/purchase`)).status).toBe(409);

    // Two payments racing for one offer (the variant's stock put back by hand): the second is refunded.
    await t.db.query(`UPDATE product_variants SET stock = 1 WHERE product_id = $1`, [line.product_id]);
    await t.db.query(`UPDATE crm_lead_offers SET status = 'open', sold_count = 0 WHERE id = $1`, [offer.id]);
    const res = await b.client.post(`/api/crm/marketplace/${offer.id}/purchase`);
    await t.db.query(`UPDATE crm_lead_offers SET status = 'sold', sold_count = 1 WHERE id = $1`, [offer.id]);
    await b.client.post('/api/cart/items').send({ variant_id: res.body.variant_id, quantity: 1 }).expect(201);
    const { session } = (await b.client.post('/api/checkout').send({})).body;
    await b.client.post(`/pay/local/${session.session_id}`).send({ outcome: 'succeed' }).expect(200);
    expect(
      await until(
        () => orderStatus(session.order_id),
        (s) => s === 'refunded',
      ),
    ).toBe('refunded');
    // The refund's id is recorded after the commerce refund settles the order: wait for it.
    const record = await until(
      () =>
        t.db
          .query(`SELECT outcome, refund_id FROM crm_offer_payments WHERE order_id = $1`, [session.order_id])
          .then((r) => r[0]),
      (r) => !!r?.refund_id,
    );
    expect(record.outcome).toBe('refund');
    expect((await offerRow(offer.id)).buyer_id).toBe(a.user.id);
    expect(await copies()).toHaveLength(1);
    // Nothing was delivered for the refunded payment: its unit is back in stock.
    const [{ stock }] = await t.db.query(`SELECT stock FROM product_variants WHERE product_id = $1`, [line.product_id]);
    expect(stock).toBe(1);

    // A dispute the check cannot confirm (the buyer had no such contact) waits; the seller's refund is a commerce refund.
    const disputed = await market.dispute(a.user, offer.id, { reason: 'Already mine', kind: 'duplicate' });
    expect(disputed.status).toBe('disputed');
    await expect(market.refund(seller.owner.user, offer.id)).resolves.toEqual({
      status: 'refunded',
      refunded_credits: 0,
      refunded: { amount_minor: 2500, currency: 'USD' },
    });
    expect(await orderStatus(orderA)).toBe('refunded');
    expect((await offerRow(offer.id)).refund_id).toEqual(expect.any(String));
    await expect(market.refund(seller.owner.user, offer.id)).rejects.toMatchObject({ status: 409 });
  });

  it("a book's second payment for a shared offer goes back with its unit: the store still sells the copy left", async () => {
    const offer = await offered({ price_minor: 1500, currency: 'USD' }, undefined, 2);
    const a = await makeBook(t, 1);
    const b = (await makeBook(t)).owner;
    // Both of a's people open the purchase before either has paid (the second would be refused afterwards).
    const first = await a.owner.client.post(`/api/crm/marketplace/${offer.id}/purchase`);
    const second = await a.agents[0].client.post(`/api/crm/marketplace/${offer.id}/purchase`);
    expect([first.status, second.status]).toEqual([200, 200]);
    const stock = () =>
      t.db
        .query(`SELECT stock FROM product_variants WHERE id = $1`, [first.body.variant_id])
        .then((r) => r[0].stock as number);
    expect(await stock()).toBe(2);
    await payVariant(a.owner, first.body.variant_id);
    await until(
      () => offerRow(offer.id),
      (o) => o.status === 'sold',
    );
    const again = await payVariant(a.agents[0], second.body.variant_id);
    expect(
      await until(
        () => orderStatus(again),
        (s) => s === 'refunded',
      ),
    ).toBe('refunded');
    await until(stock, (left) => left === 1);
    // The refund's settled rows say why, once: a repeated order.paid neither sells nor restocks again.
    const [line] = await t.db.query(`SELECT id, product_id FROM order_lines WHERE order_id = $1`, [again]);
    await money.onOrderPaid({
      order_id: again,
      user_id: a.agents[0].user.id,
      lines: [{ line_id: line.id, product_id: line.product_id, category: 'lead-offers', total_minor: 1500 }],
    } as unknown as OrderPaidEvent);
    expect(await stock()).toBe(1);
    const refunds = await t.db.query(`SELECT restock, status FROM refunds WHERE order_id = $1`, [again]);
    expect(refunds).toEqual([{ restock: true, status: 'succeeded' }]);
    // Another book buys the copy still free.
    await pay(b, offer.id);
    expect(
      await until(
        () => t.db.query(`SELECT count(*)::int AS n FROM crm_lead_sales WHERE offer_id = $1`, [offer.id]),
        (r) => r[0].n === 2,
      ),
    ).toEqual([{ n: 2 }]);
    const sales = await t.db.query(`SELECT buyer_id FROM crm_lead_sales WHERE offer_id = $1 ORDER BY claimed_at`, [
      offer.id,
    ]);
    expect(sales.map((r: { buyer_id: string }) => r.buyer_id)).toEqual([a.owner.user.id, b.user.id]);
    expect(await stock()).toBe(0);
  });

  it('refunds at once a verified invalid phone (money) and a verified duplicate (credits); unverified claims wait', async () => {
    const fake = await offered({ price_minor: 1500, currency: 'USD' }, '+1 415 555 0123');
    const a = (await makeBook(t)).owner;
    const order = await pay(a, fake.id);
    await until(
      () => offerRow(fake.id),
      (o) => o.status === 'sold',
    );
    const p = await market.dispute(a.user, fake.id, { reason: 'Number does not exist', kind: 'invalid_phone' });
    expect(p.status).toBe('refunded');
    expect(await orderStatus(order)).toBe('refunded');

    const good = await offered({ price_minor: 1500, currency: 'USD' });
    const order2 = await pay(a, good.id);
    await until(
      () => offerRow(good.id),
      (o) => o.status === 'sold',
    );
    expect((await market.dispute(a.user, good.id, { reason: 'wrong', kind: 'invalid_phone' })).status).toBe('disputed');
    expect(await orderStatus(order2)).toBe('paid');

    const credits = t.app.get(CreditsService);
    const dup = await offered({ price_credits: 4 });
    const b = await makeBook(t);
    await t.db.query(`INSERT INTO crm_contacts (team_id, name, email, source) VALUES ($1, 'Known', $2, 'manual')`, [
      b.teamId,
      `paid${n}@example.com`,
    ]);
    await credits.grant(b.owner.user.id, 10, 'test');
    const before = await credits.balance(b.owner.user.id);
    await market.claim(b.owner.user, dup.id);
    expect(await credits.balance(b.owner.user.id)).toBe(before - 4);
    expect((await market.dispute(b.owner.user, dup.id, { reason: 'had it', kind: 'duplicate' })).status).toBe(
      'refunded',
    );
    expect(await credits.balance(b.owner.user.id)).toBe(before);
  });

  it('a money sale owes the seller the price minus the platform fee; a refund reverses it with a new ledger row', async () => {
    // Two buyers of a shared money offer; one disputes a verified invalid phone and is refunded.
    const offer = await offered({ price_minor: 10_000, currency: 'USD' }, '+1 415 555 0199', 2);
    const a = (await makeBook(t)).owner;
    const b = (await makeBook(t)).owner;
    const ledger = () =>
      t.db.query(
        `SELECT l.kind, l.gross_minor::int AS gross, l.fee_minor::int AS fee, l.amount_minor::int AS amount, s.buyer_id
           FROM crm_seller_ledger l JOIN crm_lead_sales s ON s.id = l.sale_id
          WHERE s.offer_id = $1 AND l.seller_id = $2 ORDER BY l.id`,
        [offer.id, seller.owner.user.id],
      );
    const owed = async () => earned(await market.page(seller.owner.user, 1, 10, 0));
    const before = await owed();
    await pay(a, offer.id);
    await pay(b, offer.id);
    await until(ledger, (rows) => rows.length === 2);
    // CRM_MARKET_FEE_BPS defaults to 1,500 (15%): 10,000 owes 8,500.
    expect(
      (await ledger()).map((r: { kind: string; fee: number; amount: number }) => [r.kind, r.fee, r.amount]),
    ).toEqual([
      ['earning', 1500, 8500],
      ['earning', 1500, 8500],
    ]);
    expect(await owed()).toBe(before + 17_000);
    // Sold out: a third buyer is refused.
    expect((await (await makeBook(t)).owner.client.post(`/api/crm/marketplace/${offer.id}/purchase`)).status).toBe(409);

    expect((await market.dispute(a.user, offer.id, { reason: 'dead', kind: 'invalid_phone' })).status).toBe('refunded');
    const rows = await ledger();
    expect(
      rows.map((r: { kind: string; gross: number; fee: number; amount: number; buyer_id: string }) => [
        r.kind,
        r.gross,
        r.fee,
        r.amount,
        r.buyer_id === a.user.id,
      ]),
    ).toEqual([
      ['earning', 10_000, 1500, 8500, rows[0].buyer_id === a.user.id],
      ['earning', 10_000, 1500, 8500, rows[1].buyer_id === a.user.id],
      ['reversal', -10_000, -1500, -8500, true],
    ]);
    expect(await owed()).toBe(before + 8500);
    // b's sale is untouched; the ledger refuses changes.
    expect((await market.purchases(b.user, 1, 10, 0)).data[0]).toMatchObject({ id: offer.id, status: 'sold' });
    await expect(t.db.query(`UPDATE crm_seller_ledger SET amount_minor = 0`)).rejects.toThrow(/append-only/);
    await expect(t.db.query(`DELETE FROM crm_seller_ledger`)).rejects.toThrow(/append-only/);
  });
  // ---- settled sales paid through the affiliate payouts ----------------------------------------------------------

  /** The seller applies to the affiliate programme (manual payouts) and an admin approves; the account's id. */
  const payoutAccount = async (who: Book['owner'], approve = true) => {
    const { body: me } = await who.client.get('/api/affiliate/me');
    const apply = await who.client.post('/api/affiliate/applications').send({
      audience: 'Realtor selling leads on the marketplace.',
      payout_method: 'manual',
      accepted_guidelines_version: me.guidelines?.version ?? 1,
    });
    expect(apply.status).toBe(201);
    const id = apply.body.affiliate.id as string;
    if (approve) expect((await admin.post(`/api/admin/affiliates/${id}/approve`)).status).toBe(200);
    return id;
  };
  /** A money sale of the seller's new offer to a new book, its sale id once `order.paid` sold it. */
  const soldSale = async (by: Book, price: number, currency = 'USD', phone?: string) => {
    const offer = await offered({ price_minor: price, currency }, phone, 1, by);
    const buyer = (await makeBook(t)).owner;
    await pay(buyer, offer.id);
    const sale = await until(
      () => offerRow(offer.id),
      (o) => o.status === 'sold',
    );
    return { offerId: offer.id, saleId: sale.id as string, buyer };
  };
  const sellerRows = (saleId: string) =>
    t.db.query(
      `SELECT kind, gross_minor::int AS gross, fee_minor::int AS fee, amount_minor::int AS amount, currency
         FROM crm_seller_ledger WHERE sale_id = $1 ORDER BY id`,
      [saleId],
    );
  const moneyOf = async (who: Book['owner'], currency = 'USD') =>
    (await market.page(who.user, 1, 10, 0)).earnings.find((e) => e.currency === currency);
  const fireSettle = (saleId: string) => t.app.get(TimersService).fire(TIMERS.marketSettle, { saleId });

  it("a settled sale moves its net to the seller's payout balance once (timer twice, settles racing); the batch pays it", async () => {
    const book = await makeBook(t);
    const affiliateId = await payoutAccount(book.owner);
    const { offerId, saleId, buyer } = await soldSale(book, 10_000);
    expect(await moneyOf(book.owner)).toEqual({
      currency: 'USD',
      pending_minor: 8500,
      transferred_minor: 0,
      awaiting_minor: 0,
    });
    // Early: the window is open, nothing moves.
    await fireSettle(saleId);
    expect(await sellerRows(saleId)).toHaveLength(1);
    clock.advance(72 * 3600_000 + 1000);
    await Promise.all([fireSettle(saleId), market.onSettle({ saleId }), market.onSettle({ saleId })]);
    await fireSettle(saleId);
    expect(await sellerRows(saleId)).toEqual([
      { kind: 'earning', gross: 10_000, fee: 1500, amount: 8500, currency: 'USD' },
      { kind: 'transfer', gross: 0, fee: 0, amount: -8500, currency: 'USD' },
    ]);
    expect(await buckets(t, affiliateId)).toEqual({ available: 8500 });
    expect(await moneyOf(book.owner)).toEqual({
      currency: 'USD',
      pending_minor: 0,
      transferred_minor: 8500,
      awaiting_minor: 0,
    });
    // Settled: the buyer can no longer dispute (so never be refunded) what was paid out.
    await expect(market.dispute(buyer.user, offerId, { reason: 'late', kind: 'other' })).rejects.toMatchObject({
      status: 409,
    });
    // Nothing more moves for this seller when approval comes again.
    expect(await t.app.get(CrmSellerLedgerService).transferAwaiting(book.owner.user.id)).toBe(0);

    // The payout batch picks it up (above the $50 minimum) into the bank file; paid once the admin confirms the bank.
    const preview = (await admin.post('/api/admin/payouts/batches')).body.preview;
    expect(preview.lines).toEqual([expect.objectContaining({ affiliate_id: affiliateId, amount_minor: 8500 })]);
    expect((await admin.post(`/api/admin/payouts/batches/${preview.batch.id}/confirm`)).status).toBe(200);
    await jobsSettled(t);
    expect(await buckets(t, affiliateId)).toEqual({ available: 0, in_transit: 8500 });
    expect((await admin.post(`/api/admin/payouts/batches/${preview.batch.id}/bank-received`)).status).toBe(200);
    expect(await buckets(t, affiliateId)).toEqual({ available: 0, in_transit: 0, paid: 8500 });
  });

  it('a sale refunded before it settles transfers nothing', async () => {
    const book = await makeBook(t);
    const affiliateId = await payoutAccount(book.owner);
    const { offerId, saleId, buyer } = await soldSale(book, 6000, 'USD', '+1 415 555 0142');
    expect((await market.dispute(buyer.user, offerId, { reason: 'dead', kind: 'invalid_phone' })).status).toBe(
      'refunded',
    );
    clock.advance(72 * 3600_000 + 1000);
    await fireSettle(saleId);
    expect((await sellerRows(saleId)).map((r: { kind: string }) => r.kind)).toEqual(['earning', 'reversal']);
    expect(await buckets(t, affiliateId)).toEqual({});
    expect(await moneyOf(book.owner)).toEqual({
      currency: 'USD',
      pending_minor: 0,
      transferred_minor: 0,
      awaiting_minor: 0,
    });
  });

  it('a seller with no approved payout account keeps a settled sale awaiting; approval moves it, once', async () => {
    const book = await makeBook(t);
    const { saleId } = await soldSale(book, 10_000);
    const euro = await soldSale(book, 4000, 'EUR');
    clock.advance(72 * 3600_000 + 1000);
    await fireSettle(saleId);
    await fireSettle(euro.saleId);
    expect((await sellerRows(saleId)).map((r: { kind: string }) => r.kind)).toEqual(['earning']);
    const page = await market.page(book.owner.user, 1, 10, 0);
    expect(page.payout_account).toEqual({ status: null, currency: 'USD' });
    expect(page.earnings).toEqual([
      { currency: 'EUR', pending_minor: 0, transferred_minor: 0, awaiting_minor: 3400 },
      { currency: 'USD', pending_minor: 0, transferred_minor: 0, awaiting_minor: 8500 },
    ]);
    // Applied, not approved yet: still awaiting.
    const affiliateId = await payoutAccount(book.owner, false);
    expect(await t.app.get(CrmSellerLedgerService).transferAwaiting(book.owner.user.id)).toBe(0);
    expect(await buckets(t, affiliateId)).toEqual({});
    // Approval publishes affiliate.approved: the USD sale moves; EUR is not a payout currency and stays.
    expect((await admin.post(`/api/admin/affiliates/${affiliateId}/approve`)).status).toBe(200);
    await jobsSettled(t);
    expect(await buckets(t, affiliateId)).toEqual({ available: 8500 });
    expect(await t.app.get(CrmSellerLedgerService).transferAwaiting(book.owner.user.id)).toBe(0);
    expect(await buckets(t, affiliateId)).toEqual({ available: 8500 });
    expect((await market.page(book.owner.user, 1, 10, 0)).earnings).toEqual([
      { currency: 'EUR', pending_minor: 0, transferred_minor: 0, awaiting_minor: 3400 },
      { currency: 'USD', pending_minor: 0, transferred_minor: 8500, awaiting_minor: 0 },
    ]);
  });
});
