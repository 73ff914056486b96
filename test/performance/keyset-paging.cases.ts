/**
 * The feed and the chats lists page by keyset: walking `next_cursor` sees every row that was there when the walk
 * began exactly once, however many rows are inserted (or moved to the top) meanwhile, including rows that share
 * a millisecond (PostgreSQL keeps microseconds). The feed never counts the whole catalogue: its total is counted
 * up to a cap, and above it the answer says "1,000+".
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { NodeCaches } from '../../src/infra/node-caches';
import { ChannelMessagesService } from '../../src/modules/channels';
import { ChatsQueryService } from '../../src/modules/chats';
import { JournalReadService } from '../../src/modules/journal';
import { SocietyPostsService } from '../../src/modules/society';
import { FEED_TOTAL_CAP, SpotsService } from '../../src/modules/video/spots.service';
import { bootTestApp, TestApp } from '../support/app';
import { QueryCounter } from '../support/query-counter';

/** `count` published spots with ready videos in one statement; `at` is the newest, each next one 1 µs older. */
async function spots(t: TestApp, userId: string, count: number, at: string): Promise<string[]> {
  const tag = randomBytes(4).toString('hex');
  await t.db.query(
    `WITH w AS (
       INSERT INTO walkthroughs (slug, user_id, title, published)
       SELECT 'kw-' || $2 || '-' || i, $1, 'Tour', true FROM generate_series(1, $3::int) i RETURNING id, slug
     ), v AS (
       INSERT INTO videos (slug, playback_id, user_id, walkthrough_id, status, progress, manifest_key, ready_at)
       SELECT 'kv' || substr(w.slug, 3), md5(w.slug), $1, w.id, 'ready', 100, 'videos/' || w.slug || '/master.m3u8', now()
       FROM w RETURNING id, walkthrough_id, slug
     )
     INSERT INTO spots (slug, user_id, walkthrough_id, video_id, title, published, published_at)
     SELECT 'ks' || substr(v.slug, 3), $1, v.walkthrough_id, v.id, 'Spot', true,
            $4::timestamptz - (split_part(v.slug, '-', 3)::int * interval '1 microsecond')
     FROM v`,
    [userId, tag, count, at],
  );
  const rows: Array<{ id: string }> = await t.db.query(
    `SELECT id FROM spots WHERE slug LIKE $1 ORDER BY published_at DESC, id DESC`,
    [`ks-${tag}-%`],
  );
  return rows.map((r) => r.id);
}

