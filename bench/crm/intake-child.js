#!/usr/bin/env node
// Load generator in its own process: sends INTAKE_SPEC.count signed leads to the book's intake endpoint with
// `concurrency` in flight (every fifth lead repeats an earlier person's email, written differently), or, with
// `baseline`, the same number of GETs of a route that touches no database. Prints one JSON line.
const { createHmac } = require('node:crypto');

const spec = JSON.parse(process.env.INTAKE_SPEC);

function lead(i) {
  const duplicate = i % 5 === 4 && i > 5;
  const person = duplicate ? (i * 7919) % (i - 1) : i;
  const email = duplicate ? ` Lead${person}@Bench.Test ` : `lead${person}@bench.test`;
  return {
    external_id: `bench-${spec.run}-${i}`,
    name: `Lead ${person}`,
    email,
    phone: `+1415${String(5_000_000 + i).slice(-7)}`,
    zip: ['94110', '94103', '10001'][i % 3],
    message: 'From the benchmark',
  };
}

// With `batch` > 1, request i carries leads i*batch .. (i+1)*batch-1 to the batch endpoint.
const body = (i) =>
  JSON.stringify(
    spec.batch > 1 ? { leads: Array.from({ length: spec.batch }, (_, k) => lead(i * spec.batch + k)) } : lead(i),
  );

async function one(i) {
  const started = process.hrtime.bigint();
  let res;
  if (spec.baseline) {
    res = await fetch(`${spec.base}/api/crm/consent`, { headers: { Accept: 'application/json' } });
  } else {
    const raw = body(i);
    const t = Math.floor(Date.now() / 1000);
    const signature = `t=${t},v1=${createHmac('sha256', spec.secret).update(`${t}.${raw}`).digest('hex')}`;
    res = await fetch(spec.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Reelty-Signature': signature },
      body: raw,
    });
  }
  const answer = await res.arrayBuffer();
  let ok = res.status === 200;
  let statuses = [res.status];
  if (ok && spec.batch > 1) {
    const { results } = JSON.parse(Buffer.from(answer).toString('utf8'));
    ok = results.length === spec.batch && results.every((r) => r.status === 200);
    statuses = results.map((r) => r.status);
  }
  // A failure's answer, so a run says what failed (a rate limit, a validation, a server error).
  const why = ok ? null : Buffer.from(answer).toString('utf8').slice(0, 200);
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, ok, statuses, why };
}

async function main() {
  const requests = spec.batch > 1 ? Math.ceil(spec.count / spec.batch) : spec.count;
  const latencies = [];
  let next = 0;
  let failed = 0;
  const failures = {}; // status → { count, first answer }
  const started = Date.now();
  await Promise.all(
    Array.from({ length: spec.concurrency }, async () => {
      while (next < requests) {
        const r = await one(next++);
        latencies.push(r.ms);
        if (r.ok) continue;
        failed++;
        for (const status of r.statuses.filter((code) => code !== 200)) {
          failures[status] ??= { count: 0, example: r.why };
          failures[status].count++;
        }
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => +latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
  process.stdout.write(
    JSON.stringify({
      count: spec.count,
      failed,
      failures,
      seconds,
      rps: Math.round(spec.count / seconds),
      requests,
      p50: at(0.5),
      p99: at(0.99),
      max: at(1),
    }) + '\n',
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
