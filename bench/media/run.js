#!/usr/bin/env node
/**
 * Media origin benchmark: HLS segment throughput of /media (the app: access rule, stat, validators,
 * Cache-Control, stream) against express.static serving the same files, measured in the same run as
 * a ratio. The app and the baseline each run in their own process; this process is the load
 * generator (autocannon). Public keys (avatars/), so the access rule costs no query.
 *
 *   node bench/media/run.js [--seconds 8] [--connections 10] [--segments 20] [--kb 512]
 *
 * Runs, for each server: full segment GETs (200), a 64 KB range of each (206), and revalidations
 * with If-None-Match (304). Results on stdout and bench/results/media-latest.json (not committed).
 */
const autocannon = require('autocannon');
const { fork } = require('node:child_process');
const { mkdirSync, writeFileSync } = require('node:fs');
const { cpus, loadavg } = require('node:os');
const { join } = require('node:path');
const { parseArgs } = require('../support/common');

const {
  seconds: SECONDS,
  connections: CONNECTIONS,
  segments: SEGMENTS,
  kb: KB,
} = parseArgs({ seconds: 8, connections: 10, segments: 20, kb: 512 });

function start(args) {
  return new Promise((done, fail) => {
    const child = fork(join(__dirname, 'server-child.js'), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (info) => done({ child, ...info }));
    child.once('exit', (code) => fail(new Error(`server ${args[0]} exited with ${code}`)));
  });
}

function rssMb(pid) {
  try {
    const status = require('node:fs').readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
  } catch {
    return null;
  }
}

async function load(port, keys, headersFor) {
  let i = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (request) => {
          const key = keys[i++ % keys.length];
          return { ...request, method: 'GET', path: `/media/${key}`, headers: headersFor(key) };
        },
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    mbps: Math.round((result.throughput.average / 1024 / 1024) * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function etagsOf(port, keys) {
  const tags = {};
  for (const key of keys) tags[key] = (await fetch(`http://127.0.0.1:${port}/media/${key}`)).headers.get('etag');
  return tags;
}

async function measure(name, server, keys) {
  const tags = await etagsOf(server.port, keys);
  await load(server.port, keys, () => ({})); // warm-up (page cache, JIT)
  const out = { name };
  out.full = await load(server.port, keys, () => ({}));
  out.range = await load(server.port, keys, () => ({ range: 'bytes=65536-131071' }));
  out.notModified = await load(server.port, keys, (key) => ({ 'if-none-match': tags[key] }));
  out.rssMb = rssMb(server.child.pid);
  return out;
}

(async () => {
  const app = await start(['app', String(SEGMENTS), String(KB)]);
  const baseline = await start(['static', '0', '0', app.dir]);
  const results = {
    date: new Date().toISOString(),
    cpus: cpus().length,
    loadavgAtStart: loadavg()[0],
    settings: { SECONDS, CONNECTIONS, SEGMENTS, KB },
  };
  // Interleaved so both see the same machine: baseline, app, baseline, app.
  const runs = [];
  for (let round = 0; round < 2; round += 1) {
    runs.push(await measure('express.static', baseline, app.keys));
    runs.push(await measure('/media', app, app.keys));
  }
  const best = (name, part) => Math.max(...runs.filter((r) => r.name === name).map((r) => r[part].rps));
  results.runs = runs;
  results.ratio = Object.fromEntries(
    ['full', 'range', 'notModified'].map((part) => [
      part,
      Math.round((best('/media', part) / best('express.static', part)) * 100) / 100,
    ]),
  );
  results.loadavgAtEnd = loadavg()[0];
  console.table(
    runs.flatMap((r) =>
      ['full', 'range', 'notModified'].map((part) => ({ server: r.name, kind: part, ...r[part], rssMb: r.rssMb })),
    ),
  );
  console.log('ratio /media ÷ express.static (best of 2, req/s):', results.ratio);
  mkdirSync(join(__dirname, '../results'), { recursive: true });
  writeFileSync(join(__dirname, '../results/media-latest.json'), JSON.stringify(results, null, 2));
  app.child.disconnect();
  baseline.child.disconnect();
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
