#!/usr/bin/env node
// Load generator in its own process: `connections` keep-alive clients GET `paths` in turn for `seconds` against
// `url` with the given headers; prints one JSON line with requests, throughput, p50/p95/p99/max (ms) and failures.
const http = require('node:http');
const { latencySummary } = require('../support/common');

const spec = JSON.parse(process.env.LOAD_SPEC);
const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
const target = new URL(spec.url);

function get(path) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const req = http.get({ host: target.hostname, port: target.port, path, headers: spec.headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, status: res.statusCode }));
    });
    req.on('error', () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, status: 0 }));
  });
}

async function main() {
  const until = Date.now() + spec.seconds * 1000;
  const latencies = [];
  let failures = 0;
  let next = 0;
  const client = async () => {
    while (Date.now() < until) {
      const { ms, status } = await get(spec.paths[next++ % spec.paths.length]);
      if (status === 200) latencies.push(ms);
      else failures++;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: spec.connections }, client));
  const seconds = (Date.now() - started) / 1000;
  const s = latencySummary(latencies.length ? latencies : [0]);
  const round = (v) => Math.round(v * 10) / 10;
  process.stdout.write(
    JSON.stringify({
      requests: latencies.length,
      rps: round(latencies.length / seconds),
      p50: round(s.p50),
      p95: round(s.p95),
      p99: round(s.p99),
      max: round(s.max),
      failures,
    }) + '\n',
  );
  agent.destroy();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
