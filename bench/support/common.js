// What the benchmarks share: `--name value` arguments, a bound on the run time, percentiles, a fresh database with
// the real migrations, the app booted in this process, a signed-in session on it, and load generators run in their
// own processes (so their CPU is not counted against the server's event loop).
const { fork } = require('node:child_process');
const { mkdirSync, mkdtempSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');

/**
 * `--name value` pairs from the command line over `defaults`: a value becomes a number where the default is a
 * number (or the default is absent and the value is numeric); `--flag` without a value is `true`.
 *   const { rounds, timeout } = parseArgs({ rounds: 500, timeout: 600 });
 */
function parseArgs(defaults = {}, argv = process.argv.slice(2)) {
  const args = { ...defaults };
  argv.forEach((arg, i) => {
    if (!arg.startsWith('--')) return;
    const name = arg.slice(2);
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) return void (args[name] = true);
    const numeric =
      typeof defaults[name] === 'number' || (defaults[name] === undefined && /^-?\d+(\.\d+)?$/.test(next));
    args[name] = numeric ? Number(next) : typeof defaults[name] === 'boolean' ? next !== 'false' : next;
  });
  return args;
}

/** Ends the process with status 2 when the benchmark runs longer than `seconds`. */
function abortAfter(seconds) {
  const timer = setTimeout(() => {
    console.error(`benchmark exceeded ${seconds}s, aborting`);
    process.exit(2);
  }, seconds * 1000);
  timer.unref();
  return timer;
}

/** The value at percentile `p` (0-100) of `values` (any order): the nearest rank at or above p. */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Count, p50, p95, p99 and max of latency samples. */
function latencySummary(values) {
  return {
    n: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: Math.max(...values),
  };
}

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The URL of database `name` on the benchmark's PostgreSQL server. */
function databaseUrl(name) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Drops and creates database `name` on the benchmark's PostgreSQL server and runs the real migrations on it
 * (unless `migrate: false`: the app under test migrates it). Returns its URL; `dropDatabase(name)` removes it.
 */
async function freshDatabase(name, { migrate = true } = {}) {
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = databaseUrl(name);
  if (!migrate) return url;
  const { DataSource } = require('typeorm');
  const { dataSourceOptions } = require('../../src/database/data-source-options');
  const ds = new DataSource(dataSourceOptions(url));
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  await ds.destroy();
  return url;
}

/** `freshDatabase(name)` and a pg client connected to it (the caller ends it): `{ url, db }`. */
async function freshClient(name) {
  const url = await freshDatabase(name);
  const db = new Client({ connectionString: url });
  await db.connect();
  return { url, db };
}

async function dropDatabase(name) {
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/** Signs in like a browser (session and XSRF cookies) and answers the Cookie header for later requests. */
async function signIn(base, email, password) {
  const jar = new Map();
  const keep = (res) =>
    res.headers.getSetCookie().forEach((c) => {
      const [pair] = c.split(';');
      const [k, ...v] = pair.split('=');
      jar.set(k, v.join('='));
    });
  const page = await fetch(`${base}/login`, { headers: { Accept: 'text/html' }, redirect: 'manual' });
  // The session (holding the anti-forgery token) is saved as the response ends: read it to the end before posting.
  await page.arrayBuffer();
  keep(page);
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
    body: JSON.stringify({ email, password }),
  });
  if (res.status >= 400) throw new Error(`sign-in as ${email} failed: ${res.status}`);
  keep(res);
  return cookie();
}

/** The password of the users the benchmarks seed, and its hash as the app stores it. */
const BENCH_PASSWORD = 'bench-password-1';
const benchPasswordHash = () => require('../../src/modules/auth/password').hashPassword(BENCH_PASSWORD);

