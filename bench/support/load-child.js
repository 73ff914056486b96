#!/usr/bin/env node
// Load generator in its own process: autocannon against the URL and requests given in LOAD_SPEC (JSON);
// prints the result as one JSON line.
const autocannon = require('autocannon');

const spec = JSON.parse(process.env.LOAD_SPEC);
autocannon(spec, (error, result) => {
  if (error) {
    console.error(error);
    process.exit(1);
  }
  process.stdout.write(
    JSON.stringify({
      requests: result.requests.total,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
      non2xx: result.non2xx,
      errors: result.errors,
    }) + '\n',
  );
});
