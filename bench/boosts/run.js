#!/usr/bin/env node
// Listing boosts: what the sponsored places cost a market search. In a dedicated database built by the real
// migrations, ROWS published properties around ten cities; the real app booted on it (this process), and
// GET /api/market/search (5-mile circles at CENTRES points near the cities, first page) from the load generator in
// its own process (bench/buyer/load-child.js):
//   A. baseline: no boost running (the sponsored step reads the running boosts and finds none);
//   B. BOOSTS running boosts on listings near the cities (the step then runs the circle query restricted to them);
//   C. the second page of the same searches with the boosts running (no sponsored step: pages after the first).
// Each phase reports requests, rps, p50/p95/p99/max, the app's CPU per request and its RSS; the ratios B/A tell the
// cost. The plans of the two extra statements go to bench/results/boosts-explain.txt.
//
//   node bench/boosts/run.js   (ROWS=200000, BOOSTS=50, CENTRES=40, HTTP_SECONDS=10, HTTP_CONNECTIONS=4;
//                               BENCH_POSTGRES_URL, BENCH_REDIS_URL; KEEP_DB=1)
require('../support/ts-register');
const { loadavg } = require('node:os');
const { join } = require('node:path');
const {
  bootApp,
  bulkLoadProperties,
  expectOk,
  finish,
  freshClient,
  insertProduct,
  runChild,
  withAppCpu,
  writeResult,
} = require('../support/common');

const ROWS = Number(process.env.ROWS ?? 200_000);
const BOOSTS = Number(process.env.BOOSTS ?? 50);
const CENTRES = Number(process.env.CENTRES ?? 40);
const HTTP_SECONDS = Number(process.env.HTTP_SECONDS ?? 10);
const HTTP_CONNECTIONS = Number(process.env.HTTP_CONNECTIONS ?? 4);
const DB = 'reelty_bench_boosts';
const CITIES = [
  [30.2672, -97.7431],
  [40.7128, -74.006],
  [34.0522, -118.2437],
  [41.8781, -87.6298],
  [29.7604, -95.3698],
  [39.7392, -104.9903],
  [25.7617, -80.1918],
  [47.6062, -122.3321],
  [42.3601, -71.0589],
  [33.749, -84.388],
];
const round = (x) => Math.round(x * 100) / 100;

/** The published properties: a spread of ~25 miles around each city, every 20th a draft. */
async function seedListings(db, sellerId) {
  const centres = CITIES.map(([lat, lng], k) => `(${k}, ${lat}::float8, ${lng}::float8)`).join(', ');
  await bulkLoadProperties(db, (d) =>
    d.query(
      `INSERT INTO properties (user_id, slug, name, price, currency, latitude, longitude, type, status, publish, published_at)
     SELECT $1, 'boost-bench-' || n, 'Listing ' || n, 100000 + (n % 900) * 1000, 'USD',
            c.lat + (random() - 0.5) * 0.7, c.lng + (random() - 0.5) * 0.8, 'house', 'for_sale', n % 20 <> 0,
            now() - (n || ' minutes')::interval
       FROM generate_series(1, $2::int) n JOIN (VALUES ${centres}) AS c(k, lat, lng) ON c.k = n % ${CITIES.length}`,
      [sellerId, ROWS],
    ),
  );
}

/** BOOSTS paid boosts running now, on published listings nearest the cities (one order holding every line). */
async function startBoosts(db, sellerId) {
  const { productId, variantId } = await insertProduct(
    db,
    { slug: 'bench-boost', title: 'Boost', category: 'listing-boosts', kind: 'listing_boost' },
    { sku: 'BENCH-BOOST', name: '7 days', priceMinor: 2900, boostDays: 7 },
  );
  const [order] = (
    await db.query(
      `INSERT INTO orders (number, user_id, content_hash, email, currency, subtotal_minor, total_minor, status,
                           payment_status, provider, expires_at, paid_at)
       VALUES ('R-BENCH', $1, 'bench', 'seller@bench.test', 'USD', $2, $2, 'fulfilled', 'paid', 'local', now(), now())
       RETURNING id`,
      [sellerId, 2900 * BOOSTS],
    )
  ).rows;
  const perCity = Math.ceil(BOOSTS / CITIES.length);
  const boosted = [];
  for (const [lat, lng] of CITIES) {
    const near = await db.query(
      `SELECT id FROM properties WHERE publish ORDER BY point(longitude, latitude) <-> point($2, $1) LIMIT $3`,
      [lat, lng, perCity],
    );
    boosted.push(...near.rows.map((r) => r.id));
  }
  for (const propertyId of boosted.slice(0, BOOSTS)) {
    const [line] = (
      await db.query(
        `INSERT INTO order_lines (order_id, product_id, variant_id, title, category, kind, quantity, unit_price_minor,
                                  total_minor, property_id, boost_days)
         VALUES ($1, $2, $3, 'Boost', 'listing-boosts', 'listing_boost', 1, 2900, 2900, $4, 7) RETURNING id`,
        [order.id, productId, variantId, propertyId],
      )
    ).rows;
    await db.query(
      `INSERT INTO listing_boosts (property_id, user_id, order_id, order_number, order_line_id, paid_minor, currency,
                                   starts_at, ends_at)
       VALUES ($1, $2, $3, 'R-BENCH', $4, 2900, 'USD', now() - interval '1 day', now() + interval '6 days')`,
      [propertyId, sellerId, order.id, line.id],
    );
  }
  await db.query(`ANALYZE listing_boosts`);
  return boosted.slice(0, BOOSTS);
}