const BENCH_APP_KEY = 'bench-key-0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * The app in this process on `databaseUrl` (no queue workers, no demo seed, a Redis prefix of its own), listening
 * on a free port: `{ app, base, close }`. `env` overrides settings (the tests' NODE_ENV=test and APP_KEY otherwise);
 * `runWorkers` starts the queue workers too, `redisPrefix` replaces the prefix.
 */
async function bootApp(
  databaseUrl,
  area,
  env = {},
  { runWorkers = false, redisPrefix = `bench:${area}:${Date.now()}` } = {},
) {
  const { loadConfig } = require('../../src/config/app-config');
  const { resolveRuntime } = require('../../src/config/runtime');
  const { createApp } = require('../../src/app');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    APP_KEY: BENCH_APP_KEY,
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    SEED_DEMO: 'false',
    STORAGE_DIR: mkdtempSync(join(tmpdir(), 'reelty-bench-')),
    LOG_LEVEL: 'error',
    ...env,
  });
  const runtime = await resolveRuntime(config);
  const app = await createApp(config, runtime, { runWorkers, redisPrefix });
  await app.listen(0, '127.0.0.1');
  return {
    app,
    base: `http://127.0.0.1:${app.getHttpServer().address().port}`,
    close: async () => {
      await app.close();
      await runtime.stop();
    },
  };
}

