#!/usr/bin/env node
// Creator metrics benchmark (issue 22: a creator's own analytics from rollups). One bench database filled by SQL
// generate_series: CREATORS creators with DAYS days of per-creator rollups and as many per-content rows (one spot a
// creator a day), and VIEWS raw plays on one day for the rollup job. Boots the app on it, times the rollup of that
// day (twice: a re-run replaces the same rows), then loads GET /api/metrics/creator (30-day preset by day, and a
// year by week) and the baseline GET /health with the load generator in its own process (bench/admin/load-child.js):
// p50/p95/p99, throughput, the ratio to the baseline, server memory and load average.
//
//   node bench/creator-metrics/run.js   (CREATORS=10000 DAYS=365 VIEWS=2000000 SECONDS=10 CONNECTIONS=8; FRESH=1)
require('../support/ts-register');
const os = require('node:os');
const { Client } = require('pg');
const bench = require('../support/common');

const SECONDS = Number(process.env.SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 8);
const CREATORS = Number(process.env.CREATORS ?? 10_000);
const DAYS = Number(process.env.DAYS ?? 365);
const VIEWS = Number(process.env.VIEWS ?? 2_000_000);
const NAME = 'reelty_bench_creator_metrics';
const BATCH = 1_000_000;

const dbUrl = () => bench.databaseUrl(NAME);

/** The counts already there (null when the database is missing or not filled). */
async function counts() {
  const db = new Client({ connectionString: dbUrl() });
  try {
    await db.connect();
    const { rows } = await db.query(
      `SELECT (SELECT count(*) FROM users WHERE handle LIKE 'c%')::int AS creators,
              (SELECT count(*) FROM creator_metrics_daily)::int AS daily,
              (SELECT count(*) FROM creator_video_views)::int AS views`,
    );
    return rows[0];
  } catch {
    return null;
  } finally {
    await db.end().catch(() => undefined);
  }
}

/**
 * Creators c1..cN (c1 signs in), their rollups for DAYS days up to yesterday, one spot each, and VIEWS plays today
 * spread over their spots; indexes are kept (the rollup's reads use them as in production).
 */
async function seed() {
  await bench.freshDatabase(NAME);
  const db = new Client({ connectionString: dbUrl() });
  await db.connect();
  await db.query(`SET session_replication_role = replica`);
  await db.query(
    `INSERT INTO users (name, email, handle, password_hash, email_verified_at, type)
     SELECT 'Creator ' || g, 'c' || g || '@bench.test', 'c' || g, CASE WHEN g = 1 THEN $2 ELSE '!' END, now(), 'realtor'
     FROM generate_series(1, $1::int) g`,
    [CREATORS, await bench.benchPasswordHash()],
  );
  await db.query(
    `CREATE TEMP TABLE c AS SELECT substr(handle, 2)::int AS n, id, gen_random_uuid() AS wt, gen_random_uuid() AS spot
     FROM users WHERE handle ~ '^c[0-9]+$'`,
  );
  await db.query(`CREATE UNIQUE INDEX ON c (n)`);
  await db.query(
    `INSERT INTO walkthroughs (id, slug, user_id, title, published) SELECT wt, 'w' || n, id, 'Tour', true FROM c`,
  );
  await db.query(
    `INSERT INTO spots (id, slug, user_id, walkthrough_id, title, published) SELECT spot, 's' || n, id, wt, 'Spot', true FROM c`,
  );
  for (let lo = 1; lo <= CREATORS; lo += Math.max(1, Math.floor(BATCH / DAYS))) {
    const hi = Math.min(CREATORS, lo + Math.max(1, Math.floor(BATCH / DAYS)) - 1);
    await db.query(
      `INSERT INTO creator_metrics_daily (creator_id, day, spot_views, spot_watch_ms, spot_completions, walkthrough_views,
         walkthrough_watch_ms, walkthrough_completions, new_followers, design_shares, listing_inquiries)
       SELECT c.id, current_date - d, (c.n + d) % 50, ((c.n + d) % 50) * 9000, (c.n + d) % 20, (c.n * d) % 10,
         ((c.n * d) % 10) * 60000, (c.n * d) % 4, (c.n + d) % 3, d % 2, (c.n + d) % 5 / 4
       FROM c CROSS JOIN generate_series(1, $3::int) d WHERE c.n BETWEEN $1 AND $2`,
      [lo, hi, DAYS],
    );
    await db.query(
      `INSERT INTO creator_content_daily (content_id, day, creator_id, kind, views, watch_ms, completions)
       SELECT c.spot, current_date - d, c.id, 'spot', (c.n + d) % 50, ((c.n + d) % 50) * 9000, (c.n + d) % 20
       FROM c CROSS JOIN generate_series(1, $3::int) d WHERE c.n BETWEEN $1 AND $2`,
      [lo, hi, DAYS],
    );
    console.log(`rollups for creators ${hi}/${CREATORS}`);
  }
  for (let lo = 1; lo <= VIEWS; lo += BATCH) {
    await db.query(
      `INSERT INTO creator_video_views (content_id, day, viewer, kind, creator_id, watch_ms, completed)
       SELECT c.spot, current_date, 's:' || g, 'spot', c.id, (g % 30) * 1000, g % 3 = 0
       FROM generate_series($1::int, $2::int) g JOIN c ON c.n = 1 + (g::bigint * 7919) % $3`,
      [lo, Math.min(VIEWS, lo + BATCH - 1), CREATORS],
    );
    console.log(`plays ${Math.min(VIEWS, lo + BATCH - 1)}/${VIEWS}`);
  }
  await db.query(`ANALYZE`);
  await db.end();
}

