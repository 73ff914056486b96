// EXPLAIN ANALYZE of the statements the hot read paths really send, at scale: 1M properties, 100k spots with
// their videos, one realtor with 10k chats and 10k notifications. The app is booted in this process on a fresh
// database (the real migrations), the data is bulk-loaded with generate_series, then each hot request is made
// once to warm caches and once with every statement it sends captured (text and values), and each captured
// statement is explained. Plans go to bench/results/hot-paths-explain.txt, a summary to stdout and
// bench/results/hot-paths-explain.json.
//
//   node bench/hot-paths/explain.js              (PROPERTIES=1000000 SPOTS=100000 CHATS=10000 by default)
//   PROPERTIES=100000 SPOTS=10000 CHATS=1000 node bench/hot-paths/explain.js   (a quick run)
require('../support/ts-register');
const fs = require('node:fs');
const path = require('node:path');
const { randomBytes } = require('node:crypto');
const { bootTestApp } = require('../../test/support/app');
const { QueryCounter } = require('../../test/support/query-counter');

const PROPERTIES = Number(process.env.PROPERTIES ?? 1_000_000);
const SPOTS = Number(process.env.SPOTS ?? 100_000);
const CHATS = Number(process.env.CHATS ?? 10_000);
const ROOT = path.resolve(__dirname, '../..');
// Tables whose full scan would grow with the data: a Seq Scan on one of them in a hot path is a defect.
const GROWING = [
  'properties',
  'listings',
  'spots',
  'videos',
  'walkthroughs',
  'chats',
  'chat_participants',
  'chat_messages',
  'notifications',
  'users',
];

const BULK_TABLES = ['properties', 'listings', 'walkthroughs', 'videos', 'spots'];

/**
 * Bulk loads run fastest with the tables' secondary indexes and row triggers out of the way: the indexes are
 * dropped and rebuilt from their own definitions afterwards (pg_indexes), the triggers (team ownership and
 * counts, which the bulk rows of other realtors do not need) are off during the load only.
 */
async function bulkLoad(t, work) {
  const indexes = await t.db.query(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [BULK_TABLES],
  );
  for (const { indexname } of indexes) await t.db.query(`DROP INDEX ${indexname}`);
  for (const table of BULK_TABLES) await t.db.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
  try {
    await work();
  } finally {
    for (const table of BULK_TABLES) await t.db.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    for (const { indexdef } of indexes) await t.db.query(indexdef);
  }
}

