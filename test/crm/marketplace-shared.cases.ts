import { Clock } from '../../src/common/clock';
import { CreditsService } from '../../src/modules/credits';
import { CrmMarketplaceService } from '../../src/modules/crm/marketplace/crm-marketplace.service';
import { TIMERS } from '../../src/modules/crm/crm.constants';
import { TimersService } from '../../src/modules/jobs';
import { bootTestApp, TestApp } from '../support/app';
import { makeBook, websiteLead, type Book } from './support';

jest.setTimeout(120_000);

/**
 * Shared lead offers: up to `max_buyers` books each buy their own copy of the contact, once per book; the buyer
 * limit holds under parallel requests; the offer leaves the marketplace sold out; disputes and refunds are per buyer.
 */
describe('crm: shared lead offers with a buyer limit', () => {
  let t: TestApp;
  let market: CrmMarketplaceService;
  let credits: CreditsService;
  let seller: Book;
  let n = 0;

  beforeAll(async () => {
    t = await bootTestApp();
    market = t.app.get(CrmMarketplaceService);
    credits = t.app.get(CreditsService);
    seller = await makeBook(t);
  });
  afterEach(() => t.app.get(Clock).reset());
  afterAll(() => t.close());

  const buyer = async (): Promise<Book['owner'] & { teamId: string }> => {
    const book = await makeBook(t);
    await credits.grant(book.owner.user.id, 50, 'test');
    return { ...book.owner, teamId: book.teamId };
  };
  const offered = async (maxBuyers: number, price = 3) => {
    n += 1;
    const lead_id = await websiteLead(t, seller.teamId, {
      sourceRef: `shared-${n}`,
      name: `Shared Person ${n}`,
      email: `shared${n}@example.com`,
      phone: `+1 415 730 ${String(2000 + n)}`,
    });
    return market.offer(seller.owner.user, lead_id, { price_credits: price, timeline: 'now', max_buyers: maxBuyers });
  };
  const copies = (email: string) =>
    t.db.query(
      `SELECT c.team_id, c.agent_id FROM crm_contacts c WHERE c.email = $1 AND c.team_id <> $2 ORDER BY c.team_id`,
      [email, seller.teamId],
    );

  it('sells at most max_buyers copies under parallel HTTP claims (the rest 409), each into its own book', async () => {
    const offer = await offered(2);
    expect(offer).toMatchObject({ max_buyers: 2, buyers_left: 2 });
    const buyers = await Promise.all([buyer(), buyer(), buyer(), buyer(), buyer()]);
    const start = await Promise.all(buyers.map((b) => credits.balance(b.user.id)));
    const answers = await Promise.all(
      buyers.map((b) => b.client.post(`/api/crm/marketplace/${offer.id}/claim`).set('Accept', 'application/json')),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409]);
    const winners = buyers.filter((_, i) => answers[i].status === 200);
    expect(answers.filter((r) => r.status === 200).map((r) => r.body.contact_email)).toEqual([
      `shared${n}@example.com`,
      `shared${n}@example.com`,
    ]);
    // One copy of the contact per winning book, owned by its buyer; the losers paid nothing.
    expect(await copies(`shared${n}@example.com`)).toEqual(
      winners.map((w) => ({ team_id: w.teamId, agent_id: w.user.id })).sort((a, b) => (a.team_id < b.team_id ? -1 : 1)),
    );
    expect(await Promise.all(buyers.map((b) => credits.balance(b.user.id)))).toEqual(
      start.map((s, i) => (answers[i].status === 200 ? s - 3 : s)),
    );
    const [row] = await t.db.query(`SELECT status, sold_count FROM crm_lead_offers WHERE id = $1`, [offer.id]);
    expect(row).toEqual({ status: 'sold', sold_count: 2 });
    // Sold out: no longer on the marketplace.
    expect((await market.offers(buyers[0].user, 1, 100, 0)).data.map((o) => o.id)).not.toContain(offer.id);
  });

  it('a book buys a shared offer once; the open offer shows the copies left', async () => {
    const offer = await offered(3);
    const a = await buyer();
    const before = await credits.balance(a.user.id);
    await market.claim(a.user, offer.id);
    await expect(market.claim(a.user, offer.id)).rejects.toMatchObject({ status: 409 });
    const parallel = await Promise.allSettled([market.claim(a.user, offer.id), market.claim(a.user, offer.id)]);
    expect(parallel.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await credits.balance(a.user.id)).toBe(before - 3);
    const listed = (await market.offers(a.user, 1, 100, 0)).data.find((o) => o.id === offer.id);
    expect(listed).toMatchObject({ max_buyers: 3, buyers_left: 2 });
  });

  it('disputes and refunds are per buyer: one refunded, the other settles and pays the seller', async () => {
    const clock = t.app.get(Clock);
    clock.set('2026-11-27T10:00:00Z');
    const offer = await offered(3, 4);
    const [a, b, c] = await Promise.all([buyer(), buyer(), buyer()]);
    // b's book already knew the person: its dispute as a duplicate is verified and refunded at once.
    await t.db.query(`INSERT INTO crm_contacts (team_id, name, email, source) VALUES ($1, 'Known', $2, 'manual')`, [
      b.teamId,
      `shared${n}@example.com`,
    ]);
    const sales = [];
    for (const x of [a, b, c]) sales.push(await market.claim(x.user, offer.id));
    const startB = await credits.balance(b.user.id);
    expect((await market.dispute(b.user, offer.id, { reason: 'had it', kind: 'duplicate' })).status).toBe('refunded');
    expect(await credits.balance(b.user.id)).toBe(startB + 4);
    expect((await market.purchases(a.user, 1, 10, 0)).data[0]).toMatchObject({ id: offer.id, status: 'sold' });
    // a and c dispute for other reasons: the seller must name which sale to refund.
    await market.dispute(a.user, offer.id, { reason: 'no answer' });
    await market.dispute(c.user, offer.id, { reason: 'no answer' });
    await expect(market.refund(seller.owner.user, offer.id)).rejects.toMatchObject({ status: 422 });
    await expect(market.refund(seller.owner.user, offer.id, sales[0].sale_id)).resolves.toMatchObject({
      refunded_credits: 4,
    });
    await expect(market.refund(seller.owner.user, offer.id, sales[0].sale_id)).rejects.toMatchObject({ status: 409 });
    // c's sale alone is now the disputed one.
    await expect(market.refund(seller.owner.user, offer.id)).resolves.toMatchObject({ refunded_credits: 4 });
    const statuses = await t.db.query(`SELECT buyer_id, status FROM crm_lead_sales WHERE offer_id = $1`, [offer.id]);
    expect(statuses).toHaveLength(3);
    expect(statuses.every((s: { status: string }) => s.status === 'refunded')).toBe(true);

    // Another shared offer: the undisputed sale settles by its own timer and credits the seller once.
    const next = await offered(2, 6);
    const sold = await market.claim(a.user, next.id);
    const sellerBefore = await credits.balance(seller.owner.user.id);
    clock.advance(72 * 3600_000 + 1);
    const timers = t.app.get(TimersService);
    expect(await timers.fire(TIMERS.marketSettle, { saleId: sold.sale_id })).toBe(true);
    expect(await timers.fire(TIMERS.marketSettle, { saleId: sold.sale_id })).toBe(false);
    expect(await credits.balance(seller.owner.user.id)).toBe(sellerBefore + 6);
  });
});
