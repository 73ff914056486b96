// The whole app (createApp on a fresh PostgreSQL database + Redis, WebSocket server on the app's
// port) in its own process, driven over IPC by run.js. Seeds users, chats and signed-in sessions
// directly in SQL (logging 1,000 users in through scrypt would only measure scrypt).
require('../support/ts-register');
const { randomBytes } = require('node:crypto');
const signature = require('cookie-signature');

const { bootTestApp } = require('../../test/support/app');
const { serveOverIpc } = require('../support/ipc');

const ENV = {
  BROADCAST_KEY: 'bench-key',
  BROADCAST_SECRET: 'bench-secret',
  BROADCAST_APP_ID: 'bench',
  LOG_LEVEL: 'error',
};
let t;

async function sessionFor(userId) {
  const sid = randomBytes(24).toString('base64url');
  const csrf = randomBytes(20).toString('hex');
  const maxAge = 2 * 60 * 60 * 1000;
  const data = {
    cookie: {
      originalMaxAge: maxAge,
      expires: new Date(Date.now() + maxAge).toISOString(),
      httpOnly: true,
      path: '/',
      sameSite: 'lax',
    },
    userId,
    csrfToken: csrf,
  };
  await t.db.query(
    `INSERT INTO sessions (sid, user_id, data, expires_at, updated_at) VALUES ($1, $2, $3, now() + interval '2 hours', now())`,
    [sid, userId, JSON.stringify(data)],
  );
  const cookie = `${t.config.session.cookieName}=${encodeURIComponent(`s:${signature.sign(sid, t.config.appKey)}`)}; XSRF-TOKEN=${csrf}`;
  return { userId, cookie, csrf };
}

/** n users in pairs, one accepted direct chat per pair; answers the sessions and chat ids. */
async function seedPairs(pairs) {
  const users = await t.db.query(
    `INSERT INTO users (name, email, handle, password_hash, email_verified_at)
     SELECT 'Bench ' || i, 'bench' || i || '@example.test', 'bench' || i, 'x', now() FROM generate_series(1, $1) AS i RETURNING id`,
    [pairs * 2],
  );
  const ids = users.map((u) => u.id);
  const result = [];
  for (let i = 0; i < pairs; i += 1) {
    const [a, b] = [ids[2 * i], ids[2 * i + 1]];
    const [{ id }] = await t.db.query(
      `INSERT INTO chats (type, accepted, created_by_user_id, direct_key) VALUES ('direct', true, $1, $2) RETURNING id`,
      [a, [a, b].sort().join(':')],
    );
    await t.db.query(
      `INSERT INTO chat_participants (chat_id, user_id, last_message_at, joined_at) VALUES ($1, $2, now(), now()), ($1, $3, now(), now())`,
      [id, a, b],
    );
    result.push({ chatId: id, a: await sessionFor(a), b: await sessionFor(b) });
  }
  return result;
}

/** One user with `count` chats (a mix of tabs, unread counters and a last message each). */
async function seedHeavy(count) {
  const [{ id: me }] = await t.db.query(
    `INSERT INTO users (name, email, handle, password_hash, email_verified_at) VALUES ('Heavy', 'heavy@example.test', 'heavy', 'x', now()) RETURNING id`,
  );
  await t.db.query(
    `INSERT INTO users (name, email, handle, password_hash, email_verified_at)
     SELECT 'Peer ' || i, 'peer' || i || '@example.test', 'peer' || i, 'x', now() FROM generate_series(1, $1) AS i`,
    [count],
  );
  await t.db.query(
    `WITH peers AS (SELECT id, row_number() OVER (ORDER BY email) AS n FROM users WHERE email LIKE 'peer%'),
          made AS (
            INSERT INTO chats (type, accepted, created_by_user_id, direct_key, created_at)
            SELECT 'direct', n % 10 <> 0, id, id || ':' || $1, now() - (n || ' minutes')::interval FROM peers RETURNING id, created_by_user_id, accepted, created_at
          ),
          msgs AS (
            INSERT INTO chat_messages (chat_id, user_id, content, created_at)
            SELECT id, created_by_user_id, 'message in ' || id, created_at FROM made RETURNING id, chat_id, created_at
          ),
          theirs AS (
            INSERT INTO chat_participants (chat_id, user_id, last_message_id, last_message_at, joined_at)
            SELECT m.chat_id, c.created_by_user_id, m.id, m.created_at, c.created_at FROM msgs m JOIN made c ON c.id = m.chat_id RETURNING chat_id
          )
     INSERT INTO chat_participants (chat_id, user_id, last_message_id, last_message_at, joined_at, is_request, is_muted, is_blocked, unread_count)
     SELECT m.chat_id, $1::uuid, m.id, m.created_at, c.created_at, NOT c.accepted,
            random() < 0.1, random() < 0.05, CASE WHEN random() < 0.3 THEN 1 + floor(random() * 5)::int ELSE 0 END
       FROM msgs m JOIN made c ON c.id = m.chat_id`,
    [me],
  );
  await t.db.query(
    `UPDATE chats c SET last_message_id = m.id, last_message_at = m.created_at FROM chat_messages m WHERE m.chat_id = c.id`,
  );
  await t.db.query(`VACUUM ANALYZE chat_participants`);
  await t.db.query(`ANALYZE`);
  const plans = {};
  for (const [name, sql] of Object.entries({
    'list page ids (offset 3800)': `EXPLAIN ANALYZE SELECT p.chat_id FROM chat_participants p
            WHERE p.user_id = '${me}' AND p.left_at IS NULL AND NOT p.is_blocked AND NOT p.is_muted AND NOT p.is_request
            ORDER BY p.last_message_at DESC, p.chat_id DESC LIMIT 20 OFFSET 3800`,
    'list total': `EXPLAIN ANALYZE SELECT count(*) FROM chat_participants p WHERE p.user_id = '${me}' AND p.left_at IS NULL AND NOT p.is_blocked AND NOT p.is_muted AND NOT p.is_request`,
    unread: `EXPLAIN ANALYZE SELECT sum(unread_count) FROM chat_participants WHERE user_id = '${me}' AND unread_count > 0 AND left_at IS NULL`,
  })) {
    plans[name] = `-- ${name}\n` + (await t.db.query(sql)).map((r) => r['QUERY PLAN']).join('\n');
  }
  return { session: await sessionFor(me), plans };
}

serveOverIpc(async () => (t = await bootTestApp(ENV)), {
  seedPairs: async (msg) => ({ type: 'pairs', pairs: await seedPairs(msg.pairs) }),
  seedHeavy: async (msg) => ({ type: 'heavy', ...(await seedHeavy(msg.count)) }),
});
