import { Logger } from '@nestjs/common';
import { seedDemoOpenCreative } from '../../src/database/seeds/open-creative.seed';
import { bootTestApp, type TestApp } from '../support/app';
import { listManager, makeDraftSpot } from './support';

jest.setTimeout(120_000);

describe('open-creative: marketplace', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await bootTestApp();
    await listManager(t, ['video_editing'], 'Luxury reels editor');
    await listManager(t, ['design', 'photo'], 'Interior designer and stills');
    await listManager(t, ['photo'], 'Drone photographer');
  });
  afterAll(() => t?.close());

  const headlines = async (query: string) => {
    const guest = await t.client();
    const res = await guest.get(`/api/open-creative/managers${query}`);
    expect(res.status).toBe(200);
    return {
      total: res.body.total,
      last: res.body.last_page,
      names: res.body.data.map((m: { headline: string }) => m.headline),
    };
  };

  it('filters by skill and words, newest listing first, paged', async () => {
    expect((await headlines('?skill=photo')).names).toEqual(['Drone photographer', 'Interior designer and stills']);
    expect((await headlines('?q=reel')).names).toEqual(['Luxury reels editor']);
    expect((await headlines('?q=interior&skill=photo')).names).toEqual(['Interior designer and stills']);
    expect(await headlines('?per_page=2&page=2')).toEqual({ total: 3, last: 2, names: ['Luxury reels editor'] });
  });

  it('validates the search and the listing (422 with field errors), portfolio links stay on Reelty', async () => {
    const guest = await t.client();
    expect((await guest.get('/api/open-creative/managers?skill=juggling')).status).toBe(422);
    const { client } = await t.signedIn();
    const bad = await client
      .put('/api/open-creative/profile')
      .send({ headline: 'x', skills: ['juggling'], portfolio: ['https://evil.example/x'] });
    expect({ status: bad.status, fields: Object.keys(bad.body.errors).sort() }).toEqual({
      status: 422,
      fields: ['headline', 'portfolio', 'skills'],
    });
    const ok = await client
      .put('/api/open-creative/profile')
      .send({ headline: 'Spot cutter', skills: ['video_editing'], portfolio: ['/spot/abc-123'] });
    expect(ok.body.manager).toMatchObject({ headline: 'Spot cutter', portfolio: ['/spot/abc-123'] });
  });
});

describe('open-creative: demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t?.close());

  it('lists two managers and gives Rita an active grant with log rows on her spots; idempotent', async () => {
    const rita = await t.signedIn({ email: 'realtor@reelty.test', type: 'realtor' });
    await makeDraftSpot(rita.client, null);
    const logger = new Logger('SeedTest');
    await seedDemoOpenCreative(t.app, logger);
    await seedDemoOpenCreative(t.app, logger);
    const [row] = await t.db.query(
      `SELECT (SELECT count(*)::int FROM creative_managers) AS managers,
              (SELECT count(*)::int FROM creative_grants WHERE owner_id = $1 AND status = 'active') AS grants,
              (SELECT count(*)::int FROM creative_activity WHERE owner_id = $1) AS activity`,
      [rita.user.id],
    );
    expect(row).toEqual({ managers: 2, grants: 1, activity: 1 });
    const page = await rita.client.visit('/open-creative/managers');
    expect(page.body.props.given.data[0]).toMatchObject({ status: 'active', manager: { name: 'Maya Cutter' } });
    expect(page.body.props.activity.total).toBe(1);
    // Guests get the marketplace and nothing private.
    const guest = await (await t.client()).visit('/open-creative/managers');
    expect(guest.body.props).toMatchObject({ mine: null, given: null, received: null, activity: null });
    expect(guest.body.props.managers.total).toBe(2);
  });
});
