#!/usr/bin/env node
// Market benchmark: 1,000,000 properties in a dedicated database, radius search p50/p95 at 2 and
// 25 miles with and without filters, the same queries with no index (same run), EXPLAIN ANALYZE,
// and the listings dashboard p99 under HTTP load. Bounded: about 3-4 minutes.
//
//   node bench/market/run.js            (BENCH_POSTGRES_URL, BENCH_REDIS_URL, ROWS, QUERIES, NO_INDEX_QUERIES,
//                                        DASHBOARD_SECONDS to override; KEEP_DB=1 keeps reelty_bench_market)
require('../support/ts-register');
const { Client } = require('pg');
const bench = require('../support/common');

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const QUERIES = Number(process.env.QUERIES ?? 200);
const NO_INDEX_QUERIES = Number(process.env.NO_INDEX_QUERIES ?? 10);
const DB = 'reelty_bench_market';

const CITIES = [
  [40.7128, -74.006],
  [34.0522, -118.2437],
  [41.8781, -87.6298],
  [29.7604, -95.3698],
  [33.4484, -112.074],
  [39.9526, -75.1652],
  [29.4241, -98.4936],
  [32.7157, -117.1611],
  [32.7767, -96.797],
  [30.2672, -97.7431],
  [37.7749, -122.4194],
  [47.6062, -122.3321],
  [39.7392, -104.9903],
  [25.7617, -80.1918],
  [42.3601, -71.0589],
  [36.1699, -115.1398],
  [45.5152, -122.6784],
  [35.2271, -80.8431],
  [51.5074, -0.1278],
  [48.8566, 2.3522],
  [52.52, 13.405],
  [40.4168, -3.7038],
  [41.9028, 12.4964],
  [35.6762, 139.6503],
  [-33.8688, 151.2093],
  [-37.8136, 144.9631],
  [43.6532, -79.3832],
  [19.4326, -99.1332],
  [-23.5505, -46.6333],
  [-17.8, 179.99],
];

const ms = (x) => Math.round(x * 100) / 100;

