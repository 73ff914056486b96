import { Clock } from '../../src/common/clock';
import { CreditsService } from '../../src/modules/credits';
import { CrmMarketplaceService } from '../../src/modules/crm/marketplace/crm-marketplace.service';
import { MARKET_CLAIMS_PER_DAY, TIMERS } from '../../src/modules/crm/crm.constants';
import { TimersService } from '../../src/modules/jobs';
import type { User } from '../../src/modules/users';
import { bootTestApp, TestApp } from '../support/app';
import { makeBook, websiteLead, type Book } from './support';

jest.setTimeout(120_000);

/** The lead marketplace's rules on the booted app: first to claim, masking, the daily limit, disputes, settling. */
describe('crm: lead marketplace', () => {
  let t: TestApp;
  let market: CrmMarketplaceService;
  let credits: CreditsService;
  let clock: Clock;
  let seller: Book;
  let n = 0;

  beforeAll(async () => {
    t = await bootTestApp();
    market = t.app.get(CrmMarketplaceService);
    credits = t.app.get(CreditsService);
    clock = t.app.get(Clock);
    seller = await makeBook(t);
  });
  afterEach(() => clock.reset());
  afterAll(() => t.close());

  /** A realtor with their own book and exactly 100 image credits (whatever a new account starts with). */
  const buyer = async (): Promise<User> => {
    const { owner } = await makeBook(t);
    await credits.grant(owner.user.id, 100, 'test');
    const extra = (await credits.balance(owner.user.id)) - 100;
    if (extra > 0) await credits.spend(owner.user.id, extra, 'test');
    return owner.user;
  };
  /** A lead in the seller's book, offered for `price` credits. */
  const offered = async (price = 5) => {
    n += 1;
    const lead_id = await websiteLead(t, seller.teamId, {
      sourceRef: `market-${n}`,
      name: `Secret Person ${n}`,
      email: `secret${n}@example.com`,
      phone: `+1 415 555 ${String(1000 + n)}`,
    });
    return market.offer(seller.owner.user, lead_id, { price_credits: price, timeline: '1-3_months' });
  };
  const statusOf = (r: PromiseSettledResult<unknown>) =>
    r.status === 'fulfilled' ? 200 : (r.reason as { getStatus(): number }).getStatus();

  it('of simultaneous claims exactly one wins (the others 409); the contact lands unmasked in the winner book', async () => {
    const offer = await offered(5);
    const sellerStart = await credits.balance(seller.owner.user.id);
    const buyers = await Promise.all([buyer(), buyer(), buyer()]);
    const results = await Promise.allSettled(buyers.map((b) => market.claim(b, offer.id)));
    expect(results.map(statusOf).sort()).toEqual([200, 409, 409]);
    const winner = buyers[results.findIndex((r) => r.status === 'fulfilled')];
    const bought = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ contact_email: string }>)
      .value;
    expect(bought.contact_email).toBe(`secret${n}@example.com`);
    expect(await Promise.all(buyers.map((b) => credits.balance(b.id)))).toEqual(
      buyers.map((b) => (b === winner ? 95 : 100)),
    );
    const [copy] = await t.db.query(
      `SELECT c.agent_id, l.status FROM crm_contacts c JOIN crm_leads l ON l.contact_id = c.id
       WHERE c.email = $1 AND c.team_id <> $2`,
      [`secret${n}@example.com`, seller.teamId],
    );
    expect(copy).toEqual({ agent_id: winner.id, status: 'assigned' });
    expect(await credits.balance(seller.owner.user.id)).toBe(sellerStart);
    await expect(market.claim(seller.owner.user, (await offered()).id)).rejects.toMatchObject({ status: 403 });
  });

  it('shows offers masked: area, price band, timeline and source, never the person', async () => {
    const offer = await offered(7);
    const page = await market.offers(await buyer(), 1, 50, 0);
    const shown = page.data.find((o) => o.id === offer.id)!;
    expect(shown).toMatchObject({ area: '94110', price_band: '$750k–$1M', timeline: '1-3_months', price_credits: 7 });
    expect(JSON.stringify(page)).not.toMatch(/Secret Person|example\.com|\+1\d{10}/);
  });

  it(`stops a buyer at ${MARKET_CLAIMS_PER_DAY} claims a day (429) and lets them claim again a day later`, async () => {
    const b = await buyer();
    clock.set('2026-11-23T10:00:00Z');
    for (let i = 0; i < MARKET_CLAIMS_PER_DAY; i++) await market.claim(b, (await offered(1)).id);
    const extra = await offered(1);
    await expect(market.claim(b, extra.id)).rejects.toMatchObject({ status: 429 });
    expect(await credits.balance(b.id)).toBe(100 - MARKET_CLAIMS_PER_DAY);
    clock.advance(24 * 3600_000 + 1);
    await expect(market.claim(b, extra.id)).resolves.toMatchObject({ status: 'sold' });
  });

  it('a dispute within 72 h is refunded by the seller through the ledger, once; nobody else may refund', async () => {
    const b = await buyer();
    const offer = await offered(9);
    await market.claim(b, offer.id);
    const stranger = await buyer();
    await expect(market.dispute(stranger, offer.id, { reason: 'x' })).rejects.toMatchObject({ status: 403 });
    await expect(market.dispute(b, offer.id, { reason: 'Duplicate of my own contact' })).resolves.toMatchObject({
      status: 'disputed',
      can_dispute: false,
    });
    await expect(market.refund(stranger, offer.id)).rejects.toMatchObject({ status: 403 });
    await expect(market.refund(seller.owner.user, offer.id)).resolves.toEqual({
      status: 'refunded',
      refunded_credits: 9,
      refunded: null,
    });
    await expect(market.refund(seller.owner.user, offer.id)).rejects.toMatchObject({ status: 409 });
    expect(await credits.balance(b.id)).toBe(100);
    const ledger = await t.db.query(`SELECT kind, amount FROM credit_transactions WHERE user_id = $1 ORDER BY id`, [
      b.id,
    ]);
    expect(ledger.map((r: { kind: string; amount: number }) => [r.kind, r.amount])).toEqual(
      expect.arrayContaining([
        ['spend', -9],
        ['refund', 9],
      ]),
    );
    // Settling a refunded sale changes nothing.
    clock.advance(73 * 3600_000);
    expect(await t.app.get(TimersService).fire(TIMERS.marketSettle, { offerId: offer.id })).toBe(false);
  });

  it('the window timer settles an undisputed sale once, re-checked against the Clock; late disputes are refused', async () => {
    const timers = t.app.get(TimersService);
    const b = await buyer();
    const offer = await offered(4);
    clock.set('2026-11-23T10:00:00Z');
    await market.claim(b, offer.id);
    const before = await credits.balance(seller.owner.user.id);
    clock.advance(71 * 3600_000);
    expect(await timers.fire(TIMERS.marketSettle, { offerId: offer.id })).toBe(false);
    clock.advance(2 * 3600_000);
    await expect(market.dispute(b, offer.id, { reason: 'late' })).rejects.toMatchObject({ status: 409 });
    expect(await timers.fire(TIMERS.marketSettle, { offerId: offer.id })).toBe(true);
    expect(await timers.fire(TIMERS.marketSettle, { offerId: offer.id })).toBe(false);
    expect(await credits.balance(seller.owner.user.id)).toBe(before + 4);
    const [purchase] = (await market.purchases(b, 1, 10, 0)).data;
    expect(purchase).toMatchObject({ id: offer.id, status: 'settled', can_dispute: false });
  });
});