/** One load phase: the load generator in its own process; the app's CPU (this process) per request and its RSS. */
async function phase(base, paths) {
  await expectOk(base, '', paths.slice(0, 3));
  return withAppCpu(() =>
    runChild(join(__dirname, '..', 'buyer', 'load-child.js'), {
      base,
      paths,
      connections: HTTP_CONNECTIONS,
      seconds: HTTP_SECONDS,
    }),
  );
}

async function main() {
  const { url, db } = await freshClient(DB);
  const [seller] = (
    await db.query(
      `INSERT INTO users (name, email, handle, password_hash) VALUES ('Bench Seller', 'seller@bench.test',
         'bench-seller', 'x') RETURNING id`,
    )
  ).rows;
  const step = (what) => console.error(`[boosts bench] ${new Date().toISOString().slice(11, 19)} ${what}`);
  step(`seeding ${ROWS} listings`);
  await seedListings(db, seller.id);
  step('booting the app');
  const served = await bootApp(url, 'boosts');
  const centres = Array.from({ length: CENTRES }, (_, i) => {
    const [lat, lng] = CITIES[i % CITIES.length];
    return { lat: (lat + ((i * 7) % 11) * 0.004).toFixed(5), lng: (lng - ((i * 5) % 13) * 0.004).toFixed(5) };
  });
  const paths = (page) =>
    centres.map((c) => `/api/market/search?${new URLSearchParams({ ...c, radius: '5', page: String(page) })}`);

  await phase(served.base, paths(1).slice(0, 5)); // warm the app and the caches
  step('phase A: no boost running');
  const baseline = await phase(served.base, paths(1));
  step(`phase B: ${BOOSTS} boosts running`);
  const boosted = await startBoosts(db, seller.id);
  const probe = await (await fetch(served.base + paths(1)[0], { headers: { Accept: 'application/json' } })).json();
  const sponsoredShown = probe.results.data.filter((r) => r.sponsored).length;
  if (!sponsoredShown) throw new Error('No sponsored listing on the first page: the benchmark would measure nothing.');
  const withBoosts = await phase(served.base, paths(1));
  step('phase C: second pages');
  const secondPage = await phase(served.base, paths(2));
  await served.close();

  const explain = async (label, sql, params) =>
    `-- ${label}\n${(await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n')}\n`;
  const { radiusSql } = require('../../src/modules/market/market.repository');
  const [lat, lng] = CITIES[0];
  const sponsoredSql = radiusSql({ lat, lng, radius: 5, onlyIds: boosted, limit: 3, offset: 0 }, 'distance');
  const plans = [
    await explain(
      'running boosts (every first page)',
      `SELECT DISTINCT property_id FROM listing_boosts
        WHERE ended_at IS NULL AND ends_at > $1 AND starts_at <= $1 AND property_id IS NOT NULL`,
      [new Date()],
    ),
    await explain('the circle restricted to the boosted listings', sponsoredSql.sql, sponsoredSql.params),
  ].join('\n');
  writeResult('boosts-explain.txt', plans);

  const summary = {
    properties: ROWS,
    running_boosts: BOOSTS,
    sponsored_on_probe_page: sponsoredShown,
    centres: CENTRES,
    connections: HTTP_CONNECTIONS,
    seconds: HTTP_SECONDS,
    load_average: loadavg().map(round),
    baseline_no_boost_running: baseline,
    with_boosts_first_page: withBoosts,
    with_boosts_second_page: secondPage,
    ratio_p95_boosts_vs_baseline: round(withBoosts.p95 / baseline.p95),
    ratio_rps_boosts_vs_baseline: round(withBoosts.rps / baseline.rps),
    ratio_cpu_per_request_boosts_vs_baseline: round(
      withBoosts.app_cpu_ms_per_request / baseline.app_cpu_ms_per_request,
    ),
  };
  await db.end();
  await finish('boosts.json', summary, DB);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
