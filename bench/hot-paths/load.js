#!/usr/bin/env node
// Load on the hot read paths of issue 12, item 2, beside a bare-Express baseline measured in the same run.
//
// Starts the built app (dist/src/main.js, production mode, demo data, fresh database, local Redis) and the
// bare-Express JSON server (bench/foundation/baseline-server.js), each in its own process; this process is the
// load generator (autocannon). Each target gets a warm-up, a fixed rate (500 req/s) and a maximum-throughput run
// (10 connections). The baseline is measured first and again last, and each ratio uses the worse of the two, so a
// machine that got busier mid-run does not flatter the app. The server's RSS and CPU are sampled from /proc.
//
//   npm run build:server && node bench/hot-paths/load.js                 (about 4 minutes)
//   node bench/hot-paths/load.js --fixed 5 --max 5 --only feed,chats     (a quick look at some paths)
//   node bench/hot-paths/load.js --profile                               (writes a .cpuprofile of the app)
//   node bench/hot-paths/load.js --only floor                            (the one-process ceiling rows)
//   node bench/hot-paths/load.js --app dist/before/src/main.js           (an earlier build, for before/after)
//
// The floor rows: bare Express answering the very JSON document of a minimal Nest route (`GET /api/currency` as a
// guest with no cookie: no SQL once the list is cached, no session row, no CSRF token) beside that route in the app,
// then the guest and signed-in Inertia floors. CPU ms per request gives each one's ceiling on one saturated core
// (1,000 / ms req/s), printed after the table with what 1,500 req/s in one process would need.
//
// Results: a table on stdout and bench/results/hot-paths-load.json (with the load average before and after).
const autocannon = require('autocannon');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { round, sampler, startBuiltApp, waitUntilIdle } = require('../support/built-app');
const { abortAfter, parseArgs, signIn } = require('../support/common');

const args = parseArgs({
  rate: 500,
  fixed: 10,
  max: 8,
  warmup: 2,
  connections: 10,
  only: '',
  profile: false,
  app: 'dist/src/main.js', // another build to compare (e.g. a copy of an earlier dist/src under dist/before/src)
});
abortAfter(15 * 60);
const ROOT = path.resolve(__dirname, '../..');
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function cannon(options) {
  return new Promise((done, fail) =>
    autocannon({ connections: args.connections, timeout: 10, ...options }, (error, result) =>
      error ? fail(error) : done(result),
    ),
  );
}

/** A conditional GET's row asks with the tag the page has now (a background write since may have changed it). */
async function refreshTag(url, headers) {
  if (!headers['If-None-Match']) return;
  const { 'If-None-Match': held, ...plain } = headers;
  headers['If-None-Match'] = (await fetch(url, { headers: plain })).headers.get('etag') ?? '';
  if (held !== headers['If-None-Match']) console.log(`${url}: the tag changed since the last run (${held})`);
}

async function measure(target, mode) {
  await refreshTag(target.url, target.headers);
  const options = { url: target.url, headers: target.headers };
  await cannon({ ...options, duration: args.warmup });
  const sample = sampler(target.pid);
  const loadBefore = load();
  const r =
    mode === 'fixed'
      ? await cannon({ ...options, duration: args.fixed, overallRate: args.rate })
      : await cannon({ ...options, duration: args.max });
  const { rssMaxMb, cpuSeconds, seconds } = sample();
  // The app's own background work (timers, queue polling) while idle is taken out of the per-request CPU.
  const requestCpu = Math.max(0, cpuSeconds - (target.idleCores ?? 0) * seconds);
  return {
    target: target.name,
    mode: mode === 'fixed' ? `${args.rate} req/s, ${args.fixed} s` : `max, ${args.connections} conn, ${args.max} s`,
    rps: round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    rssMaxMb,
    cpuMsPerRequest: r.requests.total ? round((1000 * requestCpu) / r.requests.total, 2) : null,
    load: `${loadBefore} → ${load()}`,
  };
}