describe('keyset paging: no gaps or repeats under concurrent writes; the feed counts only up to a cap', () => {
  let t: TestApp;
  const counter = new QueryCounter();
  let realtor: { id: string };

  beforeAll(async () => {
    t = await bootTestApp();
    counter.install(t.app.getHttpServer() as Server);
    realtor = (await t.signedIn({ type: 'realtor' })).user;
  }, 60_000);

  afterAll(async () => {
    counter.uninstall();
    await t.close();
  });

  it('the feed walked by cursor sees each spot once while newer spots are published, to the microsecond', async () => {
    const feed = t.app.get(SpotsService);
    const viewer = await t.createUser();
    // 23 spots a microsecond apart: all in one millisecond, so a millisecond cursor would skip most of them.
    const before = await spots(t, realtor.id, 23, '2020-01-01T00:00:00.000900Z');
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await feed.feed(viewer, { perPage: 5, cursor });
      seen.push(...page.data.map((s) => s.id));
      expect(page.has_more).toBe(page.next_cursor !== null);
      cursor = page.next_cursor ?? undefined;
      // Newer spots published between pages land above the cursor: the walk neither repeats nor skips.
      await Promise.all([
        spots(t, realtor.id, 3, new Date().toISOString()),
        spots(t, realtor.id, 1, '2021-06-01T00:00:00Z'),
      ]);
      pages++;
    } while (cursor && pages < 50);
    const walked = seen.filter((id) => before.includes(id));
    expect(walked).toEqual(before); // newest first: the insertion order of `before`
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('the feed answers without counting every spot: capped at 1,000 with total_is_capped, and pages go on', async () => {
    await spots(t, realtor.id, FEED_TOTAL_CAP + 20, '2019-01-01T00:00:00Z');
    t.app.get(NodeCaches).forget('spots-feed'); // the total counted by the walk above is shared for 2 s
    const guest = await t.client();
    const id = randomBytes(8).toString('hex');
    const res = await guest.get('/api/feed?per_page=10&page=3').set('X-Query-Count-Id', id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: FEED_TOTAL_CAP, total_is_capped: true, current_page: 3, has_more: true });
    expect(res.body.last_page).toBeGreaterThan(3);
    expect(typeof res.body.next_cursor).toBe('string');
    const counts = counter.statementsOf(id).filter((s) => /count\(/i.test(s.text));
    expect(counts).toHaveLength(1);
    expect(counts[0].text).toMatch(/LIMIT \$1/);
    expect(counts[0].values).toEqual([FEED_TOTAL_CAP + 1]);
    // Deep page-number paging keeps last_page one ahead while there is more.
    const deep = await guest.get('/api/feed?per_page=10&page=101');
    expect(deep.body).toMatchObject({ current_page: 101, total_is_capped: true, has_more: true, last_page: 102 });
    const next = await guest.get(`/api/feed?per_page=10&cursor=${res.body.next_cursor}`);
    expect(next.status).toBe(200);
    expect(next.body.data[0].id).not.toBe(res.body.data[9].id);
  });

  it('a cursor the list did not give out is a 422 on the field', async () => {
    const guest = await t.client();
    const bad = await guest.get('/api/feed?cursor=bm90LWEtY3Vyc29y').set('Accept', 'application/json');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.cursor).toBeDefined();
    // A date JS would roll over (Feb 30) never reaches PostgreSQL.
    const feb30 = Buffer.from('2026-02-30T00:00:00Z|9fcfc2b2-04e3-4241-8c6a-831bf4d04304').toString('base64url');
    expect((await guest.get(`/api/feed?cursor=${feb30}`).set('Accept', 'application/json')).status).toBe(422);
    const { client } = await t.signedIn();
    const chats = await client.get('/api/chats/filtered?type=chats&cursor=x').set('Accept', 'application/json');
    expect(chats.status).toBe(422);
  });

  it('a chat list walked by cursor lists each chat once while chats move to the top', async () => {
    const user = await t.createUser();
    const chats = t.app.get(ChatsQueryService);
    await t.db.query(
      `WITH c AS (
         INSERT INTO chats (type, accepted, created_by_user_id, direct_key, last_message_at)
         SELECT 'group', true, $1::uuid, NULL, '2020-01-01T00:00:00.0009Z'::timestamptz - i * interval '1 microsecond'
         FROM generate_series(1, 17) i RETURNING id, last_message_at
       )
       INSERT INTO chat_participants (chat_id, user_id, last_message_at)
       SELECT id, $1::uuid, last_message_at FROM c`,
      [user.id],
    );
    const rows: Array<{ id: string }> = await t.db.query(
      `SELECT chat_id AS id FROM chat_participants WHERE user_id = $1 ORDER BY last_message_at DESC, chat_id DESC`,
      [user.id],
    );
    const all = rows.map((r) => r.id);
    const seen: string[] = [];
    const moved = new Set<string>();
    let cursor: string | undefined;
    let guard = 0;
    do {
      const page = await chats.list(user.id, 'chats', 1, 4, cursor);
      seen.push(...page.data.map((c) => c.id));
      expect(page.total).toBe(17);
      cursor = page.next_cursor ?? undefined;
      // A message arrives in a chat not yet listed: it moves to the top (the live event shows it there).
      const unseen = all.filter((id) => !seen.includes(id));
      if (unseen.length > 4) {
        const jump = unseen[unseen.length - 1];
        moved.add(jump);
        await t.db.query(`UPDATE chat_participants SET last_message_at = now() WHERE chat_id = $1`, [jump]);
      }
    } while (cursor && ++guard < 20);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(all.filter((id) => !moved.has(id)));
  });

  it('journal, society and channel feeds walked by cursor see every row once when rows share a millisecond', async () => {
    const author = realtor.id;
    // Row i is i microseconds older than the first: every row falls inside one millisecond.
    const at = `'2021-06-01T00:00:00.000900Z'::timestamptz - i * interval '1 microsecond'`;
    const [society] = await t.db.query(
      `INSERT INTO societies (name, owner_id) VALUES ('Keyset society', $1) RETURNING id`,
      [author],
    );
    const [channel] = await t.db.query(
      `INSERT INTO community_channels (name, owner_id) VALUES ('Keyset channel', $1) RETURNING id`,
      [author],
    );
    // More rows than two pages of each list, all inside one millisecond, newest first by insertion number.
    const n = 45;
    await t.db.query(
      `INSERT INTO society_posts (society_id, author_id, body_html, created_at)
       SELECT $1, $2, '<p>' || i || '</p>', ${at} FROM generate_series(1, $3::int) i`,
      [society.id, author, n],
    );
    await t.db.query(
      `INSERT INTO community_messages (channel_id, author_id, body_html, created_at)
       SELECT $1, $2, '<p>' || i || '</p>', ${at} FROM generate_series(1, $3::int) i`,
      [channel.id, author, n],
    );
    await t.db.query(
      `INSERT INTO journal_posts (author_id, title, visibility, status, published_at)
       SELECT $1, 'Post ' || i, 'public', 'published', ${at}
       FROM generate_series(1, $2::int) i`,
      [author, n],
    );
    const walk = async (read: (cursor?: string) => Promise<{ data: { id: string }[]; next_cursor: string | null }>) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await read(cursor);
        seen.push(...page.data.map((r) => r.id));
        cursor = page.next_cursor ?? undefined;
      } while (cursor && ++pages < 20);
      return seen;
    };
    const societyIds = await walk((c) => t.app.get(SocietyPostsService).feed(society.id, undefined, c));
    const channelIds = await walk((c) => t.app.get(ChannelMessagesService).history(channel.id, undefined, c));
    const journalIds = await walk((c) => t.app.get(JournalReadService).feed(undefined, c, author));
    for (const ids of [societyIds, channelIds, journalIds]) {
      expect(ids).toHaveLength(n);
      expect(new Set(ids).size).toBe(n);
    }
  });

  it("the feed's page is read once for every viewer: only the owner's answer carries the upload, and a spot saved through the service leaves the next answer at once", async () => {
    const feed = t.app.get(SpotsService);
    const owner = await t.createUser();
    const stranger = await t.createUser();
    const { client } = await t.signedIn();
    await spots(t, owner.id, 2, '2030-01-01T00:00:00Z');
    t.app.get(NodeCaches).forget('spots-feed');
    const id = randomBytes(8).toString('hex');
    const mine = await feed.feed(owner, { perPage: 3 });
    const res = await client.get('/api/feed?per_page=3').set('X-Query-Count-Id', id);
    const theirs = await feed.feed(stranger, { perPage: 3 });
    const guests = await feed.feed(null, { perPage: 3 });
    // The second and third readers were answered from the rows the first one read: no feed statement of their own.
    expect(counter.statementsOf(id).filter((s) => /FROM spots/.test(s.text))).toEqual([]);
    expect(res.body.data.map((s: { id: string }) => s.id)).toEqual(mine.data.map((s) => s.id));
    expect(theirs.data.map((s) => s.id)).toEqual(mine.data.map((s) => s.id));
    expect(mine.data[0].video?.upload).toBeDefined();
    expect(theirs.data[0].video?.upload).toBeUndefined();
    expect(guests.data[0].video?.upload).toBeUndefined();
    await feed.update(owner, await feed.findBySlug(mine.data[0].slug), { published: false });
    expect((await feed.feed(stranger, { perPage: 3 })).data[0].id).toBe(mine.data[1].id);
  });
});
