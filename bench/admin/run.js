#!/usr/bin/env node
// Admin dashboard benchmark: the dashboard API (read from the rollups; a one-row signed-in read measured beside it
// as the machine's floor) with a small platform (1,000 users, 10,000 usage records) and then a large one (USERS
// users, USAGE usage records over 90 days), same server, same run: latency percentiles, throughput and server
// memory, the rollup job's own time (a full 90-day back-fill and a regular run), what one page would cost computing
// the same 30 days from the raw tables, and EXPLAIN ANALYZE of the admin user search on the trigram index.
//
//   node bench/admin/run.js      (USERS, USAGE, SECONDS, CONNECTIONS, BENCH_POSTGRES_URL, BENCH_REDIS_URL; KEEP_DB=1)
require('reflect-metadata');
require('../support/ts-register');
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { Client } = require('pg');
const { bootApp, dropDatabase, freshDatabase, loadRun, signIn } = require('../support/common');

const SECONDS = Number(process.env.SECONDS ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const LOAD = { connections: CONNECTIONS, seconds: SECONDS };
const USERS = Number(process.env.USERS ?? 50_000);
const USAGE = Number(process.env.USAGE ?? 250_000);
const DB = 'reelty_bench_admin';
const RESULTS = join(__dirname, '..', 'results');
const PASSWORD = 'bench-password-1';

/** `count` users signed up over the last 90 days, and `usage` AI calls by them over the same days. */
async function grow(db, users, usage, tag) {
  await db.query(
    `INSERT INTO users (name, email, handle, password_hash, email_verified_at, created_at)
     SELECT 'Person ' || $2 || g, 'p' || $2 || g || '@bench.test', 'p' || $2 || g, '!', now(),
            now() - ((g % 90) || ' days')::interval - ((g % 1440) || ' minutes')::interval
       FROM generate_series(1, $1) g`,
    [users, tag],
  );
  await db.query(
    `CREATE TEMP TABLE grown AS SELECT id, row_number() OVER () - 1 AS n FROM users WHERE handle LIKE 'p' || $1 || '%'`,
    [tag],
  );
  await db.query(
    `INSERT INTO usage_records (user_id, kind, provider, model, operation, unit, units, cost_usd, created_at)
     SELECT u.id, 'image', (ARRAY['openai', 'replicate', 'stability'])[1 + g % 3], 'm', 'generate', 'image', 1,
            0.002 + (g % 40) / 1000.0, now() - ((g % 90) || ' days')::interval - ((g % 1440) || ' minutes')::interval
       FROM generate_series(1, $1) g JOIN grown u ON u.n = g % $2`,
    [usage, users],
  );
  await db.query(`DROP TABLE grown`);
  await db.query(`ANALYZE users`);
  await db.query(`ANALYZE usage_records`);
}

async function main() {
  const t0 = Date.now();
  const url = await freshDatabase(DB);

  const db = new Client({ connectionString: url });
  await db.connect();
  const { hashPassword } = require('../../src/modules/auth/password');
  await db.query(
    `INSERT INTO users (name, email, handle, password_hash, email_verified_at, role) VALUES ('Admin', 'admin@bench.test', 'admin', $1, now(), 'admin')`,
    [await hashPassword(PASSWORD)],
  );
  await grow(db, 1_000, 10_000, 's');

  const booted = await bootApp(url, 'admin');
  const server = {
    ...booted,
    metrics: booted.app.get(require('../../src/modules/admin/metrics.service').MetricsService),
  };
  const cookie = await signIn(server.base, 'admin@bench.test', PASSWORD);
  const phases = {};
  const measure = async (name) => {
    const rollup = await timed(() => server.metrics.rollup());
    const probe = await fetch(`${server.base}/api/admin/metrics/dashboard`, {
      headers: { Accept: 'application/json', Cookie: cookie },
    });
    if (probe.status !== 200) throw new Error(`dashboard: ${probe.status} ${await probe.text()}`);
    const raw = [];
    for (let i = 0; i < 3; i++) raw.push(await timed(() => rawDashboard(db)));
    const load = await loadRun(server.base, cookie, ['/api/admin/metrics/dashboard'], LOAD);
    // The floor on this machine: a signed-in one-row read through the same stack.
    const floor = await loadRun(server.base, cookie, ['/api/user/credits/image'], LOAD);
    const counts = (
      await db.query(
        `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM usage_records)::int AS usage`,
      )
    ).rows[0];
    phases[name] = {
      ...counts,
      ...load,
      floor_p50: floor.p50,
      floor_p99: floor.p99,
      rss_mb: Math.round(process.memoryUsage().rss / 1e6),
      regular_rollup_ms: rollup,
      raw_30_days_ms: Math.min(...raw),
    };
    console.log(name, JSON.stringify(phases[name]));
  };
  await server.metrics.rollup(); // the first run back-fills 90 days
  await measure('small');

  console.log(`growing to ${USERS} users and ${USAGE} usage records…`);
  const grown = await timed(() => grow(db, USERS - 1_000, USAGE - 10_000, 'l'));
  await db.query(`DELETE FROM admin_metrics_daily`); // so the next run back-fills 90 days over the large tables
  const backfill = await timed(() => server.metrics.rollup());
  await measure('large');

  const plan = await db.query(
    `EXPLAIN (ANALYZE, BUFFERS) SELECT * FROM users u WHERE users_search_text(u.email, u.handle, u.name) LIKE '%l12345%'
     ORDER BY u.created_at DESC, u.id DESC LIMIT 25`,
  );
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, 'admin-user-search-explain.txt'), plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  await db.end();
  await server.close();

  const summary = {
    at: new Date().toISOString(),
    seconds_per_run: SECONDS,
    connections: CONNECTIONS,
    small: phases.small,
    large: phases.large,
    seed_large_s: Math.round(grown / 1000),
    full_backfill_90_days_large_ms: backfill,
    ratio_large_vs_small: {
      p50: +(phases.large.p50 / phases.small.p50).toFixed(2),
      p99: +(phases.large.p99 / phases.small.p99).toFixed(2),
      rps: +(phases.large.rps / phases.small.rps).toFixed(2),
      raw_30_days: +(phases.large.raw_30_days_ms / phases.small.raw_30_days_ms).toFixed(2),
    },
    total_seconds: Math.round((Date.now() - t0) / 1000),
  };
  writeFileSync(join(RESULTS, 'admin.json'), JSON.stringify(summary, null, 2));
  console.log(JSON.stringify(summary, null, 2));
  if (!process.env.KEEP_DB) {
    await dropDatabase(DB);
  }
  process.exit(0);
}

async function timed(work) {
  const started = process.hrtime.bigint();
  await work();
  return Math.round(Number(process.hrtime.bigint() - started) / 1e6);
}

/** What a dashboard without rollups would run per page: every metric for each of the last 30 days, from raw rows. */
async function rawDashboard(db) {
  const { DAILY_METRICS, METRIC_NAMES } = require('../../src/modules/admin/metrics.definitions');
  const today = new Date(new Date().toISOString().slice(0, 10));
  for (let i = 29; i >= 0; i--) {
    const start = new Date(today.getTime() - i * 86_400_000);
    const end = new Date(start.getTime() + 86_400_000);
    await db.query(`SELECT ${METRIC_NAMES.map((m) => `(${DAILY_METRICS[m].sql})`).join(', ')}`, [start, end]);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