function startBaseline(env = {}) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bench/foundation/baseline-server.js')], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    });
    child.stdout.once('data', (chunk) => {
      const port = /listening (\d+)/.exec(String(chunk))?.[1];
      if (port) done({ child, url: `http://127.0.0.1:${port}/json` });
      else fail(new Error(`baseline: ${chunk}`));
    });
    child.once('exit', (code) => fail(new Error(`baseline exited with ${code}`)));
  });
}

async function json(url, headers) {
  const res = await fetch(url, { headers: { Accept: 'application/json', ...headers } });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

async function main() {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelty-hot-prof-'));
  const app = await startBuiltApp({
    main: args.app,
    nodeArgs: args.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  const baseline = await startBaseline();
  let sameBody = null;
  process.once('SIGINT', () => void app.stop().finally(() => process.exit(130)));
  try {
    await waitUntilIdle(app.child.pid, 5, 240_000); // the demo seed's transcodes finish first
    const cookie = await signIn(app.base, 'realtor@reelty.test', 'realtor-demo-1');
    const signed = { Cookie: cookie, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
    const guest = { Accept: 'application/json' };
    const dashboard = await json(`${app.base}/api/properties/dashboard/realtor?count=12`, signed);
    const slug = dashboard.properties.data.find((p) => p.publish ?? true)?.slug ?? dashboard.properties.data[0].slug;
    const handle = (await json(`${app.base}/api/feed`, guest)).data.find((s) => s.realtor?.handle)?.realtor.handle;
    const b = app.base;
    const tag = (await fetch(`${b}/api/profile/${handle}`, { headers: guest })).headers.get('etag') ?? '';
    // The floor: Inertia JSON visits of pages whose controllers read nothing, through the whole middleware stack
    // (static-path check, session, CSRF cookie, auth guard, interceptors, shared props, request log). A guest's
    // legal page sends no SQL at all; the signed-in dashboard adds only the session-with-user read and the shared
    // props a signed-in page carries. What the framework stack costs before any feature work.
    const inertia = { 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest', Accept: 'text/html' };
    const page = await json(`${b}/legal/terms`, inertia);
    if (page.version) inertia['X-Inertia-Version'] = String(page.version);
    // The same JSON document the minimal Nest route answers, from bare Express in its own process.
    const bodyFile = path.join(profileDir, 'currency.json');
    fs.writeFileSync(bodyFile, JSON.stringify(await json(`${b}/api/currency`, guest)));
    sameBody = await startBaseline({ BASELINE_BODY_FILE: bodyFile });
    const paths = [
      ['floor: bare Express, same JSON as the Nest route', sameBody.url, guest, sameBody.child.pid],
      ['floor: minimal Nest route (GET /api/currency, guest, no SQL)', `${b}/api/currency`, guest],
      ['floor: guest Inertia page (no SQL)', `${b}/legal/terms`, inertia],
      ['floor: signed-in Inertia page (/dashboard)', `${b}/dashboard`, { ...inertia, Cookie: cookie }],
      ['feed, guest', `${b}/api/feed`, guest],
      ['feed, signed in', `${b}/api/feed`, signed],
      ['listings dashboard', `${b}/api/listings/dashboard/paginate?count=12`, signed],
      ['realtor dashboard', `${b}/api/properties/dashboard/realtor?count=12`, signed],
      ['property page, guest', `${b}/api/properties/${slug}`, guest],
      ['profile by handle', `${b}/api/profile/${handle}`, guest],
      // A browser's revalidation of the page it holds (as a browser sends it: with max-age=0, which also keeps fetch
      // from adding no-cache): 304, counted as non-2xx by autocannon.
      [
        'profile by handle, conditional GET (304)',
        `${b}/api/profile/${handle}`,
        { ...guest, 'Cache-Control': 'max-age=0', 'If-None-Match': tag },
      ],
      ['market search', `${b}/api/market/search?lat=30.27&lng=-97.74&radius=25&per_page=12`, guest],
      ['chats list', `${b}/api/chats?per_page=20`, signed],
      ['notifications list', `${b}/api/notifications?limit=20`, signed],
    ].filter(
      ([name]) =>
        !args.only ||
        String(args.only)
          .split(',')
          .some((o) => name.includes(o)),
    );
    for (const [name, url, headers] of paths) {
      await refreshTag(url, headers);
      const res = await fetch(url, { headers });
      if (res.status !== (headers['If-None-Match'] ? 304 : 200))
        throw new Error(`${name}: ${url} answered ${res.status}`);
    }
    const idle = sampler(app.child.pid);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const { cpuSeconds: idleCpu, seconds: idleSeconds } = idle();
    const idleCores = idleCpu / idleSeconds;
    console.log(`app CPU while idle: ${round(100 * idleCores)}% of a core (taken out of CPU ms/req)`);
    const targets = paths.map(([name, url, headers, pid]) =>
      pid ? { name, url, headers, pid } : { name, url, headers, pid: app.child.pid, idleCores },
    );
    const base = { name: 'baseline (bare Express)', url: baseline.url, headers: {}, pid: baseline.child.pid };
    console.log(`load average at start: ${load()}`);
    const results = [];
    const run = async (target) => {
      for (const mode of ['fixed', 'max']) {
        const row = await measure(target, mode);
        results.push(row);
        console.log(
          `${row.target} @ ${row.mode}: ${row.rps} req/s, p50 ${row.p50}, p99 ${row.p99} ms (load ${row.load})`,
        );
      }
    };
    await run(base);
    for (const target of targets) await run(target);
    await run({ ...base, name: 'baseline again' });
    const baseRows = results.filter((r) => r.target.startsWith('baseline'));
    const worstP99 = Math.max(...baseRows.filter((r) => !r.mode.startsWith('max')).map((r) => r.p99), 1);
    const bestRps = Math.min(...baseRows.filter((r) => r.mode.startsWith('max')).map((r) => r.rps));
    console.log(
      '\n| path | load | req/s | p50 ms | p99 ms | non-2xx | RSS max MB | CPU ms/req | vs baseline | load avg |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const r of results) {
      const ratio = r.mode.startsWith('max')
        ? `${round(r.rps / bestRps, 2)}x req/s`
        : `${round(r.p99 / worstP99, 1)}x p99`;
      console.log(
        `| ${r.target} | ${r.mode} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx + r.errors} | ${r.rssMaxMb} | ${r.cpuMsPerRequest} | ${ratio} | ${r.load} |`,
      );
    }
    // What one process can serve with its core saturated, from the CPU each request costs (the best of its runs).
    const ceiling = (name) => {
      const ms = results.filter((r) => r.target === name && r.cpuMsPerRequest).map((r) => r.cpuMsPerRequest);
      return ms.length ? { ms: Math.min(...ms), rps: Math.round(1000 / Math.min(...ms)) } : null;
    };
    console.log('\nOne process on one saturated core (1,000 / CPU ms per request); 1,500 req/s needs at most 0.67 ms:');
    for (const name of [...new Set(results.map((r) => r.target))]) {
      const c = ceiling(name);
      if (c) console.log(`- ${name}: ${c.ms} ms → ${c.rps} req/s (${round(c.ms / 0.667, 1)}x the 1,500 req/s budget)`);
    }
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(ROOT, 'bench/results/hot-paths-load.json'),
      JSON.stringify({ at: new Date().toISOString(), args, cpus: os.cpus().length, results }, null, 2),
    );
  } finally {
    baseline.child.kill('SIGTERM');
    sameBody?.child.kill('SIGTERM');
    await app.stop();
    if (args.profile) {
      for (const file of fs.readdirSync(profileDir)) {
        const to = path.join(ROOT, 'bench/results', `hot-paths-${file}`);
        fs.copyFileSync(path.join(profileDir, file), to);
        console.log(`CPU profile: ${to}`);
      }
    }
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
