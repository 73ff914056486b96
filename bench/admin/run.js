#!/usr/bin/env node
// Admin dashboard benchmark (issue 18: "dashboard p99 with 1M users and 10M usage rows, showing the rollups keep it
// flat"). Two bench databases, filled by SQL generate_series: small (1,000 users, 10,000 usage rows) and large
// (USERS users, USAGE usage rows over 90 days; kept between runs and reused while its counts match, FRESH=1 makes it
// again). For each: boot the app on it (migrations), run the rollup job (timed: the first run back-fills 90 days,
// then a regular run), then load GET /api/admin/metrics/dashboard, GET /api/admin/metrics?period=week and the
// baseline GET /health with the load generator in its own process (bench/admin/load-child.js): p50/p95/p99,
// throughput, server memory, load average, and the ratios large/small and dashboard/baseline.
//
//   node bench/admin/run.js   (USERS=1000000 USAGE=10000000 ACTIVE_POOL=30000 SECONDS=10 CONNECTIONS=8; FRESH=1;
//                              SEED_ONLY=1 fills the large database and stops)
require('../support/ts-register');
const os = require('node:os');
const { Client } = require('pg');
const bench = require('../support/common');

const SECONDS = Number(process.env.SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 8);
const USERS = Number(process.env.USERS ?? 1_000_000);
const USAGE = Number(process.env.USAGE ?? 10_000_000);
/** Users who make AI calls (the rest only signed up): about 3% of a million, each day's calls spread over them. */
const ACTIVE_POOL = Number(process.env.ACTIVE_POOL ?? 30_000);
const BATCH = 1_000_000;

async function exists(name) {
  const admin = new Client({ connectionString: bench.ADMIN_URL });
  await admin.connect();
  const { rows } = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
  await admin.end();
  return rows.length > 0;
}

/** Counts of the two big tables (null when the database is missing). */
async function counts(name) {
  if (!(await exists(name))) return null;
  const db = new Client({ connectionString: bench.databaseUrl(name) });
  await db.connect();
  try {
    const { rows } = await db.query(
      `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM usage_records)::int AS usage`,
    );
    return rows[0];
  } catch {
    return null;
  } finally {
    await db.end();
  }
}

/**
 * Fills the database (made fresh and migrated when `fresh`) with one admin, `users` users who signed up over the
 * last 90 days and `usage` AI calls over the same days by the first `pool` of them, inserted in batches of a million
 * by generate_series; an interrupted fill goes on from the rows already there. Row triggers and foreign-key checks
 * are off for the bulk insert (session_replication_role = replica): every id inserted is a real user's.
 */