async function seed(t, realtorId) {
  const started = Date.now();
  await bulkLoad(t, async () => {
    // Other realtors own the bulk of the data, so the signed-in realtor's lists are a small slice of big tables.
    await t.db.query(`
      INSERT INTO users (name, email, password_hash, type, handle)
      SELECT 'Bulk realtor ' || i, 'bulk' || i || '@bench.test', 'x', 'realtor', 'bulk' || i FROM generate_series(1, 1000) i`);
    await t.db.query(
      `WITH owners AS (SELECT id, row_number() OVER () - 1 AS k FROM users WHERE email LIKE 'bulk%@bench.test'),
       p AS (
         INSERT INTO properties (user_id, slug, name, price, currency, latitude, longitude, type, sector, status, publish, published_at, city, full_address)
         SELECT o.id, 'hot-' || i, 'Home ' || i, (50000 + (i::bigint * 7919) % 1950000)::numeric, 'USD',
                30 + ((i * 31) % 1000) / 100.0, -100 + ((i * 17) % 1000) / 100.0,
                (ARRAY['house','condo','townhouse','apartment'])[1 + i % 4], 'residential', 'for_sale',
                i % 20 <> 0, now() - (i || ' seconds')::interval, 'Bench City', i || ' Bench St'
         FROM generate_series(1, $1::int) i JOIN owners o ON o.k = i % 1000
         RETURNING id, user_id
       )
       INSERT INTO listings (property_id, user_id) SELECT id, user_id FROM p`,
      [PROPERTIES],
    );
    await t.db.query(
      `WITH w AS (
         INSERT INTO walkthroughs (slug, user_id, title, published)
         SELECT 'hw-' || i, (SELECT id FROM users WHERE email = 'bulk' || (1 + i % 1000) || '@bench.test'), 'Tour ' || i, true
         FROM generate_series(1, $1::int) i RETURNING id, user_id, slug
       ), v AS (
         INSERT INTO videos (slug, playback_id, user_id, walkthrough_id, status, progress, manifest_key, ready_at)
         SELECT 'hv-' || substr(w.slug, 4), substr(md5(w.slug), 1, 20), w.user_id, w.id, 'ready', 100, 'videos/' || w.slug || '/master.m3u8', now()
         FROM w RETURNING id, user_id, walkthrough_id, slug
       )
       INSERT INTO spots (slug, user_id, walkthrough_id, video_id, title, published, published_at)
       SELECT 'hs-' || substr(v.slug, 4), v.user_id, v.walkthrough_id, v.id, 'Spot', true, now() - (substr(v.slug, 4) || ' seconds')::interval
       FROM v`,
      [SPOTS],
    );
  });
  // The signed-in realtor: 10k chats with a message each, 10k notifications, 100 own listings.
  await t.db.query(
    `WITH others AS (
       INSERT INTO users (name, email, password_hash, type, handle)
       SELECT 'Chat partner ' || i, 'partner' || i || '@bench.test', 'x', 'viewer', 'partner' || i FROM generate_series(1, $2::int) i
       RETURNING id
     ), c AS (
       INSERT INTO chats (type, accepted, created_by_user_id, direct_key, last_message_at)
       SELECT 'direct', true, $1::uuid, $1::text || ':' || o.id, now() - (row_number() OVER () || ' minutes')::interval FROM others o
       RETURNING id, created_by_user_id, direct_key, last_message_at
     ), parts AS (
       INSERT INTO chat_participants (chat_id, user_id, last_message_at)
       SELECT c.id, $1::uuid, c.last_message_at FROM c
       UNION ALL SELECT c.id, split_part(c.direct_key, ':', 2)::uuid, c.last_message_at FROM c
       RETURNING chat_id
     )
     INSERT INTO chat_messages (chat_id, user_id, content, created_at)
     SELECT c.id, $1::uuid, 'Hello', c.last_message_at FROM c`,
    [realtorId, CHATS],
  );
  await t.db.query(
    `INSERT INTO notifications (user_id, kind, title, created_at)
     SELECT $1, 'system', 'Note ' || i, now() - (i || ' minutes')::interval FROM generate_series(1, $2::int) i`,
    [realtorId, CHATS],
  );
  await t.db.query(
    `WITH p AS (
       INSERT INTO properties (user_id, slug, name, price, currency, latitude, longitude, type, sector, status, publish, published_at, city, full_address)
       SELECT $1, 'own-' || i, 'Own home ' || i, 300000 + i, 'USD', 30.26, -97.74, 'house', 'residential', 'for_sale', true, now(), 'Austin', i || ' Main St'
       FROM generate_series(1, 100) i RETURNING id
     ) INSERT INTO listings (property_id, user_id) SELECT id, $1 FROM p`,
    [realtorId],
  );
  for (const table of GROWING) await t.db.query(`VACUUM ANALYZE ${table}`);
  return (Date.now() - started) / 1000;
}

/** The `next_cursor` after `pages` pages of a keyset list (followed page by page, as a client does). */
async function cursorAt(client, url, pageOf, pages) {
  let cursor = null;
  for (let i = 0; i < pages; i++) {
    const res = await client.get(cursor ? `${url}&cursor=${cursor}` : url);
    cursor = pageOf(res.body).next_cursor;
    if (!cursor) throw new Error(`${url}: no next_cursor after ${i + 1} pages`);
  }
  return cursor;
}

