// What the benchmarks share: `--name value` arguments, a bound on the run time, percentiles, a fresh database with
// the real migrations, and a signed-in session on the app under test.
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
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  if (!migrate) return url.toString();
  const { DataSource } = require('typeorm');
  const { dataSourceOptions } = require('../../src/database/data-source-options');
  const ds = new DataSource(dataSourceOptions(url.toString()));
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  await ds.destroy();
  return url.toString();
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
  keep(await fetch(`${base}/login`, { headers: { Accept: 'text/html' }, redirect: 'manual' }));
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(
    await fetch(`${base}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Cookie: cookie(),
        'X-XSRF-TOKEN': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
      },
      body: JSON.stringify({ email, password }),
    }),
  );
  return cookie();
}

module.exports = {
  signIn,
  parseArgs,
  abortAfter,
  percentile,
  latencySummary,
  freshDatabase,
  dropDatabase,
  ADMIN_URL,
  REDIS_URL,
};