/** Runs `file` (a load generator) in its own process with `spec` as JSON in `envName`; answers the JSON it prints. */
function runChild(file, spec, envName = 'LOAD_SPEC') {
  return new Promise((resolve, reject) => {
    const child = fork(file, [], {
      env: { ...process.env, [envName]: JSON.stringify(spec) },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${file} exited ${code}`))));
  });
}

/** Fails unless every path answers 200 to `cookie`: a load run of errors would measure nothing. */
async function expectOk(base, cookie, paths) {
  for (const path of paths) {
    const probe = await fetch(base + path, { headers: { Accept: 'application/json', Cookie: cookie } });
    if (probe.status !== 200) throw new Error(`${path}: ${probe.status} ${await probe.text()}`);
  }
}

/**
 * autocannon in its own process (load-child.js): `connections` clients send `requests` in turn for `seconds`, signed
 * in with `cookie`. A request is a path to GET or an autocannon request (`{ method, path, body }`); `headers` replace
 * the default ones (JSON, `cookie`, XHR). Answers requests, rps, p50/p97.5/p99/max, non-2xx and errors.
 */
function loadRun(base, cookie, requests, { connections = 10, seconds = 8, headers } = {}) {
  return runChild(join(__dirname, 'load-child.js'), {
    url: base,
    connections,
    duration: seconds,
    headers: headers ?? { Accept: 'application/json', Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest' },
    requests: requests.map((request) => (typeof request === 'string' ? { method: 'GET', path: request } : request)),
  });
}

const RESULTS_DIR = join(__dirname, '..', 'results');

/** Writes `data` to bench/results/`file` (the folder made if missing): a string as it is, anything else as JSON. */
function writeResult(file, data) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, file), typeof data === 'string' ? data : JSON.stringify(data, null, 2));
}

/** `EXPLAIN (ANALYZE, BUFFERS)` of each `[label, sql, params]` on `db`: the plans as one text, each under `-- label`. */
async function explainAll(db, statements) {
  const plans = [];
  for (const [label, sql, params] of statements) {
    const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    plans.push(`-- ${label}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
  }
  return plans.join('\n');
}

/** Runs `work` (a load run answering an object) and adds this process's RSS after it and its growth over it, in MB. */
async function withRss(work) {
  const before = process.memoryUsage().rss;
  const run = await work();
  run.rss_mb = Math.round(process.memoryUsage().rss / 1e6);
  run.rss_growth_mb = Math.round((process.memoryUsage().rss - before) / 1e6);
  return run;
}

/** `expectOk` on `paths`, then `loadRun` of them with the RSS around it (`withRss`), printed under `name`. */
async function loadRunOk(name, base, cookie, paths, options) {
  await expectOk(base, cookie, paths);
  const run = await withRss(() => loadRun(base, cookie, paths, options));
  console.log(name, JSON.stringify(run));
  return run;
}

/** Writes `summary` to bench/results/`file` and prints it; then drops database `name` unless KEEP_DB is set. */
async function finish(file, summary, name) {
  writeResult(file, summary);
  console.log(JSON.stringify(summary, null, 2));
  if (!process.env.KEEP_DB) await dropDatabase(name);
}

/**
 * The keep-alive load generator (bench/admin/load-child.js) in its own process: `connections` clients GET `paths` in
 * turn for `seconds`, signed in with `cookie`. Answers requests, rps, p50/p95/p99/max and failures.
 */
function keepAliveLoadRun(base, cookie, paths, { connections, seconds }) {
  return runChild(join(__dirname, '..', 'admin', 'load-child.js'), {
    url: base,
    connections,
    seconds,
    paths,
    headers: { Accept: 'application/json', Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest' },
  });
}

/**
 * Loads many properties fast: `insert(db)` runs with the history trigger off and every index that is not a
 * constraint dropped, then each index is rebuilt from its own definition (one sort per index instead of a million
 * random-position inserts into each) and the table analysed. Answers the seconds each part took.
 */
async function bulkLoadProperties(db, insert) {
  const seedStart = Date.now();
  await db.query(`ALTER TABLE properties DISABLE TRIGGER properties_history`);
  await db.query(`ALTER TABLE properties SET (autovacuum_enabled = false)`);
  const secondary = (
    await db.query(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
        WHERE i.tablename = 'properties' AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    )
  ).rows;
  for (const { indexname } of secondary) await db.query(`DROP INDEX "${indexname}"`);
  await insert(db);
  const indexStart = Date.now();
  for (const { indexdef } of secondary) await db.query(indexdef);
  await db.query(`ALTER TABLE properties ENABLE TRIGGER properties_history`);
  await db.query(`ALTER TABLE properties SET (autovacuum_enabled = true)`);
  await db.query(`VACUUM ANALYZE properties`);
  return {
    seedSeconds: ((indexStart - seedStart) / 1000).toFixed(1),
    indexSeconds: ((Date.now() - indexStart) / 1000).toFixed(1),
    indexCount: secondary.length,
  };
}

/**
 * Runs `work` (a load run in another process against the app in this one) and adds the app's CPU per request (this
 * process's user + system time over the run's `requests`) and its RSS afterwards.
 */
async function withAppCpu(work) {
  const cpu = process.cpuUsage();
  const run = await work();
  const used = process.cpuUsage(cpu);
  return {
    ...run,
    app_cpu_ms_per_request: Math.round(((used.user + used.system) / 1000 / run.requests) * 100) / 100,
    app_rss_mb: Math.round(process.memoryUsage().rss / 1e6),
  };
}

/**
 * A product of the platform's catalogue with one USD variant, straight into the database (benches seed this way):
 * `product` {slug, title, category, kind}, `variant` {sku, name, priceMinor, stock?, boostDays?}. Answers
 * `{ productId, variantId }`.
 */
async function insertProduct(db, product, variant) {
  const [{ id: productId }] = (
    await db.query(
      `INSERT INTO products (slug, title, department, category, kind) VALUES ($1, $2, 'real_estate', $3, $4) RETURNING id`,
      [product.slug, product.title, product.category, product.kind],
    )
  ).rows;
  const [{ id: variantId }] = (
    await db.query(
      `INSERT INTO product_variants (product_id, sku, name, price_minor, currency, stock, boost_days)
       VALUES ($1, $2, $3, $4, 'USD', $5, $6) RETURNING id`,
      [productId, variant.sku, variant.name, variant.priceMinor, variant.stock ?? null, variant.boostDays ?? null],
    )
  ).rows;
  return { productId, variantId };
}

/** Runs `work` and answers `[milliseconds it took, what it resolved to]`. */
async function timed(work) {
  const started = process.hrtime.bigint();
  const result = await work();
  return [Math.round(Number(process.hrtime.bigint() - started) / 1e6), result];
}

/** `a / b` to two decimals. */
const ratio = (a, b) => +(a / b).toFixed(2);

/** p50, p99 and requests/s of load run `run` over those of `baseline`, to two decimals. */
function ratios(run, baseline) {
  return { p50: ratio(run.p50, baseline.p50), p99: ratio(run.p99, baseline.p99), rps: ratio(run.rps, baseline.rps) };
}

module.exports = {
  bulkLoadProperties,
  insertProduct,
  withAppCpu,
  databaseUrl,
  writeResult,
  explainAll,
  withRss,
  loadRunOk,
  finish,
  ratios,
  ratio,
  timed,
  keepAliveLoadRun,
  signIn,
  bootApp,
  BENCH_APP_KEY,
  BENCH_PASSWORD,
  benchPasswordHash,
  runChild,
  expectOk,
  loadRun,
  parseArgs,
  abortAfter,
  percentile,
  latencySummary,
  freshDatabase,
  freshClient,
  dropDatabase,
  ADMIN_URL,
  REDIS_URL,
};
