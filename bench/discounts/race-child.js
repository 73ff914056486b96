#!/usr/bin/env node
// Load generator in its own process for bench/discounts: every buyer in RACE_SPEC (a cookie each) POSTs
// /api/checkout at the same instant; prints the statuses and the latency percentiles as one JSON line.
const { percentile } = require('../support/common');

const spec = JSON.parse(process.env.RACE_SPEC);

async function checkout(buyer) {
  const started = performance.now();
  const res = await fetch(`${spec.base}/api/checkout`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      Cookie: buyer.cookie,
      'X-XSRF-TOKEN': buyer.xsrf,
    },
    body: JSON.stringify({}),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

(async () => {
  const started = performance.now();
  const results = await Promise.all(spec.buyers.map(checkout));
  const wall = performance.now() - started;
  const ms = results.map((r) => r.ms);
  const round = (x) => Math.round(x * 10) / 10;
  process.stdout.write(
    JSON.stringify({
      requests: results.length,
      statuses: results.reduce((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {}),
      p50: round(percentile(ms, 50)),
      p95: round(percentile(ms, 95)),
      p99: round(percentile(ms, 99)),
      max: round(Math.max(...ms)),
      throughput: round(results.length / (wall / 1000)),
    }) + '\n',
  );
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