async function main() {
  const t0 = Date.now();
  const url = await bench.freshDatabase(DB);

  const db = new Client({ connectionString: url });
  await db.connect();
  const hash = await bench.benchPasswordHash();
  const [{ id: seller }] = (
    await db.query(
      `INSERT INTO users (name, email, handle, type, password_hash, email_verified_at) VALUES ('Seller', 'seller@bench.test', 'seller', 'realtor', $1, now()) RETURNING id`,
      [hash],
    )
  ).rows;
  const [{ id: realtor }] = (
    await db.query(
      `INSERT INTO users (name, email, handle, type, password_hash, email_verified_at) VALUES ('Dash Realtor', 'dash@bench.test', 'dash', 'realtor', $1, now()) RETURNING id`,
      [hash],
    )
  ).rows;

  // 1,000,000 properties: 70 % around 30 cities (within ~40 miles, denser near the centre), 30 % anywhere.
  const cities = `(VALUES ${CITIES.map(([a, b]) => `(${a}::float8, ${b}::float8)`).join(', ')}) AS c(lat, lng)`;
  const seedStart = Date.now();
  await db.query(`SET synchronous_commit = off`);
  await db.query(`ALTER TABLE properties SET (autovacuum_enabled = false)`);
  // The GiST index exactly as the migrations define it (covering, partial), rebuilt after the seed.
  const [{ indexdef: geoIndexDef }] = (
    await db.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'properties_market_geo_idx'`)
  ).rows;
  await db.query(`DROP INDEX properties_market_geo_idx`);
  // The type-led GiST index (migration 1763871400000-FilteredGeoIndex), likewise rebuilt after the seed.
  const [{ indexdef: typeGeoIndexDef }] = (
    await db.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'properties_market_type_geo_idx'`)
  ).rows;
  await db.query(`DROP INDEX properties_market_type_geo_idx`);
  // Built after the seed like the GiST index (one sort instead of 1M random-position inserts).
  await db.query(`DROP INDEX properties_user_created_idx`);
  await db.query(`DROP INDEX properties_user_price_idx`);
  await db.query(
    `
    WITH cs AS (SELECT row_number() OVER () - 1 AS k, lat, lng FROM ${cities}),
    g AS (
      SELECT i, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5, random() AS r6, (i % ${CITIES.length}) AS k FROM generate_series(1, ${ROWS}) AS i
    )
    INSERT INTO properties (user_id, slug, name, price, currency, latitude, longitude, type, sector, status, publish, published_at, city, full_address)
    SELECT $1, 'bench-' || g.i, 'Bench property ' || g.i,
           round((50000 + g.r3 * 1950000)::numeric, 2), 'USD',
           CASE WHEN g.i % 10 < 7 THEN greatest(-89.9, least(89.9, cs.lat + (g.r1 - 0.5) * 1.2 * g.r2)) ELSE degrees(asin(2 * g.r1 - 1)) END,
           CASE WHEN g.i % 10 < 7 THEN ((cs.lng + (g.r2 - 0.5) * 1.5 * g.r1 + 540)::numeric % 360 - 180)::float8 ELSE g.r2 * 360 - 180 END,
           -- Independent of the city (i % 30): every type, sector and status in every city.
           (ARRAY['house','condo','townhouse','apartment','multi_family','land'])[1 + floor(g.r4 * 6)::int],
           (ARRAY['residential','residential','residential','commercial'])[1 + floor(g.r5 * 4)::int],
           (ARRAY['for_sale','for_sale','for_rent','pending','sold'])[1 + floor(g.r6 * 5)::int],
           g.i % 20 <> 0, now(), 'Bench City', 'Somewhere ' || g.i
    FROM g JOIN cs ON cs.k = g.k`,
    [seller],
  );
  // The dashboard realtor: 2,000 properties with listings.
  await db.query(
    `
    WITH p AS (
      INSERT INTO properties (user_id, slug, name, price, currency, latitude, longitude, type, status, publish, archived_at, city, full_address)
      SELECT $1, 'dash-' || i, 'Dashboard home ' || i, (100000 + i * 100)::numeric, 'USD', 30.2672, -97.7431, 'house', 'for_sale',
             i % 3 <> 0, CASE WHEN i % 17 = 0 THEN now() END, 'Austin', i || ' Main St, Austin'
      FROM generate_series(1, 2000) AS i RETURNING id
    ) INSERT INTO listings (property_id, user_id) SELECT id, $1 FROM p`,
    [realtor],
  );
  const indexStart = Date.now();
  await db.query(`CREATE INDEX properties_user_created_idx ON properties (user_id, created_at DESC, id)`);
  await db.query(`CREATE INDEX properties_user_price_idx ON properties (user_id, price DESC NULLS LAST, id)`);
  await db.query(geoIndexDef);
  await db.query(typeGeoIndexDef);
  await db.query(`ALTER TABLE properties SET (autovacuum_enabled = true)`);
  await db.query(`VACUUM ANALYZE properties`);
  await db.query(`VACUUM ANALYZE listings`);
  const seedSeconds = (indexStart - seedStart) / 1000;
  const indexSeconds = (Date.now() - indexStart) / 1000;
  const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM properties`)).rows;
  console.log(`seeded ${n} properties in ${seedSeconds.toFixed(1)} s, index + analyze in ${indexSeconds.toFixed(1)} s`);

  const { radiusSql, radiusPage, knnWindowSql, TOTAL_CAP } = require('../../src/modules/market/market-search.service');
  const runSql = async (sql, params) => (await db.query(sql, params)).rows;
  // Query centres: near city centres (where the data is dense), deterministic jitter.
  const centres = Array.from({ length: QUERIES }, (_, i) => {
    const [lat, lng] = CITIES[i % CITIES.length];
    return { lat: lat + (((i * 37) % 100) / 100 - 0.5) * 0.2, lng: lng + (((i * 53) % 100) / 100 - 0.5) * 0.2 };
  });
  const cases = [
    { name: '2 mi', radius: 2, filters: {} },
    {
      name: '2 mi + filters',
      radius: 2,
      filters: { type: 'house', minPrice: '200000', maxPrice: '900000', status: 'for_sale' },
    },
    { name: '25 mi', radius: 25, filters: {} },
    {
      name: '25 mi + filters',
      radius: 25,
      filters: { type: 'house', minPrice: '200000', maxPrice: '900000', status: 'for_sale' },
    },
  ];
  // The production search (radiusPage: KNN window on the GiST index + exact haversine, capped total;
  // the bounding-box query as fallback), all of its round trips timed.
  const run = async (c, centre) => {
    const start = process.hrtime.bigint();
    const res = await radiusPage(runSql, {
      lat: centre.lat,
      lng: centre.lng,
      radius: c.radius,
      ...c.filters,
      limit: 20,
      offset: 0,
    });
    return {
      ms: Number(process.hrtime.bigint() - start) / 1e6,
      total: res.total,
      capped: res.totalIsCapped,
      strategy: res.strategy,
      windows: res.windows,
    };
  };
  // Exactness: the same page as the full bounding-box query (every candidate, exact order and total).
  let checked = 0;
  for (const c of cases) {
    for (const centre of centres.slice(0, 40)) {
      for (const offset of [0, 180]) {
        const q = { lat: centre.lat, lng: centre.lng, radius: c.radius, ...c.filters, limit: 20, offset };
        const got = await radiusPage(runSql, q);
        const { sql, params } = radiusSql(q);
        const want = await runSql(sql, params);
        const wantTotal = want.length ? Number(want[0].total) : got.total;
        const same = JSON.stringify(got.rows.map((r) => r.id)) === JSON.stringify(want.map((r) => r.id));
        const totalOk = got.totalIsCapped ? wantTotal > TOTAL_CAP : got.total === wantTotal || !want.length;
        if (!same || !totalOk)
          throw new Error(`radiusPage differs from the full query: ${c.name} ${JSON.stringify(q)}`);
        checked++;
      }
    }
  }
  console.log(`radiusPage matched the full bounding-box query on ${checked} pages (ids, order, total)`);
  // Warm-up.
  for (const c of cases) for (const centre of centres.slice(0, 10)) await run(c, centre);
  const indexed = {};
  for (const c of cases) {
    const times = [];
    const totals = [];
    let capped = 0;
    let box = 0;
    let retried = 0;
    for (const centre of centres) {
      const r = await run(c, centre);
      times.push(r.ms);
      totals.push(r.total);
      if (r.capped) capped++;
      if (r.strategy === 'box') box++;
      if (r.windows > 1) retried++;
    }
    indexed[c.name] = {
      p50: ms(bench.percentile(times, 50)),
      p95: ms(bench.percentile(times, 95)),
      p99: ms(bench.percentile(times, 99)),
      medianMatches: bench.percentile(totals, 50),
      capped,
      boxFallback: box,
      moreThanOneRoundTrip: retried,
    };
  }

  // EXPLAIN ANALYZE of the 2- and 25-mile queries.
  // New York: a dense synthetic metro (Austin's cluster shares its centre with the dashboard realtor's homes).
  const explain = async (radius, filters = {}) => {
    const { sql, params } = knnWindowSql(
      { lat: 40.7128, lng: -74.006, radius, ...filters, limit: 20, offset: 0 },
      80,
      TOTAL_CAP + 1,
    );
    return (await db.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params)).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
  };
  const plan2 = await explain(2);
  const plan25all = await explain(25);
  const plan25 = await explain(25, cases[3].filters);
  const oldSql = radiusSql({ lat: 40.7128, lng: -74.006, radius: 25, limit: 20, offset: 0 });
  const plan25box = (await db.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${oldSql.sql}`, oldSql.params)).rows
    .map((r) => r['QUERY PLAN'])
    .join('\n');

  // Same queries with no index, in the same run: drop it inside a transaction and roll back.
  const noIndex = {};
  await db.query('BEGIN');
  await db.query('DROP INDEX properties_market_geo_idx');
  await db.query('DROP INDEX properties_market_type_geo_idx');
  for (const c of cases) {
    const times = [];
    for (const centre of centres.slice(0, NO_INDEX_QUERIES)) times.push((await run(c, centre)).ms);
    noIndex[c.name] = { p50: ms(bench.percentile(times, 50)), p95: ms(bench.percentile(times, 95)) };
  }
  const noIdx = knnWindowSql({ lat: 40.7128, lng: -74.006, radius: 2, limit: 20, offset: 0 }, 80, TOTAL_CAP + 1);
  const planNoIndex = (await db.query(`EXPLAIN (ANALYZE, COSTS OFF) ${noIdx.sql}`, noIdx.params)).rows
    .map((r) => r['QUERY PLAN'])
    .join('\n');
  await db.query('ROLLBACK');
  await db.end();

  const dashboard = await dashboardLoad(url);

  const summary = {
    rows: n,
    seedSeconds,
    indexSeconds,
    queriesPerCase: QUERIES,
    noIndexQueriesPerCase: NO_INDEX_QUERIES,
    indexed,
    noIndex,
    dashboard,
    totalSeconds: (Date.now() - t0) / 1000,
  };
  console.log('\nradius search (ms)        p50      p95   | no index p50   ratio p50');
  for (const c of cases) {
    const a = indexed[c.name];
    const b = noIndex[c.name];
    console.log(
      `${c.name.padEnd(20)} ${String(a.p50).padStart(8)} ${String(a.p95).padStart(8)}   | ${String(b.p50).padStart(12)}   ${(b.p50 / a.p50).toFixed(0).padStart(6)}x   (median matches ${a.medianMatches}, capped ${a.capped}, box fallback ${a.boxFallback}, >1 round trip ${a.moreThanOneRoundTrip})`,
    );
  }
  console.log(`\nlistings dashboard: ${JSON.stringify(dashboard)}`);
  console.log(
    `\n--- EXPLAIN ANALYZE 2 mi ---\n${plan2}\n\n--- EXPLAIN ANALYZE 25 mi ---\n${plan25all}\n\n--- EXPLAIN ANALYZE 25 mi + filters ---\n${plan25}\n\n--- EXPLAIN ANALYZE 25 mi, previous bounding-box query ---\n${plan25box}\n\n--- EXPLAIN ANALYZE 2 mi, no index ---\n${planNoIndex}`,
  );
  bench.writeResult('market.json', summary);
  bench.writeResult(
    'market-explain.txt',
    `2 mi:\n${plan2}\n\n25 mi:\n${plan25all}\n\n25 mi + filters:\n${plan25}\n\n25 mi, previous bounding-box query:\n${plan25box}\n\n2 mi, no index:\n${planNoIndex}\n`,
  );
  if (!process.env.KEEP_DB) {
    await bench.dropDatabase(DB);
  }
  console.log(`\ndone in ${summary.totalSeconds.toFixed(0)} s; results in bench/results/market.json`);
  process.exit(0);
}

/** Boots the real app on the bench database and hits GET /api/listings/dashboard with autocannon. */
async function dashboardLoad(databaseUrl) {
  const { base, close } = await bench.bootApp(databaseUrl, 'market');
  const session = await bench.signIn(base, 'dash@bench.test', bench.BENCH_PASSWORD);
  const probe = await fetch(`${base}/api/listings/dashboard?count=12`, {
    headers: { Accept: 'application/json', Cookie: session },
  });
  if (probe.status !== 200) throw new Error(`dashboard probe failed: ${probe.status}`);
  const autocannon = require('autocannon');
  const result = await autocannon({
    url: base,
    connections: 20,
    duration: Number(process.env.DASHBOARD_SECONDS ?? 10),
    headers: { Accept: 'application/json', Cookie: session, 'X-Requested-With': 'XMLHttpRequest' },
    requests: [
      { method: 'GET', path: '/api/listings/dashboard?count=12' },
      { method: 'GET', path: '/api/listings/dashboard?publish=published&sort=price_desc&count=12' },
      { method: 'GET', path: '/api/listings/dashboard/paginate?search=main&count=12&page=7' },
    ],
  });
  await close();
  return {
    connections: 20,
    seconds: result.duration,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
