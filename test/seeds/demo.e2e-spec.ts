/**
 * The development demo data `npm start` seeds: the realtor's spots in the feed (generated clips
 * through the real upload → media:transcode → ready pipeline, published once ready), the viewer's
 * accepted chat with messages, a chat request for the realtor, follows and notifications; and a
 * second run adds nothing. The properties seed's checks share the seeded database (one seed per run, not two).
 */
import { Logger } from '@nestjs/common';
import { DEMO_ACCOUNTS, seedDemoData } from '../../src/database/seeds/demo.seed';
import { DEMO_SPOT_COUNT } from '../../src/database/seeds/video.seed';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { waitFor } from '../support/processes';

const READY_TIMEOUT_MS = 150_000;

const COUNTED = [
  'users',
  'properties',
  'walkthroughs',
  'videos',
  'spots',
  'chats',
  'chat_participants',
  'chat_messages',
  'notifications',
  'follows',
  'affiliates',
  'affiliate_commissions',
  'affiliate_ledger',
  'affiliate_payouts',
];

async function counts(t: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of COUNTED) out[table] = (await t.db.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
  return out;
}

async function login(t: TestApp, email: string): Promise<TestClient> {
  const account = DEMO_ACCOUNTS.find((a) => a.email === email)!;
  const c = await t.client();
  const res = await c.post('/login').send({ email, password: account.password });
  expect(res.status).toBeLessThan(400);
  await c.refreshToken();
  return c;
}

