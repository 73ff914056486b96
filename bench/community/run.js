#!/usr/bin/env node
// Society feed benchmark (loopback only, bounded). See bench/README.md "## Community".
//   node bench/community/run.js [--posts 1000000] [--requests 300] [--timeout 600]
// The app runs in server-child.js with one public society of --posts posts; this process is the load generator:
// --requests sequential guest GETs each of the first feed page, a deep page (keyset cursor at 90 % depth) and,
// as the baseline, GET /health (the app's cheapest route) — p50/p99/throughput, and the server's RSS.
const http = require('node:http');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { abortAfter, parseArgs, writeResult } = require('../support/common');
const { forkChild } = require('../support/ipc');

const args = parseArgs();
const POSTS = args.posts ?? 1_000_000;
const REQUESTS = args.requests ?? 300;
const TIMEOUT_S = args.timeout ?? 600;

const deadline = abortAfter(TIMEOUT_S);

const { child, next } = forkChild(path.join(__dirname, 'server-child.js'));
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
let PORT;

function get(url) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: PORT, path: url, headers: { Accept: 'application/json' }, agent },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          res.statusCode >= 400
            ? reject(new Error(`${url} -> ${res.statusCode}`))
            : resolve(Buffer.concat(chunks).toString()),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(name, url) {
  for (let i = 0; i < 10; i += 1) await get(url); // warm-up
  const times = [];
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i += 1) {
    const t0 = performance.now();
    await get(url);
    times.push(performance.now() - t0);
  }
  const wall = performance.now() - started;
  times.sort((a, b) => a - b);
  return { name, p50: pct(times, 50), p99: pct(times, 99), rps: (REQUESTS / wall) * 1000 };
}

(async () => {
  PORT = (await next('ready')).port;
  child.send({ type: 'seed', posts: POSTS });
  const seeded = await next('seeded');
  console.log(`seeded ${POSTS.toLocaleString()} posts in ${(seeded.seedMs / 1000).toFixed(1)} s`);
  const feed = `/api/societies/${seeded.societyId}/posts`;
  const first = JSON.parse(await get(feed));
  const deep = JSON.parse(await get(`${feed}?cursor=${seeded.cursor}`));
  if (first.data.length !== 20 || deep.data.length !== 20) throw new Error('feed pages are not full');
  const rows = [
    await measure('baseline: GET /health', '/health'),
    await measure('first page', feed),
    await measure(`deep page (after post ${seeded.deepOffset.toLocaleString()})`, `${feed}?cursor=${seeded.cursor}`),
  ];
  child.send({ type: 'memory' });
  const { rss } = await next('memory');
  const base = rows[0];
  console.log('\n| request | p50 | p99 | req/s | p99 vs baseline |\n|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.rps.toFixed(0)} | ${(r.p99 / base.p99).toFixed(2)}x |`,
    );
  console.log(`\nserver RSS after the run: ${(rss / 1048576).toFixed(0)} MB`);
  for (const [name, plan] of Object.entries(seeded.plans)) console.log(`\n-- ${name}\n${plan}`);
  writeResult('community-latest.json', { posts: POSTS, rows, rss, plans: seeded.plans });
  child.send({ type: 'exit' });
  clearTimeout(deadline);
})().catch((error) => {
  console.error(error);
  child.kill();
  process.exit(1);
});