async function main() {
  const t = await bootTestApp();
  const counter = new QueryCounter();
  counter.install(t.app.getHttpServer());
  try {
    const handle = `hot${randomBytes(3).toString('hex')}`;
    const { client: realtor, user } = await t.signedIn({ type: 'realtor', handle });
    const guest = await t.client();
    const seconds = await seed(t, user.id);
    console.log(
      `seeded ${PROPERTIES} properties, ${SPOTS} spots, ${CHATS} chats and notifications in ${seconds.toFixed(1)} s`,
    );
    const [{ slug }] = await t.db.query(`SELECT slug FROM properties WHERE user_id = $1 LIMIT 1`, [user.id]);
    // Keyset cursors 1,200 rows deep (what page 100 of 12 reaches by OFFSET), taken from the real lists.
    const feedCursor = await cursorAt(guest, '/api/feed?per_page=12', (b) => b, 100);
    const chatsCursor = await cursorAt(realtor, '/api/chats?per_page=20', (b) => b.data, 100);
    const paths = [
      ['guest feed', guest, '/api/feed?per_page=12'],
      ['guest feed, page 100', guest, '/api/feed?per_page=12&page=100'],
      ['guest feed, cursor 1,200 deep', guest, `/api/feed?per_page=12&cursor=${feedCursor}`],
      ['signed-in feed', realtor, '/api/feed?per_page=12&page=1'],
      ['listings dashboard', realtor, '/api/listings/dashboard/paginate?count=12'],
      ['realtor dashboard', realtor, '/api/properties/dashboard/realtor?count=12'],
      ['public property', guest, `/api/properties/${slug}`],
      ['profile by handle', guest, `/api/profile/${handle}`],
      ['market search 25 mi', guest, '/api/market/search?lat=30.5&lng=-97.5&radius=25&per_page=12'],
      ['chats list', realtor, '/api/chats?per_page=20'],
      ['chats list, page 100', realtor, '/api/chats?per_page=20&page=100'],
      ['chats list, cursor 2,000 deep', realtor, `/api/chats?per_page=20&cursor=${chatsCursor}`],
      ['notifications list', realtor, '/api/notifications?limit=20'],
    ];
    const plans = [];
    const summary = [];
    for (const [name, client, url] of paths) {
      // The first (cold) request sends every statement the path can send; the second shows what steady state
      // sends once the short micro-caches hold the shared parts. The cold statements are the ones explained.
      const coldId = randomBytes(8).toString('hex');
      const cold = await client.get(url).set('X-Query-Count-Id', coldId);
      if (cold.status !== 200) throw new Error(`${name}: ${url} answered ${cold.status}`);
      const id = randomBytes(8).toString('hex');
      await client.get(url).set('X-Query-Count-Id', id);
      let totalMs = 0;
      const seqScans = new Set();
      const statements = counter.statementsOf(coldId).filter((s) => /^\s*(WITH|SELECT)/i.test(s.text));
      for (const statement of statements) {
        const rows = await t.db.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
        const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        totalMs += Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? 0);
        for (const [, table] of plan.matchAll(/Seq Scan on (\w+)/g)) if (GROWING.includes(table)) seqScans.add(table);
        plans.push(
          `### ${name}: ${url}\n${statement.text.trim()}\n-- values: ${JSON.stringify(statement.values)}\n${plan}\n`,
        );
      }
      summary.push({
        path: name,
        url,
        statements_cold: counter.statementsOf(coldId).length,
        statements_warm: counter.statementsOf(id).length,
        explained: statements.length,
        execution_ms: Number(totalMs.toFixed(2)),
        seq_scans_on_growing_tables: [...seqScans],
      });
    }
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'bench/results/hot-paths-explain.txt'), plans.join('\n'));
    fs.writeFileSync(
      path.join(ROOT, 'bench/results/hot-paths-explain.json'),
      JSON.stringify({ at: new Date().toISOString(), PROPERTIES, SPOTS, CHATS, summary }, null, 2),
    );
    console.log(
      '\n| path | statements cold / warm | SELECTs explained | execution ms (sum) | seq scans on growing tables |',
    );
    console.log('| --- | --- | --- | --- | --- |');
    for (const r of summary)
      console.log(
        `| ${r.path} | ${r.statements_cold} / ${r.statements_warm} | ${r.explained} | ${r.execution_ms} | ${r.seq_scans_on_growing_tables.join(', ') || 'none'} |`,
      );
  } finally {
    counter.uninstall();
    await t.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