describe('demo seed: spots, chats, follows, notifications, properties', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ DEMO_CLIP_SECONDS: '1' }); // one-second clips: the same pipeline, a quarter of the encoding
  });
  afterAll(() => t.close());

  it(
    'seeds spots that reach the feed once transcoded, the viewer chat, the realtor request; idempotent',
    async () => {
      const logger = new Logger('SeedTest');
      const started = Date.now();
      await seedDemoData(t.app, logger);
      const seedMs = Date.now() - started;

      const first = await counts(t);
      expect(first.walkthroughs).toBe(DEMO_SPOT_COUNT);
      expect(first.videos).toBe(DEMO_SPOT_COUNT);
      expect(first.spots).toBe(DEMO_SPOT_COUNT);
      // The transcodes run as jobs: right after seeding the videos are still on their way.
      const [{ queued }] = await t.db.query(
        `SELECT count(*)::int AS queued FROM videos WHERE status IN ('processing', 'ready') AND source_key IS NOT NULL`,
      );
      expect(queued).toBe(DEMO_SPOT_COUNT);

      // The feed (guest) shows the spots once their videos are ready, with HLS playback and a poster.
      const guest = await t.client();
      const deadline = Date.now() + READY_TIMEOUT_MS;
      let feed: {
        total: number;
        data: Array<{
          title: string;
          published: boolean;
          video: { playback_id: string; status: string; poster_url?: string | null } | null;
          listing: unknown;
        }>;
      };
      for (;;) {
        const res = await guest.get('/api/feed').query({ per_page: 20 });
        expect(res.status).toBe(200);
        feed = res.body;
        if (feed.data.length >= DEMO_SPOT_COUNT) break;
        if (Date.now() > deadline) {
          const states = await t.db.query(`SELECT status, error FROM videos`);
          throw new Error(
            `feed had ${feed.data.length} spots after ${READY_TIMEOUT_MS} ms; videos: ${JSON.stringify(states)}`,
          );
        }
        await new Promise((done) => setTimeout(done, 1000));
      }
      expect(feed.data).toHaveLength(DEMO_SPOT_COUNT);
      for (const spot of feed.data) {
        expect(spot.video?.status).toBe('ready');
        expect(spot.video?.playback_id).toBeTruthy();
        expect(spot.listing).toBeTruthy();
      }
      const ready = await t.db.query(`SELECT manifest_key, poster_key, renditions FROM videos`);
      for (const video of ready) {
        expect(video.manifest_key).toMatch(/hls\/master\.m3u8$/);
        expect(video.poster_key).toBeTruthy();
        expect(video.renditions.length).toBeGreaterThan(0);
      }

      // The viewer: an accepted chat with the realtor, with messages (one a listing card).
      const viewer = await login(t, 'viewer@reelty.test');
      const viewerChats = await viewer.get('/api/chats/filtered').query({ type: 'chats' });
      expect(viewerChats.status).toBe(200);
      expect(viewerChats.body.data.total).toBe(1);
      const chat = viewerChats.body.data.data[0];
      expect(chat.accepted).toBe(true);
      const messages = await viewer.get(`/api/chats/${chat.id}/messages`);
      expect(messages.status).toBe(200);
      expect(messages.body.data.length).toBeGreaterThanOrEqual(4);
      expect(messages.body.data.some((m: { type: string }) => m.type === 'listing')).toBe(true);

      // The realtor: unread messages from the viewer, one request in the Requested tab, notifications.
      const realtor = await login(t, 'realtor@reelty.test');
      const requested = await realtor.get('/api/chats/filtered').query({ type: 'requested' });
      expect(requested.body.data.total).toBe(1);
      const unread = await realtor.get('/api/chats/unread-count');
      expect(unread.body.tabs?.requested ?? unread.body.data?.tabs?.requested).toBe(1);
      const kinds = (
        await t.db.query(
          `SELECT n.kind FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = 'realtor@reelty.test'`,
        )
      ).map((r: { kind: string }) => r.kind);
      expect(kinds).toEqual(expect.arrayContaining(['new_follower', 'chat_request', 'system']));
      const [{ follows }] = await t.db.query(
        `SELECT count(*)::int AS follows FROM follows f JOIN users u ON u.id = f.followee_id JOIN users v ON v.id = f.follower_id
        WHERE u.email = 'realtor@reelty.test' AND v.email = 'viewer@reelty.test'`,
      );
      expect(follows).toBe(1);

      // Running it again changes nothing.
      const before = await counts(t);
      await seedDemoData(t.app, logger);
      expect(await counts(t)).toEqual(before);
      // A newcomer's `npm start` waits for the seed: two minutes is the bound even on a busy CI machine.
      expect(seedMs).toBeLessThan(120_000);
    },
    READY_TIMEOUT_MS + 120_000,
  );

  // Runs after the test above on the same database: seedDemoData returns at once when it is already seeded.
  it('creates 54 properties with photos for the demo realtor, findable on the market map; idempotent', async () => {
    const logger = new Logger('SeedTest');
    await seedDemoData(t.app, logger);
    // The realtor's own 54 (the teams seed adds Lone Star Realty's listings in the brokerage's team).
    const mine = `team_id NOT IN (SELECT id FROM teams WHERE handle = 'lonestar')`;
    const [{ n, published, photos }] = await t.db.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE publish AND archived_at IS NULL)::int AS published,
              (SELECT count(*)::int FROM property_uploads u JOIN properties p ON p.id = u.property_id WHERE p.${mine}) AS photos
       FROM properties WHERE ${mine}`,
    );
    expect(n).toBe(54);
    expect(published).toBeGreaterThanOrEqual(40);
    expect(photos).toBe(78); // a street view each, and two rooms for the first two listings of each city
    await seedDemoData(t.app, logger);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM properties WHERE ${mine}`))[0].n).toBe(54);
    const res = await (await t.client()).get('/api/market/search').query({ q: 'Austin, TX', radius: 5 });
    expect(res.body.results.total).toBeGreaterThanOrEqual(5);
    // The realtor's demo boost: one of their Austin listings leads the search, marked Sponsored.
    expect(res.body.results.data[0]).toMatchObject({ sponsored: true, name: expect.stringMatching(/^Austin /) });
    expect(res.body.results.data.filter((r: { sponsored: boolean }) => r.sponsored)).toHaveLength(1);
    const thumb = res.body.results.data[0].featured_image.thumb_url;
    expect((await (await t.client()).get(thumb)).status).toBe(200);
  }, 120000);

  // Runs after the tests above on the same seeded database.
  it('shows a used discount code: the demo buyer paid with the affiliate’s VERA15, which credits the affiliate', async () => {
    const admin = await login(t, 'admin@reelty.test');
    const page = await admin.visit('/admin/discounts');
    const codes = page.body.props.codes.data as Array<{ code: string; used: number; affiliate_code: string | null }>;
    expect(codes.find((c) => c.code === 'VERA15')).toMatchObject({ used: 1, affiliate_code: expect.any(String) });
    expect(codes.find((c) => c.code === 'WELCOME10')).toMatchObject({ used: 0 });
    const order = async () =>
      (
        await t.db.query(
          `SELECT o.discount_code, o.discount_minor::int AS discount, o.subtotal_minor::int AS subtotal,
                  o.payment_status, c.affiliate_id IS NOT NULL AS credited
             FROM orders o JOIN users u ON u.id = o.user_id LEFT JOIN affiliate_commissions c ON c.order_id = o.id::text
            WHERE u.email = 'buyer@reelty.test' AND o.discount_code = 'VERA15'`,
        )
      )[0];
    // The commission comes from the affiliates' consumer of `order.paid`, a queued job.
    await waitFor(
      async () => (await order())?.credited === true,
      20_000,
      'the VERA15 commission',
      () => '',
    );
    const paid = await order();
    expect(paid.payment_status).toBe('paid');
    expect(paid.discount).toBe(Math.floor((paid.subtotal * 15) / 100));
    const viewer = await login(t, 'viewer@reelty.test');
    const links = await viewer.visit('/affiliate/links');
    expect(links.body.props.discount_codes.data.map((c: { code: string }) => c.code)).toEqual(['VERA15']);
  });

  it('gives the demo realtor weeks of plays, followers and inquiries on her own Metrics page', async () => {
    const realtor = await login(t, 'realtor@reelty.test');
    const res = await realtor.get('/api/metrics/creator').query({ range: '30d' });
    expect(res.status).toBe(200);
    const total = (metric: string) =>
      res.body.series.find((s: { metric: string; total: number }) => s.metric === metric).total as number;
    expect(total('spot_views')).toBeGreaterThan(100);
    expect(total('walkthrough_views')).toBeGreaterThan(100);
    expect(total('watch_ms')).toBeGreaterThan(0);
    expect(total('completion_rate')).toBeGreaterThan(0);
    expect(total('new_followers')).toBeGreaterThan(0);
    expect(total('listing_inquiries')).toBeGreaterThan(0);
    expect(res.body.top_content.length).toBeGreaterThan(0);
    const plays = async () => (await t.db.query(`SELECT count(*)::int AS n FROM creator_video_views`))[0].n;
    const before = await plays();
    await seedDemoData(t.app, new Logger('SeedTest'));
    expect(await plays()).toBe(before);
  });
});
