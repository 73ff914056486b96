import { bootTestApp, TestApp } from '../support/app';
import { expectPage } from '../support/authorization';
import { rawRows } from './helpers';

/** The play beacons (one view per viewer and day, furthest watch time kept) and the series API's validation. */
describe('creator metrics over HTTP', () => {
  let t: TestApp;
  afterAll(() => t?.close());
  beforeAll(async () => {
    t = await bootTestApp();
  });

  it('counts one view per guest session and day, keeping the furthest watch time and any completion', async () => {
    const owner = await t.signedIn({ type: 'realtor' });
    const { spot, walkthrough } = await rawRows(t).content(owner.user.id);
    const guest = await t.client();
    await guest.post(`/api/spot/${spot.slug}/views`).send({ watched_ms: 4_000 }).expect(200, { recorded: true });
    await guest.post(`/api/spot/${spot.slug}/views`).send({ watched_ms: 9_000, completed: true }).expect(200);
    await guest.post(`/api/spot/${spot.slug}/views`).send({ watched_ms: 2_000 }).expect(200);
    const other = await t.client();
    await other.post(`/api/spot/${spot.slug}/views`).send({ watched_ms: 1_000 }).expect(200);
    await guest.post(`/api/walkthrough/${walkthrough.slug}/views`).send({ watched_ms: 30_000 }).expect(200);
    // The creator's own plays are not counted.
    await owner.client
      .post(`/api/spot/${spot.slug}/views`)
      .send({ watched_ms: 5_000 })
      .expect(200, { recorded: false });
    const rows = await t.db.query(
      `SELECT kind, watch_ms, completed FROM creator_video_views WHERE creator_id = $1 ORDER BY kind, watch_ms`,
      [owner.user.id],
    );
    expect(rows).toEqual([
      { kind: 'spot', watch_ms: 1_000, completed: false },
      { kind: 'spot', watch_ms: 9_000, completed: true },
      { kind: 'walkthrough', watch_ms: 30_000, completed: false },
    ]);
  });

  it('answers 404 for a spot the viewer may not watch and 422 for a bad report', async () => {
    const owner = await t.createUser();
    const { spot } = await rawRows(t).content(owner.id);
    await t.db.query(`UPDATE spots SET published = false WHERE id = $1`, [spot.id]);
    const guest = await t.client();
    await guest.post(`/api/spot/${spot.slug}/views`).send({ watched_ms: 1 }).expect(404);
    await guest.post(`/api/spot/no-such-spot/views`).send({ watched_ms: 1 }).expect(404);
    const bad = await guest.post(`/api/walkthrough/anything/views`).send({ watched_ms: -5 }).expect(422);
    expect(Object.keys(bad.body.errors)).toEqual(['watched_ms']);
    const big = await guest.post(`/api/walkthrough/anything/views`).send({ watched_ms: 1e9, completed: 'yes' });
    expect(big.status).toBe(422);
  });

  it('answers 422 with the field for bad ranges and groupings, and the page renders the own series', async () => {
    const { client } = await t.signedIn();
    const cases: Array<[string, string]> = [
      ['from=2026-01-10&to=2026-01-01', 'from'],
      ['from=2026-01-01', 'to'],
      ['from=yesterday&to=2026-01-01', 'from'],
      ['from=2024-01-01&to=2026-01-01', 'from'],
      ['to=2999-01-01&from=2998-12-01', 'to'],
      ['range=365d', 'range'],
      ['period=year', 'period'],
    ];
    for (const [query, field] of cases) {
      const res = await client.get(`/api/metrics/creator?${query}`).set('Accept', 'application/json');
      expect([query, res.status, Object.keys(res.body.errors ?? {})]).toEqual([query, 422, [field]]);
    }
    const ok = await client.get('/api/metrics/creator?range=90d&period=month').expect(200);
    expect(ok.body).toMatchObject({ preset: '90d', period: 'month' });
    expect(ok.body.series.map((s: { metric: string }) => s.metric)).toEqual([
      'spot_views',
      'walkthrough_views',
      'watch_ms',
      'completion_rate',
      'new_followers',
      'design_shares',
      'listing_inquiries',
    ]);
    expectPage(await client.visit('/metrics?range=7d'), 'Metrics/Creator', { metrics: { preset: '7d' } });
    // A hand-edited page address with a bad range gets the error page with 422 (the page's own controls use the API).
    const bad = await client.visit('/metrics?from=2026-01-10&to=2026-01-01');
    expect([bad.status, bad.body.component]).toEqual([422, 'Error']);
  });
});
