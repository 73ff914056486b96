#!/usr/bin/env node
/**
 * Foundation benchmark (`npm run bench:foundation`, which builds first). Loopback only, bounded.
 *
 * Boots the built app (dist/src/main.js) in production mode on a fresh PostgreSQL database and the
 * local Redis, signs in the demo realtor, then measures with autocannon:
 *   - a logged-in Inertia JSON visit of /dashboard (X-Inertia + the current asset version),
 *   - GET /api/user/{id} for that user (skipped with a note while the route does not answer 200),
 *   - GET /health (database + Redis + queue probes),
 * each at a fixed rate (500 req/s for 20 s) and at maximum throughput (10 connections, 10 s),
 * sampling the server's RSS and CPU. A bare Express app answering a static JSON is measured the
 * same way in the same run, as the baseline. Results: a table on stdout and
 * bench/results/foundation-latest.json.
 *
 * Settings (environment): BENCH_RATE (500), BENCH_FIXED_SECONDS (20), BENCH_MAX_SECONDS (10),
 * BENCH_CONNECTIONS (10), BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_REDIS_URL (redis://127.0.0.1:6379/12).
 */
const autocannon = require('autocannon');
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const Redis = require('ioredis');
const { round, rssMb, sampler } = require('../support/built-app');

const ROOT = path.resolve(__dirname, '../..');
const RATE = Number(process.env.BENCH_RATE ?? 500);
const FIXED_SECONDS = Number(process.env.BENCH_FIXED_SECONDS ?? 20);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_SECONDS = 3;
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
const DEMO = { email: 'realtor@reelty.test', password: 'realtor-demo-1' };
const HARD_LIMIT_MS = 8 * 60_000;

const children = new Set();
const cleanups = [];
const guard = setTimeout(() => {
  console.error(`Benchmark exceeded ${HARD_LIMIT_MS / 60_000} minutes: stopping.`);
  void shutdown(1);
}, HARD_LIMIT_MS);

async function shutdown(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  for (const cleanup of cleanups.reverse())
    await cleanup().catch((error) => console.error(`cleanup: ${error.message}`));
  clearTimeout(guard);
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(130));

function freePort() {
  return new Promise((done, fail) => {
    const server = net.createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Starts a node process and resolves once its output matches `ready`. */
function startProcess(name, args, env, ready) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let output = '';
    const timer = setTimeout(() => fail(new Error(`${name} did not start within 120 s:\n${output}`)), 120_000);
    const onData = (chunk) => {
      output += chunk.toString();
      if (output.length > 200_000) output = output.slice(-100_000);
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout.removeAllListeners('data');
        child.stdout.resume(); // keep draining (request logs) without holding them
        done({ child, match });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`${name} exited with ${code} before it was ready:\n${output}`));
    });
  });
}

function stopProcess(child) {
  return new Promise((done) => {
    if (child.exitCode !== null) return done();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      children.delete(child);
      done();
    });
    child.kill('SIGTERM');
  });
}

function cannon(options) {
  return new Promise((done, fail) => {
    autocannon({ ...options, connections: options.connections ?? CONNECTIONS, timeout: 10 }, (error, result) =>
      error ? fail(error) : done(result),
    );
  });
}

async function measure(target, pid, mode) {
  const options = { url: target.url, headers: target.headers, method: 'GET' };
  const sample = sampler(pid);
  const result =
    mode === 'fixed'
      ? await cannon({ ...options, duration: FIXED_SECONDS, overallRate: RATE })
      : await cannon({ ...options, duration: MAX_SECONDS });
  const { rssMaxMb, rssEndMb, cpuPercent, cpuSeconds } = sample();
  return {
    target: target.name,
    mode: mode === 'fixed' ? `${RATE} req/s, ${FIXED_SECONDS} s` : `max, ${CONNECTIONS} conn, ${MAX_SECONDS} s`,
    requestsPerSecond: round(result.requests.average),
    total: result.requests.total,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    rssMaxMb,
    rssEndMb,
    cpuPercent,
    // Server CPU time per request: less sensitive than latency to other work competing for the cores.
    cpuMsPerRequest: result.requests.total ? round((1000 * cpuSeconds) / result.requests.total, 2) : null,
  };
}

