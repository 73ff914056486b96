/**
 * No N+1 on the hot read paths: each list answers with a fixed number of SQL statements however many
 * rows it shows. Every path is asked for a short page and for a long one; the long page may send at most
 * one statement more (a batched lookup of rows a cache has not seen yet), and no path more than its cap.
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { NotificationsService } from '../../src/modules/notifications';
import { makeProperty } from '../properties/helpers';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { QueryCounter } from '../support/query-counter';

const SHORT = 2;
const LONG = 12;

describe('hot read paths: statements per request do not grow with the page', () => {
  let t: TestApp;
  const counter = new QueryCounter();
  let realtor: { client: TestClient; user: { id: string; handle: string | null } };
  let guest: TestClient;
  let propertySlug = '';

  /** The statements one request sent, and its status. */
  async function statements(client: TestClient, path: string, inertia = false) {
    const id = randomBytes(8).toString('hex');
    let req = client.get(path).set('X-Query-Count-Id', id);
    if (inertia) req = req.set('X-Inertia', 'true');
    const res = await req;
    expect(res.status).toBe(200);
    return { count: counter.statementsOf(id).length, list: counter.statementsOf(id), body: res.body };
  }

  async function publishedSpots(userId: string, count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      const tag = randomBytes(6).toString('hex');
      const [walkthrough] = await t.db.query(
        `INSERT INTO walkthroughs (slug, user_id, title, published) VALUES ($1, $2, 'Tour', true) RETURNING id`,
        [`w-${tag}`, userId],
      );
      const [video] = await t.db.query(
        `INSERT INTO videos (slug, playback_id, user_id, walkthrough_id, status, progress, manifest_key, ready_at)
         VALUES ($1, $2, $3, $4, 'ready', 100, $5, now()) RETURNING id`,
        [`v-${tag}`, tag, userId, walkthrough.id, `videos/${tag}/master.m3u8`],
      );
      await t.db.query(
        `INSERT INTO spots (slug, user_id, walkthrough_id, video_id, title, published, published_at)
         VALUES ($1, $2, $3, $4, 'Spot', true, now() - ($5 || ' minutes')::interval)`,
        [`s-${tag}`, userId, walkthrough.id, video.id, String(i)],
      );
    }
  }

  beforeAll(async () => {
    t = await bootTestApp();
    counter.install(t.app.getHttpServer() as Server);
    const signed = await t.signedIn({ type: 'realtor', handle: `qc${randomBytes(3).toString('hex')}` });
    realtor = { client: signed.client, user: signed.user };
    guest = await t.client();
    for (let i = 0; i < LONG; i++) {
      const made = await makeProperty(realtor.client, { name: `Counted Home ${i}`, latitude: 30.26 + i / 1000 });
      propertySlug = made.slug;
    }
    await publishedSpots(realtor.user.id, LONG);
    // Every listing shows a walkthrough and a spot with ready videos: their media is one statement however many.
    for (const table of ['walkthroughs', 'spots']) {
      await t.db.query(
        `WITH l AS (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM listings WHERE user_id = $1),
              m AS (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM ${table} WHERE user_id = $1)
         UPDATE ${table} SET listing_id = l.id FROM l JOIN m ON m.n = l.n WHERE ${table}.id = m.id`,
        [realtor.user.id],
      );
    }
    const notifications = t.app.get(NotificationsService);
    for (let i = 0; i < LONG; i++) await notifications.notify(realtor.user.id, { kind: 'system', title: `Note ${i}` });
    for (let i = 0; i < LONG; i++) {
      const other = await t.createUser();
      const started = await realtor.client.post('/api/chats').send({ user_id: other.id, message: `hello ${i}` });
      expect(started.status).toBeLessThan(300);
    }
  }, 120_000);

  afterAll(async () => {
    counter.uninstall();
    await t.close();
  });

  type Body = Record<string, { data: unknown[] }> & { data: unknown[] | { data: unknown[] } };
  // [name, who asks, path for a page of n rows, the rows in the answer, the most statements it may send]
  const paths: Array<[string, () => TestClient, (n: number) => string, (body: Body) => unknown[], number]> = [
    ['guest feed', () => guest, (n) => `/api/feed?per_page=${n}`, (b) => b.data as unknown[], 4],
    ['signed-in feed', () => realtor.client, (n) => `/api/feed?per_page=${n}&page=1`, (b) => b.data as unknown[], 6],
    [
      'listings dashboard',
      () => realtor.client,
      (n) => `/api/listings/dashboard/paginate?count=${n}`,
      (b) => b.listings.data,
      4, // session, the page (listings with properties, featured photos and the total), the media as JSON, open houses
    ],
    [
      'realtor dashboard',
      () => realtor.client,
      (n) => `/api/properties/dashboard/realtor?count=${n}`,
      (b) => b.properties.data,
      2, // the session with its user, then the page with featured photos and the per-state counts in one statement
    ],
    [
      'market search',
      () => guest,
      (n) => `/api/market/search?lat=30.26&lng=-97.74&radius=50&per_page=${n}`,
      (b) => b.results.data,
      5,
    ],
    ['chats list', () => realtor.client, (n) => `/api/chats?per_page=${n}`, (b) => (b.data as { data: [] }).data, 6],
    [
      'notifications list',
      () => realtor.client,
      (n) => `/api/notifications?limit=${n}`,
      (b) => b.notifications.data,
      2, // the session with its user, then the page and both counts in one statement
    ],
  ];

  it.each(paths)('%s', async (_name, who, path, rowsOf, cap) => {
    const short = await statements(who(), path(SHORT));
    const long = await statements(who(), path(LONG));
    // The long page really lists more rows, so a per-row statement would show.
    expect(rowsOf(short.body)).toHaveLength(SHORT);
    expect(rowsOf(long.body)).toHaveLength(LONG);
    expect({ path: path(LONG), statements: long.list.length }).toEqual({
      path: path(LONG),
      statements: Math.min(long.count, short.count + 1),
    });
    expect(long.count).toBeLessThanOrEqual(cap);
  });

  // The profile lists the realtor's listings with their media (a page of twelve): the same statements for a
  // realtor with two listings or twelve: session, user, the profile's version and the user again (a guest's page is
  // cached under that version), follow counts, stats with values, markets, the listings page with its total, the
  // listings' media as JSON, open houses, the stickers the user wears.
  it('profile by handle', async () => {
    const small = await t.signedIn({ type: 'realtor', handle: `qs${randomBytes(3).toString('hex')}` });
    for (let i = 0; i < SHORT; i++) await makeProperty(small.client, { name: `Small Home ${i}` });
    const few = await statements(guest, `/api/profile/${small.user.handle}`);
    const many = await statements(guest, `/api/profile/${realtor.user.handle}`);
    expect(few.body.listings.data).toHaveLength(SHORT);
    expect(many.body.listings.data).toHaveLength(LONG);
    expect(many.body.listings.data.filter((l: { walkthrough: unknown }) => l.walkthrough)).toHaveLength(LONG);
    expect(many.count).toBe(few.count);
    expect(many.count).toBeLessThanOrEqual(11);
    // A guest's next read of an unchanged profile is served from the cache: the user by handle and the profile's
    // version (one indexed read) prove the stored page true, whatever it lists.
    const again = await statements(guest, `/api/profile/${realtor.user.handle}`);
    expect(again.body).toEqual(many.body);
    expect(again.list.map((s) => s.text).join('\n')).toMatch(/profile_versions/);
    expect(again.count).toBeLessThanOrEqual(3);
  });

  // Sending a chat message (issue 12's send-to-receipt path): the session with its user, the participation check
  // that answers a stranger 403 before the body is read (the chat.take-part policy, one primary-key read), then one
  // statement that re-checks the sender, inserts, moves the chat and raises the receivers' counters, then the
  // people's profiles for the live event. Nothing else touches PostgreSQL on the way to the answer.
  it('chat message send: four statements', async () => {
    const chats = await realtor.client.get('/api/chats?per_page=1');
    const chatId = (chats.body.data.data as Array<{ id: string }>)[0].id;
    const id = randomBytes(8).toString('hex');
    const sent = await realtor.client
      .post(`/api/chats/${chatId}/messages`)
      .set('X-Query-Count-Id', id)
      .send({ content: 'counted' });
    expect(sent.status).toBeLessThan(300);
    expect(sent.body.message.content).toBe('counted');
    const list = counter.statementsOf(id);
    expect(list).toHaveLength(4);
    expect(list[1].text).toMatch(/FROM chats c LEFT JOIN chat_participants/);
    expect(list[2].text).toMatch(/INSERT INTO chat_messages/);
  });

  it('public property page: a fixed handful of statements, as JSON and as an Inertia visit', async () => {
    const property = await statements(guest, `/api/properties/${propertySlug}`);
    expect(property.body.property.slug).toBe(propertySlug);
    // Session, the property, its owner, then its components, photos and listing id as JSON in one statement.
    expect(property.count).toBeLessThanOrEqual(4);
    const page = await statements(guest, `/properties/${propertySlug}`, true);
    expect(page.body.component).toBe('Property/Show');
    expect(page.count).toBeLessThanOrEqual(4);
  });

  // The signed-in framework floor: a page whose controller reads nothing (/dashboard) sends the session with its
  // user, the user's teams with the current one among them (the team switcher's shared props; the current team
  // comes from the list once the session names it) and the live announcements. It sent five before (the saved
  // current team and the current membership apart).
  it('signed-in page floor (/dashboard)', async () => {
    const first = await statements(realtor.client, '/dashboard', true);
    expect(first.body.component).toBe('Dashboard');
    const page = await statements(realtor.client, '/dashboard', true);
    expect(page.body.props.current_team.team.id).toBe(first.body.props.current_team.team.id);
    expect(page.body.props.team_users.length).toBeGreaterThanOrEqual(1);
    const texts = page.list.map((q) => q.text.replace(/\s+/g, ' '));
    expect(texts).toHaveLength(3);
    for (const read of ['FROM sessions', 'FROM team_members', 'FROM announcements'])
      expect(texts.filter((text) => text.includes(read))).toHaveLength(1);
  });
});
