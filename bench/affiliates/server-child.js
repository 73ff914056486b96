// The app in its own process on a fresh database: seeds N approved affiliates with payable balances in SQL,
// then runs a payout batch (preview → confirm → BullMQ job) against the provider process, sampling RSS.
require('../support/ts-register');
const { bootTestApp } = require('../../test/support/app');

let t;
let peakRss = 0;
const sample = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));

async function seed(count) {
  await t.db.query(
    `INSERT INTO users (name, email, handle, password_hash, email_verified_at, role)
     SELECT 'Payee ' || i, 'payee' || i || '@example.test', 'payee' || i, 'x', now(), 'user' FROM generate_series(1, $1) AS i`,
    [count],
  );
  await t.db.query(
    `INSERT INTO affiliates (user_id, code, status, audience, payout_method, payout_destination, accepted_guidelines_version, email_key)
     SELECT id, 'payee-' || handle, 'approved', 'bench', 'paypal', email, 1, email FROM users WHERE email LIKE 'payee%'`,
  );
  await t.db.query(
    `INSERT INTO affiliate_ledger (affiliate_id, bucket, amount_minor, currency, reason)
     SELECT id, 'available', 5000 + (random() * 20000)::int, 'USD', 'bench' FROM affiliates`,
  );
  const [{ id }] = await t.db.query(
    `INSERT INTO users (name, email, handle, password_hash, email_verified_at, role) VALUES ('Admin', 'admin@bench.test', 'benchadmin', 'x', now(), 'admin') RETURNING id`,
  );
  return id;
}

async function runBatch(adminId) {
  const { PayoutsService } = require('../../src/modules/affiliates/payouts/payouts.service');
  const payouts = t.app.get(PayoutsService);
  const admin = { id: adminId, role: 'admin' };
  const timer = setInterval(sample, 50);
  const t0 = performance.now();
  const preview = await payouts.preview(admin);
  const t1 = performance.now();
  await payouts.confirm(admin, preview.batch.id);
  const t2 = performance.now();
  for (;;) {
    const [b] = await t.db.query(`SELECT status FROM affiliate_payout_batches WHERE id = $1`, [preview.batch.id]);
    if (b.status === 'completed') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const t3 = performance.now();
  clearInterval(timer);
  const [{ sent, failed, total }] = await t.db.query(
    `SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*) FILTER (WHERE status = 'failed')::int AS failed,
            sum(amount_minor)::float8 AS total FROM affiliate_payouts WHERE batch_id = $1`,
    [preview.batch.id],
  );
  return { previewMs: t1 - t0, confirmMs: t2 - t1, sendMs: t3 - t2, sent, failed, total, lines: preview.lines.length };
}

/** The floor: per transfer, one HTTP call to the same provider and one single-row transaction, nothing else. */
async function baseline(count, port) {
  await t.db.query(`CREATE TABLE bench_baseline (id serial PRIMARY KEY, ref text)`);
  const agent = new (require('node:http').Agent)({ keepAlive: true });
  const post = () =>
    new Promise((resolve, reject) => {
      const req = require('node:http').request(
        { host: '127.0.0.1', port, path: '/baseline', method: 'POST', agent },
        (res) => {
          let d = '';
          res.on('data', (c) => (d += c));
          res.on('end', () => resolve(JSON.parse(d)));
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const answer = await post();
    await t.db.transaction((m) =>
      m.query(`INSERT INTO bench_baseline (ref) VALUES ($1)`, [answer.batch_header.payout_batch_id]),
    );
  }
  return performance.now() - t0;
}

process.on('message', async (m) => {
  try {
    if (m.type === 'boot') {
      t = await bootTestApp({
        LOG_LEVEL: 'error',
        PAYPAL_PAYOUTS_URL: `http://127.0.0.1:${m.providerPort}`,
        PAYPAL_CLIENT_ID: 'bench',
        PAYPAL_CLIENT_SECRET: 'bench',
      });
      const adminId = await seed(m.affiliates);
      process.send({ type: 'booted', adminId, rssAfterSeed: process.memoryUsage().rss });
    } else if (m.type === 'batch') {
      peakRss = process.memoryUsage().rss;
      const result = await runBatch(m.adminId);
      process.send({ type: 'batch', ...result, peakRss });
    } else if (m.type === 'baseline') {
      process.send({ type: 'baseline', ms: await baseline(m.count, m.providerPort) });
    } else if (m.type === 'stop') {
      await t.close();
      process.exit(0);
    }
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
});
process.send({ type: 'ready' });
