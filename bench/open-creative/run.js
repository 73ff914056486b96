#!/usr/bin/env node
// OpenCreative benchmark: the access-check overhead of a delegated spot edit. The same PATCH /api/spot/{slug}
// (a caption change) by the spot's owner (baseline) and by a creative manager holding an active spots:edit grant
// (the grant read twice, an activity row appended and a live notification per request), same server, same run:
// latency percentiles, throughput, server memory, and the ratio. Under a minute.
//
//   node bench/open-creative/run.js      (SECONDS, CONNECTIONS override; KEEP_DB=1 keeps the database)
require('../support/ts-register');
const { loadavg } = require('node:os');
const bench = require('../support/common');

const SECONDS = Number(process.env.SECONDS ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 8);
const DB = 'reelty_bench_open_creative';

/** A JSON call as the signed-in browser makes it (session cookie and anti-forgery header). */
function headersOf(cookie) {
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
  return {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    Cookie: cookie,
    'X-XSRF-TOKEN': decodeURIComponent(xsrf),
  };
}

async function call(base, cookie, method, path, body) {
  const res = await fetch(base + path, { method, headers: headersOf(cookie), body: JSON.stringify(body) });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function main() {
  const t0 = Date.now();
  const { url, db } = await bench.freshClient(DB);
  const hash = await bench.benchPasswordHash();
  await db.query(
    `INSERT INTO users (name, email, handle, password_hash, email_verified_at, type)
     VALUES ('Owner', 'owner@bench.test', 'owner', $1, now(), 'realtor'),
            ('Manager', 'manager@bench.test', 'manager', $1, now(), 'realtor')`,
    [hash],
  );
  await db.end();

  const server = await bench.bootApp(url, 'open-creative');
  const owner = await bench.signIn(server.base, 'owner@bench.test', bench.BENCH_PASSWORD);
  // A second sign-in straight after the first can meet a 419 (anti-forgery); one retry a moment later.
  const manager = await bench
    .signIn(server.base, 'manager@bench.test', bench.BENCH_PASSWORD)
    .catch(() =>
      new Promise((r) => setTimeout(r, 1100)).then(() =>
        bench.signIn(server.base, 'manager@bench.test', bench.BENCH_PASSWORD),
      ),
    );
  const { walkthrough } = await call(server.base, owner, 'POST', '/api/walkthroughs', { title: 'Bench tour' });
  const { spot } = await call(server.base, owner, 'POST', `/api/spot/${walkthrough.slug}`, { title: 'Bench spot' });
  const listing = await call(server.base, manager, 'PUT', '/api/open-creative/profile', {
    headline: 'Bench editor',
    skills: ['video_editing'],
  });
  const { grant } = await call(server.base, owner, 'POST', '/api/open-creative/grants', {
    manager_id: listing.manager.id,
    scopes: ['spots:edit'],
  });
  await call(server.base, manager, 'POST', `/api/open-creative/grants/${grant.id}/accept`);

  const runs = {};
  for (const [name, cookie] of [
    ['owner', owner],
    ['delegated', manager],
  ]) {
    await call(server.base, cookie, 'PATCH', `/api/spot/${spot.slug}`, { caption: `warm-up ${name}` });
    const edit = { method: 'PATCH', path: `/api/spot/${spot.slug}`, body: JSON.stringify({ caption: `by ${name}` }) };
    runs[name] = await bench.withRss(() =>
      bench.loadRun(server.base, cookie, [edit], {
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers: headersOf(cookie),
      }),
    );
    console.log(name, JSON.stringify(runs[name]));
  }
  await server.close();

  const summary = {
    at: new Date().toISOString(),
    load_average: loadavg().map((n) => +n.toFixed(2)),
    seconds_per_run: SECONDS,
    connections: CONNECTIONS,
    owner: runs.owner,
    delegated: runs.delegated,
    ratio: bench.ratios(runs.delegated, runs.owner),
    total_seconds: Math.round((Date.now() - t0) / 1000),
  };
  await bench.finish('open-creative.json', summary, DB);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