/** A tiny cookie jar for the sign-in. */
class Browser {
  constructor(base) {
    this.base = base;
    this.cookies = new Map();
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async fetch(url, init = {}) {
    const res = await fetch(this.base + url, {
      redirect: 'manual',
      ...init,
      headers: { Cookie: this.header(), ...(init.headers ?? {}) },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }
  get xsrf() {
    return decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
  }
}

async function redisAnswers(url) {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

function table(rows, baseline) {
  const head = [
    'target',
    'load',
    'req/s',
    'p50 ms',
    'p97.5 ms',
    'p99 ms',
    'max ms',
    'non-2xx',
    'errors',
    'RSS max MB',
    'CPU %',
    'CPU ms/req',
    'vs baseline',
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of rows) {
    const base = baseline.find((b) => b.mode === r.mode);
    const ratio =
      r.target === 'baseline' || !base
        ? '1'
        : r.mode.startsWith('max')
          ? `${round(r.requestsPerSecond / base.requestsPerSecond, 2)}x req/s`
          : `${round(r.p99 / Math.max(base.p99, 1), 1)}x p99`;
    lines.push(
      `| ${[r.target, r.mode, r.requestsPerSecond, r.p50, r.p97_5, r.p99, r.max, r.non2xx, r.errors, r.rssMaxMb, r.cpuPercent, r.cpuMsPerRequest, ratio].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'dist/src/main.js')))
    throw new Error('dist/ is missing: run `npm run build` (npm run bench:foundation does).');

  // A database of its own, dropped at the end.
  const dbName = `reelty_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  await admin.connect().catch((error) => {
    throw new Error(
      `PostgreSQL does not answer at ${POSTGRES_ADMIN_URL} (${error.message}); start it or set BENCH_POSTGRES_URL`,
    );
  });
  await admin.query(`CREATE DATABASE "${dbName}"`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  });
  const databaseUrl = new URL(POSTGRES_ADMIN_URL);
  databaseUrl.pathname = `/${dbName}`;
  const withRedis = await redisAnswers(REDIS_URL);
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelty-bench-'));
  cleanups.push(async () => fs.rmSync(storageDir, { recursive: true, force: true }));

  const port = await freePort();
  const env = { ...process.env };
  for (const name of Object.keys(env))
    if (/^(DATABASE_|REDIS_|LOCAL_|APP_|SEED_|LOG_LEVEL$|RUN_WORKERS$|STORAGE_)/.test(name)) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    APP_KEY: randomBytes(36).toString('base64'),
    DATABASE_URL: databaseUrl.toString(),
    STORAGE_DIR: storageDir,
    SEED_DEMO: 'true',
    ...(withRedis ? { REDIS_URL } : { LOCAL_REDIS_URL: 'redis://127.0.0.1:1' }),
  });
  console.log(
    `Starting the app (production mode, PostgreSQL ${dbName}, ${withRedis ? `Redis ${REDIS_URL}` : 'no Redis: in-process jobs'})...`,
  );
  const { child: app } = await startProcess('the app', ['dist/src/main.js'], env, /is up at/);
  cleanups.push(() => stopProcess(app));
  const base = `http://127.0.0.1:${port}`;

  const { child: baselineServer, match } = await startProcess(
    'the baseline',
    [path.join(__dirname, 'baseline-server.js')],
    process.env,
    /listening (\d+)/,
  );
  cleanups.push(() => stopProcess(baselineServer));
  const baselineUrl = `http://127.0.0.1:${match[1]}/json`;

  // Sign in as the demo realtor, as a browser does: token cookie first, then the JSON login.
  const browser = new Browser(base);
  await browser.fetch('/', { headers: { Accept: 'text/html' } });
  const login = await browser.fetch('/login', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': browser.xsrf,
    },
    body: JSON.stringify(DEMO),
  });
  if (login.status >= 400) throw new Error(`Sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = browser.header();

  const inertiaHeaders = {
    Cookie: cookie,
    'X-Inertia': 'true',
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'text/html, application/xhtml+xml',
  };
  const first = await browser.fetch('/dashboard', { headers: inertiaHeaders });
  const page = first.status === 200 ? await first.json() : null;
  if (!page?.component) throw new Error(`The Inertia visit of /dashboard did not answer a page: ${first.status}`);
  const versionHeaders = page.version ? { 'X-Inertia-Version': String(page.version) } : {};

  const userDb = new Client({ connectionString: databaseUrl.toString() });
  await userDb.connect();
  const { rows } = await userDb.query('SELECT id FROM users WHERE email = $1', [DEMO.email]);
  await userDb.end();
  const userId = rows[0].id;

  const targets = [
    { name: 'baseline', url: baselineUrl, headers: {}, pid: baselineServer.pid },
    {
      name: `/dashboard (Inertia JSON, ${page.component})`,
      url: `${base}/dashboard`,
      headers: { ...inertiaHeaders, ...versionHeaders },
      pid: app.pid,
    },
  ];
  const notes = [];
  const apiUser = await fetch(`${base}/api/user/${userId}`, {
    headers: { Cookie: cookie, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  if (apiUser.status === 200) {
    targets.push({
      name: 'GET /api/user/{id} (signed in)',
      url: `${base}/api/user/${userId}`,
      headers: { Cookie: cookie, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      pid: app.pid,
    });
  } else {
    notes.push(`GET /api/user/{id} answered ${apiUser.status}: not measured yet.`);
  }
  targets.push({ name: 'GET /health', url: `${base}/health`, headers: { Accept: 'application/json' }, pid: app.pid });

  const loadBefore = os.loadavg().map((l) => round(l, 2));
  if (loadBefore[0] > os.cpus().length * 0.5) {
    console.log(
      `WARNING: load average ${loadBefore.join(' ')} on ${os.cpus().length} CPUs: other work competes with the benchmark, figures will be pessimistic.`,
    );
  }
  const idleRssMb = round(rssMb(app.pid));
  const results = [];
  for (const target of targets) {
    await cannon({ url: target.url, headers: target.headers, duration: WARMUP_SECONDS }); // JIT and pools warm
    for (const mode of ['fixed', 'max']) {
      const row = await measure(target, target.pid, mode);
      results.push(row);
      console.log(
        `${row.target} @ ${row.mode}: ${row.requestsPerSecond} req/s, p50 ${row.p50} ms, p97.5 ${row.p97_5} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, RSS ${row.rssMaxMb} MB`,
      );
    }
  }

  const baseline = results.filter((r) => r.target === 'baseline');
  const summary = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      memoryGb: round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    loadAverage: { before: loadBefore, after: os.loadavg().map((l) => round(l, 2)) },
    app: { mode: 'production', redis: withRedis, idleRssMb },
    settings: { rate: RATE, fixedSeconds: FIXED_SECONDS, maxSeconds: MAX_SECONDS, connections: CONNECTIONS },
    results,
    notes,
  };
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/results/foundation-latest.json'), JSON.stringify(summary, null, 2));
  console.log(
    `\n${summary.machine.cpus} CPUs (${summary.machine.model}), Node ${process.version}; app idle RSS ${idleRssMb} MB; load average before ${loadBefore.join(' ')}, after ${summary.loadAverage.after.join(' ')}\n`,
  );
  console.log(table(results, baseline));
  for (const note of notes) console.log(`\nNote: ${note}`);
  const dashboardFixed = results.find((r) => r.target.startsWith('/dashboard') && !r.mode.startsWith('max'));
  const bad = results.filter((r) => r.non2xx || r.errors);
  if (bad.length)
    console.log(`\nWARNING: non-2xx or errors in ${bad.map((r) => `${r.target} @ ${r.mode}`).join(', ')}`);
  console.log(
    `\nTarget p99 < 20 ms at ${RATE} req/s: /dashboard p99 ${dashboardFixed.p99} ms -> ${dashboardFixed.p99 < 20 ? 'met' : 'MISSED'}`,
  );
  console.log('Written: bench/results/foundation-latest.json');
}

main().then(
  () => shutdown(0),
  (error) => {
    console.error(`Benchmark failed: ${error.message}`);
    void shutdown(1);
  },
);
