// The app for the arena benchmark, in its own process: boots the real app (PostgreSQL + Redis, test harness),
// creates creators with entries, live battles and voters, prints one JSON line with what the load generator needs,
// then serves until killed.
require('../support/ts-register');
const { bootTestApp } = require('../../test/support/app');
const { enterDesign, services } = require('../../test/arena/helpers');
const { BenchArenaModule } = require('./bench-module');

const BATTLES = Number(process.env.BENCH_BATTLES ?? 20);
const VOTERS = Number(process.env.BENCH_VOTERS ?? 1000);
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 10);

(async () => {
  const t = await bootTestApp({ TRUST_PROXY: 'loopback', LOG_LEVEL: 'error' }, [BenchArenaModule]);
  const s = services(t);
  const battles = [];
  for (let i = 0; i < BATTLES; i++) {
    const [a, b] = [await t.createUser(), await t.createUser()];
    const [ea, eb] = [await enterDesign(t, a), await enterDesign(t, b)];
    const battle = await s.battles.open(await s.entries.find(ea.id), await s.entries.find(eb.id), 'live', 3_600_000);
    battles.push(battle.id);
  }
  // Voters by SQL (one row each; the bench signs them in without a password).
  const rows = await t.db.query(
    `INSERT INTO users (name, email, handle, email_verified_at, password_hash)
     SELECT 'Voter ' || g, 'voter' || g || '@bench.test', 'voter' || g, now(), 'x' FROM generate_series(1, $1) g
     RETURNING id`,
    [VOTERS],
  );
  const watchers = [];
  for (let i = 0; i < Math.max(1, WATCHERS); i++) watchers.push((await t.createUser()).id);
  console.log(
    JSON.stringify({
      baseUrl: t.baseUrl,
      key: t.config.broadcasting.key,
      battles,
      voters: rows.map((r) => r.id),
      watcher: watchers[0],
      watchers,
      pid: process.pid,
    }),
  );
  process.on('SIGTERM', () => t.close().then(() => process.exit(0)));
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
