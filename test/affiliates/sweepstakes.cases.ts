import { bootTestApp, TestApp } from '../support/app';
import { ENTRY, fixture, openSweepstakes } from '../sweepstakes/helpers';
import { approvedAffiliate, registerViewer, settle } from './support';

/**
 * A referral bound through a tracked link earns the affiliate the sweepstakes' referral bonus entries, once; they
 * count once the affiliate holds a free entry.
 */
describe('affiliate referrals earn sweepstakes entries', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t.close());

  it('awards the referral bonus to the referrer when a referred account is bound', async () => {
    const f = await fixture(t);
    const sweepstakes = await openSweepstakes(f, { bonus_entries: { purchase: 1, referral: 2, share: 1 } });
    const admin = (await t.signedIn({ role: 'admin' })).client;
    const { client, user, affiliate } = await approvedAffiliate(t, admin);
    const link = (await client.post('/api/affiliate/links').send({ destination: '/sweepstakes' })).body.link;

    const visitor = await t.client();
    await visitor.get(`/r/${link.token}`);
    await visitor.refreshToken();
    const email = `referred-${Date.now()}@example.test`;
    const reg = await registerViewer(visitor, 'Referred', email);
    expect(reg.status).toBe(303);
    await settle(t);

    const entriesOf = () =>
      t.db.query(
        `SELECT source, entries, counted FROM sweepstakes_entries WHERE sweepstakes_id = $1 AND user_id = $2
          ORDER BY source`,
        [sweepstakes.id, user.id],
      );
    // The referrer has not entered this sweepstakes: the bonus waits for their free entry, then counts.
    expect(await entriesOf()).toEqual([{ source: 'referral', entries: 2, counted: false }]);
    await f.entries.enter(user, sweepstakes.id, ENTRY, { ip: '192.0.2.9', userAgent: 'jest' });
    expect(await entriesOf()).toEqual([
      { source: 'free', entries: 1, counted: true },
      { source: 'referral', entries: 2, counted: true },
    ]);
    expect(affiliate.id).toBeTruthy();
    f.clock.reset();
  });
});
