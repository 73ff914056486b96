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
const { fork } = require('node:child_process');
const { mkdirSync, mkdtempSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');

const ADMIN = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.SECONDS ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
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
  const admin = new Client({ connectionString: ADMIN });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB}`);
  await admin.end();
  const url = new URL(ADMIN);
  url.pathname = `/${DB}`;
  const { DataSource } = require('typeorm');
  const { dataSourceOptions } = require('../../src/database/data-source-options');
  const ds = new DataSource(dataSourceOptions(url.toString()));
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  await ds.destroy();

  const db = new Client({ connectionString: url.toString() });
  await db.connect();
  const { hashPassword } = require('../../src/modules/auth/password');
  await db.query(
    `INSERT INTO users (name, email, handle, password_hash, email_verified_at, role) VALUES ('Admin', 'admin@bench.test', 'admin', $1, now(), 'admin')`,
    [await hashPassword(PASSWORD)],
  );
  await grow(db, 1_000, 10_000, 's');

  const server = await boot(url.toString());
  const cookie = await signIn(server.base, 'admin@bench.test');
  const phases = {};
  const measure = async (name) => {
    const rollup = await timed(() => server.metrics.rollup());
    const probe = await fetch(`${server.base}/api/admin/metrics/dashboard`, {
      headers: { Accept: 'application/json', Cookie: cookie },
    });
    if (probe.status !== 200) throw new Error(`dashboard: ${probe.status} ${await probe.text()}`);
    const raw = [];
    for (let i = 0; i < 3; i++) raw.push(await timed(() => rawDashboard(db)));
    const load = await loadRun(server.base, cookie, ['/api/admin/metrics/dashboard']);
    // The floor on this machine: a signed-in one-row read through the same stack.
    const floor = await loadRun(server.base, cookie, ['/api/user/credits/image']);
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
    const a = new Client({ connectionString: ADMIN });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await a.end();
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

async function boot(databaseUrl) {
  const { loadConfig } = require('../../src/config/app-config');
  const { resolveRuntime } = require('../../src/config/runtime');
  const { createApp } = require('../../src/app');
  const { MetricsService } = require('../../src/modules/admin/metrics.service');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    APP_KEY: 'bench-key-0123456789abcdefghijklmnopqrstuvwxyz',
    DATABASE_URL: databaseUrl,
    REDIS_URL: REDIS,
    SEED_DEMO: 'false',
    STORAGE_DIR: mkdtempSync(join(tmpdir(), 'reelty-bench-')),
    LOG_LEVEL: 'error',
  });
  const runtime = await resolveRuntime(config);
  const app = await createApp(config, runtime, { runWorkers: false, redisPrefix: `bench:admin:${Date.now()}` });
  await app.listen(0, '127.0.0.1');
  return {
    base: `http://127.0.0.1:${app.getHttpServer().address().port}`,
    metrics: app.get(MetricsService),
    close: async () => {
      await app.close();
      await runtime.stop();
    },
  };
}

async function signIn(base, email) {
  const jar = new Map();
  const keep = (res) =>
    res.headers.getSetCookie().forEach((c) => {
      const [pair] = c.split(';');
      const [k, ...v] = pair.split('=');
      jar.set(k, v.join('='));
    });
  keep(await fetch(`${base}/login`, { headers: { Accept: 'text/html' }, redirect: 'manual' }));
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      Cookie: cookie(),
      'X-XSRF-TOKEN': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status >= 400) throw new Error(`sign-in failed: ${res.status}`);
  keep(res);
  return cookie();
}

/** autocannon in its own process (the teams bench's generic load child), so its CPU is not the server's. */
function loadRun(base, cookie, paths) {
  return new Promise((resolve, reject) => {
    const spec = {
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { Accept: 'application/json', Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest' },
      requests: paths.map((path) => ({ method: 'GET', path })),
    };
    const child = fork(join(__dirname, '..', 'teams', 'load-child.js'), [], {
      env: { ...process.env, LOAD_SPEC: JSON.stringify(spec) },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load child ${code}`))));
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
