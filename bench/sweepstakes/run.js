#!/usr/bin/env node
// Sweepstakes draw benchmark. See bench/README.md "## Sweepstakes".
//   node bench/sweepstakes/run.js [--runs 3] [--e2e 1]
// Each phase runs in its own process (bench/sweepstakes/child.js) so its peak RSS (maxRSS) is its own:
//  - baseline: the same 1,000,000 entries from 200,000 people, sorted and shuffled the plain way (Math.random
//    Fisher-Yates over an Int32Array of tickets) until 13 distinct people come up;
//  - draw: the real algorithm in memory (canonical list, SHA-256, strict parse, HMAC-DRBG weighted picks of 13
//    people) plus the fraud checks over 200,000 people;
//  - e2e (once): the server path on PostgreSQL + Redis: 1,000,000 entry rows, close (freeze + hash + commitment in
//    one transaction), then the admin's draw request to the drawn state through the BullMQ job, then a re-check.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { parseArgs, percentile } = require('../support/common');

const args = parseArgs();
const RUNS = args.runs ?? 3;
const E2E = args.e2e ?? 1;
const child = path.join(__dirname, 'child.js');

function phase(name) {
  const out = execFileSync(process.execPath, ['--max-old-space-size=2048', child, name], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 180_000,
  });
  return JSON.parse(out.trim().split('\n').pop());
}

const results = { baseline: [], draw: [] };
for (let i = 0; i < RUNS; i++) {
  results.baseline.push(phase('baseline'));
  results.draw.push(phase('draw'));
}
const summary = {};
for (const [name, runs] of Object.entries(results)) {
  const ms = runs.map((r) => r.ms);
  summary[name] = {
    runs: runs.length,
    p50Ms: Math.round(percentile(ms, 50)),
    maxMs: Math.round(Math.max(...ms)),
    peakRssMb: Math.max(...runs.map((r) => r.peakRssMb)),
  };
}
summary.draw.fraudChecksP50Ms = Math.round(
  percentile(
    results.draw.map((r) => r.fraudMs),
    50,
  ),
);
summary.draw.distinctPeople = results.draw[0].distinct;
summary.ratio = {
  timeVsBaseline: +(summary.draw.p50Ms / summary.baseline.p50Ms).toFixed(2),
  memoryVsBaseline: +(summary.draw.peakRssMb / summary.baseline.peakRssMb).toFixed(2),
};
if (E2E) summary.e2e = phase('e2e');
summary.loadAverage = require('node:os')
  .loadavg()
  .map((n) => +n.toFixed(1));

console.log(JSON.stringify(summary, null, 2));
const dir = path.join(__dirname, '..', 'results');
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(
  path.join(dir, 'sweepstakes-latest.json'),
  JSON.stringify({ at: new Date().toISOString(), ...summary }, null, 2),
);
