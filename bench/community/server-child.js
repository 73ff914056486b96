// The whole app (createApp on a fresh PostgreSQL database + Redis) in its own process, driven over IPC by run.js.
// Seeds one public society with --posts posts in SQL (generate_series), then answers the cursors of a first and a
// deep page and the plans of the keyset query and of the OFFSET query it replaces.
require('../support/ts-register');
const { bootTestApp } = require('../../test/support/app');
const { serveOverIpc } = require('../support/ipc');

let t;

async function seed(posts) {
  const started = Date.now();
  const [owner] = await t.db.query(
    `INSERT INTO users (name, email, handle, password_hash, email_verified_at)
     VALUES ('Bench Owner', 'bench-owner@example.test', 'benchowner', 'x', now()) RETURNING id`,
  );
  const [society] = await t.db.query(
    `INSERT INTO societies (name, description, visibility, owner_id, members_count, posts_count)
     VALUES ('Bench Society', 'Benchmark', 'public', $1, 1, $2) RETURNING id`,
    [owner.id, posts],
  );
  await t.db.query(`INSERT INTO society_members (society_id, user_id, role) VALUES ($1, $2, 'owner')`, [
    society.id,
    owner.id,
  ]);
  for (let from = 1; from <= posts; from += 250_000) {
    const to = Math.min(posts, from + 249_999);
    await t.db.query(
      `INSERT INTO society_posts (society_id, author_id, body_html, created_at)
       SELECT $1, $2, '<p>Post ' || i || ' about the market this week.</p>', now() - make_interval(secs => i * 7)
       FROM generate_series($3::int, $4::int) AS i`,
      [society.id, owner.id, from, to],
    );
  }
  await t.db.query(`ANALYZE society_posts`);
  const deepOffset = Math.floor(posts * 0.9);
  const [deep] = await t.db.query(
    `SELECT created_at, id FROM society_posts WHERE society_id = $1 AND moderation = 'visible'
     ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [society.id, deepOffset - 1],
  );
  const cursor = Buffer.from(`${new Date(deep.created_at).toISOString()}|${deep.id}`).toString('base64url');
  const plans = {};
  for (const [name, sql, params] of [
    [
      'keyset deep page',
      `EXPLAIN ANALYZE SELECT id FROM society_posts WHERE society_id = $1 AND moderation = 'visible'
       AND (created_at, id) < ($2, $3) ORDER BY created_at DESC, id DESC LIMIT 21`,
      [society.id, deep.created_at, deep.id],
    ],
    [
      `OFFSET ${deepOffset} (what keyset avoids)`,
      `EXPLAIN ANALYZE SELECT id FROM society_posts WHERE society_id = $1 AND moderation = 'visible'
       ORDER BY created_at DESC, id DESC OFFSET ${deepOffset} LIMIT 21`,
      [society.id],
    ],
  ]) {
    plans[name] = (await t.db.query(sql, params)).map((r) => r['QUERY PLAN']).join('\n');
  }
  return { societyId: society.id, cursor, deepOffset, seedMs: Date.now() - started, plans };
}

serveOverIpc(async () => (t = await bootTestApp({ LOG_LEVEL: 'error' })), {
  seed: async (msg) => ({ type: 'seeded', ...(await seed(msg.posts)) }),
  memory: async () => ({ type: 'memory', rss: process.memoryUsage().rss }),
});
