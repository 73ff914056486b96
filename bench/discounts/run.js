#!/usr/bin/env node
// Discount codes: what a code costs the cart, and whether its limit holds when buyers race for the last uses.
// In a dedicated database built by the real migrations, with the real app booted in this process and the load
// generators in their own processes:
//   A. baseline: GET /api/cart of a signed-in buyer, one line, no code;
//   B. the same cart holding POPULAR, a code already used REDEMPTIONS times (its limits read the code's counter and
//      the buyer's own uses, never the code's whole history);
//   C. RACERS buyers, each with LAST in the cart (a code with LIMIT uses left), POST /api/checkout at the same instant
//      (bench/discounts/race-child.js); exactly LIMIT orders may carry the code, the rest answer 422;
//   D. the same RACERS buyers racing with an unlimited code: the same route and lock, nobody refused (the baseline
//      of C).
// A and B report requests, rps, p50/p97.5/p99/max, the app's CPU per request and its RSS; the ratios B/A tell the
// cost. The plans of the limit statements at REDEMPTIONS rows go to bench/results/discounts-explain.txt.
//
//   node bench/discounts/run.js   (REDEMPTIONS=200000, RACERS=100, LIMIT=25, HTTP_SECONDS=10, HTTP_CONNECTIONS=4;
//                                  BENCH_POSTGRES_URL, BENCH_REDIS_URL; KEEP_DB=1)
require('../support/ts-register');
const { loadavg } = require('node:os');
const { join } = require('node:path');
const bench = require('../support/common');

const REDEMPTIONS = Number(process.env.REDEMPTIONS ?? 200_000);
const RACERS = Number(process.env.RACERS ?? 100);
const LIMIT = Number(process.env.LIMIT ?? 25);
const HTTP_SECONDS = Number(process.env.HTTP_SECONDS ?? 10);
const HTTP_CONNECTIONS = Number(process.env.HTTP_CONNECTIONS ?? 4);
const DB = 'reelty_bench_discounts';
const round = (x) => Math.round(x * 100) / 100;
const step = (what) => console.error(`[discounts bench] ${new Date().toISOString().slice(11, 19)} ${what}`);

/** POPULAR with REDEMPTIONS paid orders behind it (one filler customer per order, as a real code has). */
async function seedPopularCode(db, productId) {
  const [code] = (
    await db.query(
      `INSERT INTO discount_codes (code, kind, percent_off, starts_at, live_uses) VALUES ('POPULAR', 'percent', 10,
         now() - interval '1 year', $1) RETURNING id`,
      [REDEMPTIONS],
    )
  ).rows;
  await db.query(
    `INSERT INTO users (name, email, handle, password_hash)
     SELECT 'Past buyer ' || n, 'past' || n || '@bench.test', 'past-' || n, 'x' FROM generate_series(1, $1::int) n`,
    [REDEMPTIONS],
  );
  await db.query(
    `INSERT INTO orders (number, user_id, content_hash, email, currency, subtotal_minor, total_minor, discount_code,
                         discount_minor, status, payment_status, provider, expires_at, paid_at)
     SELECT 'R-P' || n, u.id, 'bench', u.email, 'USD', 1200, 1080, 'POPULAR', 120, 'fulfilled', 'paid', 'local',
            now(), now() - (n || ' minutes')::interval
       FROM users u JOIN generate_series(1, $1::int) n ON u.handle = 'past-' || n`,
    [REDEMPTIONS],
  );
  await db.query(
    `INSERT INTO discount_redemptions (code_id, order_id, user_id, amount_minor, currency, status)
     SELECT $1, o.id, o.user_id, 120, 'USD', 'used' FROM orders o WHERE o.discount_code = 'POPULAR'`,
    [code.id],
  );
  await db.query(
    `INSERT INTO order_lines (order_id, product_id, variant_id, title, category, kind, quantity,
                    unit_price_minor, discount_minor, total_minor)
                  SELECT o.id, $1, v.id, 'Guide', 'guides', 'digital', 1, 1200, 120, 1080
                    FROM orders o JOIN product_variants v ON v.product_id = $1 WHERE o.discount_code = 'POPULAR'`,
    [productId],
  );
  await db.query(`ANALYZE discount_redemptions; ANALYZE orders; ANALYZE discount_codes`);
  return code.id;
}

/** A signed-in buyer (browser cookies) with one guide in the cart and, when given, a code applied. */
async function buyerWithCart(base, email, variantId, code) {
  const cookie = await bench.signIn(base, email, bench.BENCH_PASSWORD);
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '');
  const post = (path, body) =>
    fetch(base + path, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Cookie: cookie, 'X-XSRF-TOKEN': xsrf },
      body: JSON.stringify(body),
    });
  const added = await post('/api/cart/items', { variant_id: variantId, quantity: 1 });
  if (added.status !== 201) throw new Error(`add to cart: ${added.status} ${await added.text()}`);
  if (code) {
    const applied = await post('/api/cart/discount', { code });
    if (applied.status !== 200) throw new Error(`apply ${code}: ${applied.status} ${await applied.text()}`);
  }
  return { cookie, xsrf };
}

/** One load phase of GET /api/cart: the generator in its own process; this process (the app) measures its CPU. */
async function cartPhase(base, cookie) {
  await bench.expectOk(base, cookie, ['/api/cart']);
  return bench.withAppCpu(() =>
    bench.loadRun(base, cookie, ['/api/cart'], { connections: HTTP_CONNECTIONS, seconds: HTTP_SECONDS }),
  );
}

