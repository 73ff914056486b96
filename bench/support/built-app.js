// Starts the built app (dist/src/main.js) in production mode with the demo data on a fresh PostgreSQL
// database and the local Redis, in its own process; `stop()` ends it and drops the database.
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');

const ROOT = path.resolve(__dirname, '../..');
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** CPU ticks (user + system) the process has used, from /proc. */
function cpuTicks(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** `value` rounded to `digits` decimals. */
const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Resident memory of the process, in MB, from /proc. */
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/**
 * Samples the process's RSS every 200 ms from now; the function it answers stops and reports: `rssMaxMb` and
 * `rssEndMb` (rounded to 0.1), `cpuPercent` of one core, `cpuSeconds` used and the `seconds` sampled.
 */
function sampler(pid) {
  const cpu = () => cpuTicks(pid) / 100; // USER_HZ on Linux
  const startCpu = cpu();
  const startedAt = Date.now();
  let maxRss = rssMb(pid);
  const timer = setInterval(() => (maxRss = Math.max(maxRss, rssMb(pid))), 200);
  return () => {
    clearInterval(timer);
    const seconds = (Date.now() - startedAt) / 1000;
    const cpuSeconds = cpu() - startCpu;
    return {
      rssMaxMb: round(Math.max(maxRss, rssMb(pid))),
      rssEndMb: round(rssMb(pid)),
      cpuPercent: round((100 * cpuSeconds) / seconds),
      cpuSeconds,
      seconds,
    };
  };
}

/** Resolves once the process used (almost) no CPU for `seconds` in a row (the seed's work is done). */
async function waitUntilIdle(pid, seconds, limitMs = 300_000) {
  const started = Date.now();
  let quiet = 0;
  while (quiet < seconds && Date.now() - started < limitMs) {
    const before = cpuTicks(pid);
    await sleep(1000);
    quiet = cpuTicks(pid) - before <= 2 ? quiet + 1 : 0;
  }
}

async function startBuiltApp({ env: extraEnv = {}, nodeArgs = [], main = 'dist/src/main.js' } = {}) {
  if (!fs.existsSync(path.join(ROOT, 'dist/src/main.js'))) throw new Error('Run `npm run build` first.');
  const dbName = `reelty_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const dbUrl = new URL(POSTGRES_ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelty-bench-app-'));
  const env = { ...process.env };
  for (const name of Object.keys(env))
    if (/^(DATABASE_|REDIS_|LOCAL_|APP_|SEED_|LOG_LEVEL$|RUN_WORKERS$|STORAGE_)/.test(name)) delete env[name];
  const port = 20000 + Math.floor(Math.random() * 20000);
  const base = `http://127.0.0.1:${port}`;
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: base,
    APP_KEY: randomBytes(36).toString('base64'),
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL,
    STORAGE_DIR: storageDir,
    SEED_DEMO: 'true',
    // As the production image (docker/Dockerfile) runs it: two glibc malloc arenas instead of one per thread.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    ...extraEnv,
  });
  const started = Date.now();
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-20000)));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    fs.rmSync(storageDir, { recursive: true, force: true });
  };
  try {
    while (!/is up at/.test(output)) {
      if (child.exitCode !== null) throw new Error(`the app exited:\n${output}`);
      if (Date.now() - started > 240_000) throw new Error('the app did not start within 240 s');
      await sleep(250);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, base, storageDir, databaseUrl: env.DATABASE_URL, upSeconds: (Date.now() - started) / 1000, stop };
}

module.exports = { startBuiltApp, waitUntilIdle, cpuTicks, rssMb, sampler, round, sleep, ROOT };
