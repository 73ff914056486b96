import { Clock, DAY_MS } from '../../src/common/clock';
import { TimersService } from '../../src/modules/jobs';
import { HOLD_TIMER } from '../../src/modules/affiliates/commissions.service';
import { ManualDriver, TransferFailed, type Transfer } from '../../src/modules/affiliates/payouts/payout-drivers';
import { PayoutsService } from '../../src/modules/affiliates/payouts/payouts.service';
import { RateLimiterService } from '../../src/modules/security';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { ONE_PAGE_PDF, pngClaiming } from '../support/files';
import { approvedAffiliate, buckets, commissionsOf, orderEvent, pay, refund, registerViewer, settle } from './support';

/** The programme end to end on the real database and queues: click, sign-up, sale, hold, payout, refunds, bans. */
describe('affiliate programme', () => {
  let t: TestApp;
  let clock: Clock;
  let admin: TestClient;

  beforeAll(async () => {
    t = await bootTestApp();
    clock = t.app.get(Clock);
    admin = (await t.signedIn({ role: 'admin' })).client;
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  async function releaseHolds(affiliateId: string) {
    clock.advance(30 * DAY_MS + 1000);
    for (const c of await commissionsOf(t, affiliateId))
      await t.app.get(TimersService).fire(HOLD_TIMER, { commission_id: c.id });
  }

  it('refuses hostile tax forms from their bytes, with a clear message, and takes a real one', async () => {
    const { client } = await approvedAffiliate(t, admin);
    const upload = (bytes: Buffer, name: string) =>
      client.post('/api/affiliate/tax-forms').field('kind', 'w9').attach('file', bytes, name);
    const jpegNoise = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 0x5a)]);
    expect((await upload(jpegNoise, 'w9.jpg')).body.errors.file).toEqual([
      'This image could not be read. Try another file.',
    ]);
    expect((await upload(pngClaiming(30_000, 30_000), 'w9.png')).body.errors.file).toEqual([
      'This image is too large: at most 120 megapixels.',
    ]);
    const polyglot = Buffer.concat([ONE_PAGE_PDF, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    expect((await upload(polyglot, 'w9.pdf')).body.errors.file[0]).toMatch(/also holds web page markup/);
    expect((await upload(Buffer.from('%PDF-1.7 not really a pdf at all'), 'w9.pdf')).body.errors.file).toEqual([
      'This PDF could not be read. Upload the form as a PDF again.',
    ]);
    const good = await upload(ONE_PAGE_PDF, 'w9.pdf');
    expect(good.status).toBe(201);
  });

  it('records at most the per-IP limit of link clicks a minute; later clicks still redirect, unrecorded', async () => {
    const { client, affiliate } = await approvedAffiliate(t, admin);
    const link = (await client.post('/api/affiliate/links').send({ destination: '/marketplace' })).body.link;
    const recorded = async () =>
      (await t.db.query(`SELECT count(*)::int AS n FROM affiliate_clicks WHERE affiliate_id = $1`, [affiliate.id]))[0]
        .n as number;
    const visitor = await t.client();
    const limit = t.config.rateLimits.clicksPerIpPerMinute;
    // Other tests of this file clicked from this IP too: recording stops at the latest after `limit` clicks.
    for (let i = 0; i <= limit; i += 1) {
      const res = await visitor.get(`/r/${link.token}`);
      expect(res.status).toBe(302);
      expect(res.headers.location).toMatch(/^\/marketplace/);
    }
    const stopped = await recorded();
    expect(stopped).toBeLessThanOrEqual(limit);
    const late = await visitor.get(`/r/${link.token}`);
    expect(late.status).toBe(302);
    expect(late.headers.location).toBe('/marketplace');
    expect(late.headers['set-cookie'] ?? []).not.toContainEqual(expect.stringMatching(/^reelty_aff=/));
    expect(await recorded()).toBe(stopped);
    // The next tests click from this IP within the minute: give them their budget back.
    for (const ip of ['127.0.0.1', '::ffff:127.0.0.1', '::1'])
      await t.app.get(RateLimiterService).clear(`affiliate-click:${ip}`);
  });

  it('click → register (cookie only) → purchase → pending → window passes → approved → batch → paid', async () => {
    const { client: affiliateClient, affiliate } = await approvedAffiliate(t, admin);
    const link = (
      await affiliateClient.post('/api/affiliate/links').send({ destination: '/marketplace', campaign: 'spring' })
    ).body.link;
    expect(link.url).toMatch(/\/r\/[\w-]+$/);

    const visitor = await t.client();
    const click = await visitor.get(`/r/${link.token}`);
    expect(click.status).toBe(302);
    expect(click.headers.location).toBe(`/marketplace?ref=${affiliate.code}`);
    expect(String(click.headers['set-cookie'])).toMatch(/reelty_aff=[^;]+; .*HttpOnly/);

    // No `ref` in the form: the browser's script storage was wiped, only the HttpOnly cookie is left.
    await visitor.refreshToken();
    const email = `cookie-only-${Date.now()}@example.test`;
    const reg = await registerViewer(visitor, 'Cookie Buyer', email);
    expect(reg.status).toBe(303);
    await settle(t);
    const [buyer] = await t.db.query(`SELECT id FROM users WHERE email = $1`, [email]);
    const [referral] = await t.db.query(`SELECT affiliate_id, source FROM affiliate_referrals WHERE user_id = $1`, [
      buyer.id,
    ]);
    expect(referral).toEqual({ affiliate_id: affiliate.id, source: 'link' });

    await pay(t, orderEvent(t, { total_minor: 50_000, user_id: buyer.id, email }));
    const [pending] = await commissionsOf(t, affiliate.id);
    expect(pending).toMatchObject({ status: 'pending', amount: 10_000 });
    expect(pending.status_reason).toMatch(
      /30-day refund window: becomes payable on \d{4}-\d\d-\d\d unless the order is refunded/,
    );
    expect(await buckets(t, affiliate.id)).toEqual({ pending: 10_000 });

    // The timer firing early changes nothing; after the window it approves.
    await t.app.get(TimersService).fire(HOLD_TIMER, { commission_id: pending.id });
    expect((await commissionsOf(t, affiliate.id))[0].status).toBe('pending');
    await releaseHolds(affiliate.id);
    expect((await commissionsOf(t, affiliate.id))[0].status).toBe('approved');

    const preview = (await admin.post('/api/admin/payouts/batches')).body.preview;
    expect(preview.lines).toEqual([
      expect.objectContaining({ affiliate_id: affiliate.id, amount_minor: 10_000, method: 'manual' }),
    ]);
    const confirmed = await admin.post(`/api/admin/payouts/batches/${preview.batch.id}/confirm`);
    expect(confirmed.status).toBe(200);
    await settle(t);
    // A bank transfer is in the bank file, not paid: the money stays in transit until the admin confirms.
    const exported = await admin.get(`/admin/payouts/batches/${preview.batch.id}/export.csv`);
    expect(exported.text).toContain(',manual,,100.00,USD,awaiting_bank,manual-');
    expect((await commissionsOf(t, affiliate.id))[0].status).toBe('approved');
    expect(await buckets(t, affiliate.id)).toEqual({ pending: 0, available: 0, in_transit: 10_000 });
    const waiting = (await admin.get('/api/admin/payouts/batches')).body.data[0];
    expect(waiting).toMatchObject({ outcome: 'awaiting_bank', awaiting: 1, sent: 0 });
    const received = await admin.post(`/api/admin/payouts/batches/${preview.batch.id}/bank-received`);
    expect(received.body.batch).toMatchObject({ outcome: 'paid', outcome_label: 'Paid (1 of 1)', awaiting: 0 });
    expect((await admin.post(`/api/admin/payouts/batches/${preview.batch.id}/bank-received`)).status).toBe(409);
    expect((await commissionsOf(t, affiliate.id))[0].status).toBe('paid');
    expect(await buckets(t, affiliate.id)).toEqual({ pending: 0, available: 0, in_transit: 0, paid: 10_000 });
    const csv = await admin.get(`/admin/payouts/batches/${preview.batch.id}/export.csv`);
    expect(csv.text).toContain(',manual,,100.00,USD,sent,manual-');
  });

  it('derives a batch outcome from its transfers, and retries a failed transfer once its cause is fixed', async () => {
    const payouts = t.app.get(PayoutsService);
    const failing = {
      send: async (transfer: Transfer) => {
        if (transfer.amountMinor === 8_000) throw new TransferFailed('The bank refused the account number.');
        return { reference: `bank-${transfer.payoutId.slice(0, 8)}` };
      },
    };
    payouts.useDriver('manual', failing);
    const earners = [await approvedAffiliate(t, admin), await approvedAffiliate(t, admin)];
    for (const [i, { affiliate }] of earners.entries()) {
      await pay(t, orderEvent(t, { total_minor: 40_000 * (i + 1), referral_code: affiliate.code }));
      await releaseHolds(affiliate.id);
    }
    const preview = (await admin.post('/api/admin/payouts/batches')).body.preview;
    expect(preview.batch).toMatchObject({ outcome: 'preview', outcome_label: 'Preview' });
    await admin.post(`/api/admin/payouts/batches/${preview.batch.id}/confirm`);
    await settle(t);
    const batchOf = async () =>
      ((await admin.get('/api/admin/payouts/batches')).body.data as Array<{ id: string; outcome_label: string }>).find(
        (b) => b.id === preview.batch.id,
      );
    // One of two transfers failed: never "Paid".
    expect(await batchOf()).toMatchObject({
      status: 'completed',
      outcome: 'partly_paid',
      outcome_label: 'Partly paid (1 of 2)',
    });
    const transfers = (await admin.get(`/api/admin/payouts/batches/${preview.batch.id}/payouts`)).body.data;
    const failed = transfers.find((p: { status: string }) => p.status === 'failed');
    expect(failed).toMatchObject({ amount_minor: 8_000, failure_reason: 'The bank refused the account number.' });
    expect(await buckets(t, failed.affiliate_id)).toMatchObject({ available: 8_000, in_transit: 0 });
    const [{ idempotency_key: keyBefore }] = await t.db.query(
      `SELECT idempotency_key FROM affiliate_payouts WHERE id = $1`,
      [failed.id],
    );

    // The cause is fixed (the bank accepts now): the retry sends it with the same idempotency key.
    payouts.useDriver('manual', {
      send: async (transfer: Transfer) => ({ reference: `bank-${transfer.idempotencyKey}` }),
    });
    const retried = await admin.post(`/api/admin/payouts/${failed.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({
      message: 'Transfer sent',
      payout: { status: 'sent', provider_reference: `bank-${keyBefore}` },
    });
    expect(await buckets(t, failed.affiliate_id)).toMatchObject({ available: 0, in_transit: 0, paid: 8_000 });
    expect((await commissionsOf(t, failed.affiliate_id))[0].status).toBe('paid');
    expect(await batchOf()).toMatchObject({ outcome: 'paid', outcome_label: 'Paid (2 of 2)' });
    // A transfer that is not failed cannot be retried.
    expect((await admin.post(`/api/admin/payouts/${failed.id}/retry`)).status).toBe(409);
    payouts.useDriver('manual', new ManualDriver());
  });

  it('a bank transfer the bank sent back returns the money, and its retry goes back into the bank file', async () => {
    t.app.get(PayoutsService).useDriver('manual', new ManualDriver());
    const { affiliate } = await approvedAffiliate(t, admin);
    await pay(t, orderEvent(t, { total_minor: 25_000, referral_code: affiliate.code }));
    await releaseHolds(affiliate.id);
    const preview = (await admin.post('/api/admin/payouts/batches')).body.preview;
    await admin.post(`/api/admin/payouts/batches/${preview.batch.id}/confirm`);
    await settle(t);
    const [transfer] = (await admin.get(`/api/admin/payouts/batches/${preview.batch.id}/payouts`)).body.data;
    expect(transfer).toMatchObject({ status: 'awaiting_bank', amount_minor: 5_000 });
    expect((await admin.post(`/api/admin/payouts/${transfer.id}/bank-returned`).send({})).status).toBe(422);
    const returned = await admin
      .post(`/api/admin/payouts/${transfer.id}/bank-returned`)
      .send({ reason: 'Account closed' });
    expect(returned.body.batch).toMatchObject({ outcome: 'failed', awaiting: 0, failed: 1 });
    expect(await buckets(t, affiliate.id)).toMatchObject({ available: 5_000, in_transit: 0 });
    const retried = await admin.post(`/api/admin/payouts/${transfer.id}/retry`);
    expect(retried.body).toMatchObject({
      message: 'Back in the bank file: confirm once the bank pays it',
      payout: { status: 'awaiting_bank' },
    });
    expect(await buckets(t, affiliate.id)).toMatchObject({ available: 0, in_transit: 5_000 });
  });

  it('reverses a refund before payment, and takes a refund after payment from the next payout', async () => {
    const { affiliate } = await approvedAffiliate(t, admin);
    const before = orderEvent(t, { total_minor: 30_000, referral_code: affiliate.code });
    await pay(t, before);
    await refund(t, before, 30_000, true);
    await refund(t, before, 30_000, true); // a second delivery of another refund of the same order changes nothing more
    const [reversed] = await commissionsOf(t, affiliate.id);
    expect(reversed.status).toBe('reversed');
    expect(reversed.status_reason).toMatch(/Order refunded on .*: no commission is due/);

    const after = orderEvent(t, { total_minor: 40_000, referral_code: affiliate.code });
    await pay(t, after);
    await releaseHolds(affiliate.id);
    const preview = (await admin.post('/api/admin/payouts/batches')).body.preview;
    await admin.post(`/api/admin/payouts/batches/${preview.batch.id}/confirm`);
    await settle(t);
    await refund(t, after, 40_000, true);
    const paidThenRefunded = (await commissionsOf(t, affiliate.id))[1];
    expect(paidThenRefunded.status).toBe('reversed');
    expect(paidThenRefunded.status_reason).toMatch(/after you were paid: \$80\.00 is taken from your next payout/);
    expect((await buckets(t, affiliate.id)).available).toBe(-8_000);
    const next = (await admin.post('/api/admin/payouts/batches')).body.preview;
    expect(next.lines.find((l: { affiliate_id: string }) => l.affiliate_id === affiliate.id)).toBeUndefined();
  });

  it('a ban cancels unpaid commissions and an unban restores exactly those', async () => {
    const { affiliate } = await approvedAffiliate(t, admin);
    await pay(t, orderEvent(t, { total_minor: 10_000, referral_code: affiliate.code }));
    await releaseHolds(affiliate.id);
    clock.reset();
    await pay(t, orderEvent(t, { total_minor: 20_000, referral_code: affiliate.code }));
    const beforeBan = await buckets(t, affiliate.id);
    expect(beforeBan).toMatchObject({ pending: 4_000, available: 2_000 });

    expect(
      (await admin.post(`/api/admin/affiliates/${affiliate.id}/ban`).send({ reason: 'Spam on forums' })).status,
    ).toBe(200);
    expect((await commissionsOf(t, affiliate.id)).map((c: { status: string }) => c.status)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    expect(await buckets(t, affiliate.id)).toMatchObject({ pending: 0, available: 0, cancelled: 6_000 });

    expect((await admin.post(`/api/admin/affiliates/${affiliate.id}/unban`)).status).toBe(200);
    expect((await commissionsOf(t, affiliate.id)).map((c: { status: string }) => c.status)).toEqual([
      'approved',
      'pending',
    ]);
    expect(await buckets(t, affiliate.id)).toMatchObject({ pending: 4_000, available: 2_000, cancelled: 0 });
  });

  it('refuses self-referral through a second email and flags it for review', async () => {
    const { user, affiliate } = await approvedAffiliate(t, admin, { email: `jane.doe+shop${Date.now()}@gmail.com` });
    const variant = user.email.replace('jane.doe+shop', 'janedoe+other').replace(/\d+@/, `${Date.now()}@`);
    expect(variant).not.toBe(user.email);
    await pay(
      t,
      orderEvent(t, { total_minor: 10_000, referral_code: affiliate.code, email: user.email.replace('.', '') }),
    );
    expect(await commissionsOf(t, affiliate.id)).toEqual([]);
    const [flag] = await t.db.query(`SELECT kind, status FROM affiliate_flags WHERE affiliate_id = $1`, [affiliate.id]);
    expect(flag).toEqual({ kind: 'self_referral', status: 'open' });
    expect((await t.db.query(`SELECT status FROM affiliates WHERE id = $1`, [affiliate.id]))[0].status).toBe(
      'approved',
    );
  });

  it('does not credit a click older than the 60-day window', async () => {
    const { client, affiliate } = await approvedAffiliate(t, admin);
    const link = (await client.post('/api/affiliate/links').send({ destination: '/feed' })).body.link;
    const visitor = await t.client();
    const cookie = String((await visitor.get(`/r/${link.token}`)).headers['set-cookie']);
    const clickToken = /reelty_aff=([^;]+)/.exec(cookie)![1];
    clock.advance(61 * DAY_MS);
    await pay(t, orderEvent(t, { total_minor: 10_000, referral_code: clickToken }));
    expect(await commissionsOf(t, affiliate.id)).toEqual([]);
    clock.reset();
    await pay(t, orderEvent(t, { total_minor: 10_000, referral_code: clickToken }));
    expect(await commissionsOf(t, affiliate.id)).toHaveLength(1);
  });

  it('lets only one of two simultaneous confirms pay a batch', async () => {
    const { affiliate } = await approvedAffiliate(t, admin);
    await pay(t, orderEvent(t, { total_minor: 60_000, referral_code: affiliate.code }));
    await releaseHolds(affiliate.id);
    const preview = (await admin.post('/api/admin/payouts/batches')).body.preview;
    const results = await Promise.all(
      [1, 2].map(() => admin.post(`/api/admin/payouts/batches/${preview.batch.id}/confirm`)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    await settle(t);
    // Two confirms at once move the money to the bank file once; the bank confirms once, and it is paid once.
    expect((await buckets(t, affiliate.id)).in_transit).toBe(12_000);
    const received = await Promise.all(
      [1, 2].map(() => admin.post(`/api/admin/payouts/batches/${preview.batch.id}/bank-received`)),
    );
    expect(received.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await buckets(t, affiliate.id)).toMatchObject({ in_transit: 0, paid: 12_000 });
  });

  it('keeps the ledger append-only', async () => {
    await expect(t.db.query(`UPDATE affiliate_ledger SET amount_minor = 0`)).rejects.toThrow(/append-only/);
    await expect(t.db.query(`DELETE FROM affiliate_ledger`)).rejects.toThrow(/append-only/);
  });
});