/** Every racer checks out at the same instant (bench/discounts/race-child.js, its own process). */
function race(base, buyers) {
  return bench.withAppCpu(() => bench.runChild(join(__dirname, 'race-child.js'), { base, buyers }, 'RACE_SPEC'));
}

async function main() {
  const { url, db } = await bench.freshClient(DB);
  const hash = await bench.benchPasswordHash();
  await db.query(
    `INSERT INTO users (name, email, handle, password_hash, email_verified_at)
     SELECT 'Racer ' || n, 'racer' || n || '@bench.test', 'racer-' || n, $2, now() FROM generate_series(0, $1::int) n`,
    [RACERS, hash],
  );
  const { productId, variantId } = await bench.insertProduct(
    db,
    { slug: 'bench-guide', title: 'Guide', category: 'guides', kind: 'digital' },
    { sku: 'GUIDE', name: 'PDF', priceMinor: 1200 },
  );
  step(`seeding ${REDEMPTIONS} redemptions of POPULAR`);
  const popularId = await seedPopularCode(db, productId);
  await db.query(
    `INSERT INTO discount_codes (code, kind, amount_off_minor, currency, starts_at, max_uses)
     VALUES ('LAST', 'fixed', 200, 'USD', now() - interval '1 day', $1)`,
    [LIMIT],
  );
  await db.query(
    `INSERT INTO discount_codes (code, kind, percent_off, starts_at) VALUES ('EVERYONE', 'percent', 5, now() - interval '1 day')`,
  );

  step('booting the app');
  const served = await bench.bootApp(url, 'discounts');
  const base = served.base;
  const reader = await buyerWithCart(base, 'racer0@bench.test', variantId);
  await cartPhase(base, reader.cookie); // warm-up
  step('phase A: cart without a code');
  const baseline = await cartPhase(base, reader.cookie);
  const apply = await fetch(`${base}/api/cart/discount`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Cookie: reader.cookie,
      'X-XSRF-TOKEN': reader.xsrf,
    },
    body: JSON.stringify({ code: 'POPULAR' }),
  });
  const applied = await apply.json();
  if (applied.cart?.discount?.amount?.amount_minor !== 120) throw new Error(`POPULAR did not apply: ${apply.status}`);
  step(`phase B: cart holding a code used ${REDEMPTIONS} times`);
  const withCode = await cartPhase(base, reader.cookie);

  step(`phases C and D: ${RACERS} buyers check out at once`);
  const racers = [];
  for (let i = 1; i <= RACERS; i++) racers.push(await buyerWithCart(base, `racer${i}@bench.test`, variantId, 'LAST'));
  const limited = await race(base, racers);
  const [last] = (
    await db.query(
      `SELECT c.live_uses, (SELECT count(*)::int FROM orders WHERE discount_code = 'LAST') AS orders
         FROM discount_codes c WHERE c.code = 'LAST'`,
    )
  ).rows;
  // The same buyers switch to the unlimited code: their open orders are cancelled by the new checkout.
  for (const r of racers)
    await fetch(`${base}/api/cart/discount`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Cookie: r.cookie,
        'X-XSRF-TOKEN': r.xsrf,
      },
      body: JSON.stringify({ code: 'EVERYONE' }),
    });
  const unlimited = await race(base, racers);
  await served.close();

  const plans = await bench.explainAll(db, [
    [
      'a customer’s own uses and the excepted order (every cart view and checkout)',
      `SELECT (SELECT count(*)::int FROM discount_redemptions
                WHERE code_id = $1 AND user_id = $2 AND status <> 'released' AND order_id IS DISTINCT FROM $3) AS mine,
              (SELECT count(*)::int FROM discount_redemptions
                WHERE order_id = $3 AND code_id = $1 AND status <> 'released') AS excepted`,
      [popularId, (await db.query(`SELECT id FROM users WHERE handle = 'past-1'`)).rows[0].id, null],
    ],
    [
      'the admin list: a page of codes with their orders awaiting payment',
      `SELECT c.*, (SELECT count(*)::int FROM discount_redemptions r WHERE r.code_id = c.id AND r.status = 'held') AS held
         FROM discount_codes c ORDER BY c.created_at DESC, c.id DESC LIMIT 20`,
      [],
    ],
  ]);
  bench.writeResult('discounts-explain.txt', plans);

  const exact = last.orders === LIMIT && last.live_uses === LIMIT && limited.statuses['200'] === LIMIT;
  const summary = {
    redemptions_of_popular: REDEMPTIONS,
    racers: RACERS,
    limit: LIMIT,
    connections: HTTP_CONNECTIONS,
    seconds: HTTP_SECONDS,
    load_average: loadavg().map(round),
    cart_without_code: baseline,
    cart_with_popular_code: withCode,
    ratio_p99_code_vs_none: round(withCode.p99 / baseline.p99),
    ratio_rps_code_vs_none: round(withCode.rps / baseline.rps),
    ratio_cpu_per_request_code_vs_none: round(withCode.app_cpu_ms_per_request / baseline.app_cpu_ms_per_request),
    race_for_last_uses: limited,
    race_unlimited_code: unlimited,
    ratio_p99_limited_vs_unlimited: round(limited.p99 / unlimited.p99),
    last_uses: { ...last, exact },
  };
  await db.end();
  await bench.finish('discounts.json', summary, DB);
  if (!exact) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
