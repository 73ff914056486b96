#!/usr/bin/env node
// Payout batch benchmark (loopback only, bounded). See bench/README.md "## Affiliates".
//   node bench/affiliates/run.js [--affiliates 10000] [--timeout 600]
// The app (server-child.js) and a PayPal Payouts-compatible provider (provider-child.js) each run in their own
// process. Seeds N approved affiliates with payable balances, then times preview, confirm and the BullMQ job that
// sends every transfer (one HTTP call with an idempotency key + one transaction each), with peak RSS. Baseline in
// the same run: the same number of bare "HTTP call + one-row transaction" loops against the same provider.
const path = require('node:path');
const { parseArgs, abortAfter } = require('../support/common');
const { forkChild } = require('../support/ipc');

const args = parseArgs();
const AFFILIATES = args.affiliates ?? 10_000;
const TIMEOUT_S = args.timeout ?? 600;
abortAfter(TIMEOUT_S);

const start = (file) => forkChild(path.join(__dirname, file));

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

(async () => {
  const provider = start('provider-child.js');
  const { port } = await provider.next('ready');
  const server = start('server-child.js');
  await server.next('ready');
  server.child.send({ type: 'boot', affiliates: AFFILIATES, providerPort: port });
  const { adminId, rssAfterSeed } = await server.next('booted');
  server.child.send({ type: 'batch', adminId });
  const batch = await server.next('batch');
  server.child.send({ type: 'baseline', count: AFFILIATES, providerPort: port });
  const base = await server.next('baseline');
  provider.child.send({ type: 'count' });
  const { transfers } = await provider.next('count');
  server.child.send({ type: 'stop' });
  provider.child.kill();

  const perSecond = (batch.sent / batch.sendMs) * 1000;
  console.log(`affiliates seeded            ${AFFILIATES}`);
  console.log(`preview                      ${batch.previewMs.toFixed(0)} ms (${batch.lines} payouts)`);
  console.log(`confirm (ledger, one tx)     ${batch.confirmMs.toFixed(0)} ms`);
  console.log(
    `send job                     ${(batch.sendMs / 1000).toFixed(1)} s, ${batch.sent} sent, ${batch.failed} failed, ${perSecond.toFixed(0)} transfers/s`,
  );
  console.log(
    `paid in total                ${(batch.total / 100).toFixed(2)} USD; provider saw ${transfers - AFFILIATES} distinct payout keys`,
  );
  console.log(
    `baseline (HTTP + 1-row tx)   ${(base.ms / 1000).toFixed(1)} s, ${((AFFILIATES / base.ms) * 1000).toFixed(0)} loops/s`,
  );
  console.log(`ratio send job / baseline    ${(batch.sendMs / base.ms).toFixed(2)}x`);
  console.log(`RSS after seed / peak        ${mb(rssAfterSeed)} / ${mb(batch.peakRss)}`);
  if (batch.sent !== AFFILIATES || batch.failed !== 0) process.exit(1);
})();
