#!/usr/bin/env node
// Load generator in its own process: `connections` loops GET `paths` (round robin) against `base` for `seconds`,
// timing every request; prints one JSON line with requests, rps, p50/p95/p99/max (ms) and non-2xx answers.
const { percentile } = require('../support/common');

const spec = JSON.parse(process.env.LOAD_SPEC);

async function main() {
  const latencies = [];
  let next = 0;
  let non2xx = 0;
  const until = Date.now() + spec.seconds * 1000;
  const started = Date.now();
  const worker = async () => {
    while (Date.now() < until) {
      const path = spec.paths[next++ % spec.paths.length];
      const t = process.hrtime.bigint();
      const res = await fetch(spec.base + path, { headers: { Accept: 'application/json' } });
      await res.arrayBuffer();
      latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
      if (res.status < 200 || res.status > 299) non2xx += 1;
    }
  };
  await Promise.all(Array.from({ length: spec.connections }, worker));
  const r = (x) => Math.round(x * 10) / 10;
  process.stdout.write(
    JSON.stringify({
      requests: latencies.length,
      rps: r(latencies.length / ((Date.now() - started) / 1000)),
      p50: r(percentile(latencies, 50)),
      p95: r(percentile(latencies, 95)),
      p99: r(percentile(latencies, 99)),
      max: r(Math.max(...latencies)),
      non2xx,
    }) + '\n',
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