async function seed(name, users, usage, pool, fresh) {
  const url = fresh ? await bench.freshDatabase(name) : bench.databaseUrl(name);
  const db = new Client({ connectionString: url });
  await db.connect();
  await db.query(`SET session_replication_role = replica`);
  await db.query(
    `INSERT INTO users (name, email, handle, password_hash, email_verified_at, role)
     VALUES ('Admin', 'admin@bench.test', 'admin', $1, now(), 'admin') ON CONFLICT DO NOTHING`,
    [await bench.benchPasswordHash()],
  );
  const have = await counts(name);
  for (let lo = have.users; lo <= users; lo += BATCH) {
    await db.query(
      `INSERT INTO users (name, email, handle, password_hash, email_verified_at, created_at)
       SELECT 'Person ' || g, 'p' || g || '@bench.test', 'p' || g, '!', now(),
              now() - ((g % 90) || ' days')::interval - ((g % 1440) || ' minutes')::interval
         FROM generate_series($1::int, $2::int) g`,
      [lo, Math.min(users, lo + BATCH - 1)],
    );
    console.log(`users ${Math.min(users, lo + BATCH - 1)}/${users}`);
  }
  await db.query(
    `CREATE TEMP TABLE pool AS SELECT substr(handle, 2)::int - 1 AS n, id FROM users
      WHERE handle ~ '^p[0-9]+$' AND substr(handle, 2)::int <= $1`,
    [Math.min(pool, users)],
  );
  await db.query(`CREATE UNIQUE INDEX ON pool (n)`);
  // The indexes are built once after the bulk insert (much faster than maintained row by row), same definitions.
  const { rows: indexes } = await db.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'usage_records' AND indexname <> 'usage_records_pkey'`,
  );
  await db.query(`ALTER TABLE usage_records DROP CONSTRAINT IF EXISTS usage_records_pkey`);
  for (const i of indexes) await db.query(`DROP INDEX ${i.indexname}`);
  for (let lo = have.usage + 1; lo <= usage; lo += BATCH) {
    await db.query(
      `INSERT INTO usage_records (user_id, kind, provider, model, operation, unit, units, cost_usd, created_at)
       SELECT p.id, 'image', (ARRAY['openai', 'replicate', 'stability'])[1 + g % 3], 'm', 'generate', 'image', 1,
              0.002 + (g % 40) / 1000.0,
              now() - ((g % 90) || ' days')::interval - ((g % 86400) || ' seconds')::interval
         FROM generate_series($1::int, $2::int) g JOIN pool p ON p.n = (g::bigint * 7919) % $3`,
      [lo, Math.min(usage, lo + BATCH - 1), Math.min(pool, users)],
    );
    console.log(`usage ${Math.min(usage, lo + BATCH - 1)}/${usage}`);
  }
  await db.query(`SET maintenance_work_mem = '256MB'`);
  await db.query(`ALTER TABLE usage_records ADD CONSTRAINT usage_records_pkey PRIMARY KEY (id)`);
  for (const i of indexes) await db.query(i.indexdef);
  console.log('usage indexes rebuilt');
  await db.query(`ANALYZE`);
  await db.end();
}

async function ensure(name, users, usage, fresh) {
  const have = await counts(name);
  if (!fresh && have && have.users >= users && have.usage >= usage) return { seeded_s: 0, reused: true };
  const t = Date.now();
  await seed(name, users, usage, ACTIVE_POOL, fresh || !have);
  return { seeded_s: Math.round((Date.now() - t) / 1000), reused: false, resumed_from: fresh || !have ? null : have };
}

const load = (base, cookie, path) =>
  bench.keepAliveLoadRun(base, cookie, [path], { connections: CONNECTIONS, seconds: SECONDS });

/** Boots the app on the database, runs the rollup job, loads the pages; the figures of one platform size. */
async function phase(name) {
  const server = await bench.bootApp(bench.databaseUrl(name), 'admin');
  try {
    const metrics = server.app.get(require('../../src/modules/admin/metrics.service').MetricsService);
    const db = new Client({ connectionString: bench.databaseUrl(name) });
    await db.connect();
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM admin_metrics_daily`);
    await db.end();
    const [first_rollup_ms] = await bench.timed(() => metrics.rollup());
    const [regular_rollup_ms] = await bench.timed(() => metrics.rollup());
    const cookie = await bench.signIn(server.base, 'admin@bench.test', bench.BENCH_PASSWORD);
    const paths = { dashboard: '/api/admin/metrics/dashboard', metrics: '/api/admin/metrics?period=week' };
    await bench.expectOk(server.base, cookie, Object.values(paths));
    const out = {
      ...(await counts(name)),
      first_rollup_was_backfill: rows[0].n === 0,
      first_rollup_ms,
      regular_rollup_ms,
      baseline_health: await load(server.base, cookie, '/health'),
      dashboard: await load(server.base, cookie, paths.dashboard),
      metrics_week: await load(server.base, cookie, paths.metrics),
      server_rss_mb: Math.round(process.memoryUsage().rss / 1e6),
      loadavg: os.loadavg().map((l) => +l.toFixed(2)),
    };
    console.log(name, JSON.stringify(out));
    return out;
  } finally {
    await server.close();
  }
}

async function main() {
  const t0 = Date.now();
  const large = await ensure('reelty_bench_admin_large', USERS, USAGE, process.env.FRESH === '1');
  console.log('large database', JSON.stringify(large));
  if (process.env.SEED_ONLY === '1') return process.exit(0);
  await ensure('reelty_bench_admin_small', 1_000, 10_000, true);
  const small = await phase('reelty_bench_admin_small');
  const big = await phase('reelty_bench_admin_large');
  const summary = {
    at: new Date().toISOString(),
    seconds_per_run: SECONDS,
    connections: CONNECTIONS,
    active_pool: ACTIVE_POOL,
    large_seed: large,
    small,
    large: big,
    ratio_large_vs_small: {
      dashboard_p50: bench.ratio(big.dashboard.p50, small.dashboard.p50),
      dashboard_p99: bench.ratio(big.dashboard.p99, small.dashboard.p99),
      dashboard_rps: bench.ratio(big.dashboard.rps, small.dashboard.rps),
      metrics_p99: bench.ratio(big.metrics_week.p99, small.metrics_week.p99),
      baseline_p99: bench.ratio(big.baseline_health.p99, small.baseline_health.p99),
    },
    ratio_dashboard_vs_baseline_p99: {
      small: bench.ratio(small.dashboard.p99, small.baseline_health.p99),
      large: bench.ratio(big.dashboard.p99, big.baseline_health.p99),
    },
    total_seconds: Math.round((Date.now() - t0) / 1000),
  };
  bench.writeResult('admin.json', summary);
  console.log(JSON.stringify(summary, null, 2));
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