const load = (base, cookie, path) =>
  bench.keepAliveLoadRun(base, cookie, [path], { connections: CONNECTIONS, seconds: SECONDS });

async function main() {
  const t0 = Date.now();
  const have = await counts();
  const reuse =
    process.env.FRESH !== '1' &&
    have &&
    have.creators >= CREATORS &&
    have.daily >= CREATORS * DAYS &&
    have.views >= VIEWS;
  const [seed_ms] = reuse ? [0] : await bench.timed(seed);
  const server = await bench.bootApp(dbUrl(), 'creator-metrics');
  try {
    const { CreatorRollupService } = require('../../src/modules/creator-metrics');
    const rollups = server.app.get(CreatorRollupService);
    const today = new Date().toISOString().slice(0, 10);
    const rssBefore = process.memoryUsage().rss;
    const [rollup_day_ms] = await bench.timed(() => rollups.rollupDay(today));
    const [rollup_rerun_ms] = await bench.timed(() => rollups.rollupDay(today));
    const cookie = await bench.signIn(server.base, 'c1@bench.test', bench.BENCH_PASSWORD);
    const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const paths = {
      month_by_day: '/api/metrics/creator?range=30d',
      year_by_week: `/api/metrics/creator?from=${from}&to=${today}&period=week`,
    };
    await bench.expectOk(server.base, cookie, Object.values(paths));
    const baseline = await load(server.base, cookie, '/health');
    const month = await load(server.base, cookie, paths.month_by_day);
    const year = await load(server.base, cookie, paths.year_by_week);
    const out = {
      at: new Date().toISOString(),
      creators: CREATORS,
      days: DAYS,
      rollup_rows: (await counts()).daily,
      plays_on_rolled_day: VIEWS,
      reused_database: Boolean(reuse),
      seed_ms,
      rollup_day_ms,
      rollup_rerun_ms,
      rollup_rss_growth_mb: Math.round((process.memoryUsage().rss - rssBefore) / 1e6),
      baseline_health: baseline,
      month_by_day: month,
      year_by_week: year,
      ratio_vs_baseline: {
        month_p50: bench.ratio(month.p50, baseline.p50),
        month_p99: bench.ratio(month.p99, baseline.p99),
        year_p99: bench.ratio(year.p99, baseline.p99),
        month_rps: bench.ratio(month.rps, baseline.rps),
      },
      server_rss_mb: Math.round(process.memoryUsage().rss / 1e6),
      loadavg: os.loadavg().map((l) => +l.toFixed(2)),
      total_s: Math.round((Date.now() - t0) / 1000),
    };
    console.log(JSON.stringify(out, null, 2));
  } finally {
    await server.close();
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
