#!/usr/bin/env node
// Buyer benchmark, in a dedicated database built by the real migrations:
//  1. Saved-search alerts: one new listing matched against SEARCHES saved searches (circles, drawn polygons and
//     map views with price bands and types): the production query (GiST on saved_searches.area + exact test in
//     JS) vs the same query with index scans disabled (baseline, same run); EXPLAIN (ANALYZE, BUFFERS).
//  2. Polygon search: drawn areas (~6-12 miles across) around cities over ROWS properties through the app's own
//     MarketRepository.area (areaSql, its paging) with the service's searchRing/searchFilters: p50/p95/p99, plain
//     (newest first) and filtered (type + price band, cheapest first); baselines in the same run: a primary-key
//     lookup, the radius search (radiusPage) at the same centres, and the polygon query with no index.
//  3. HTTP: the real app booted on that database, GET /api/market/search?polygon=... from a load generator in its
//     own process (bench/buyer/load-child.js), against the radius search over HTTP in the same run; app RSS.
//
//   node bench/buyer/run.js   (BENCH_POSTGRES_URL, ROWS, SEARCHES, MATCHES, QUERIES, BASELINE_QUERIES,
//                              HTTP_SECONDS, HTTP_CONNECTIONS; KEEP_DB=1)
require('../support/ts-register');
const { join } = require('node:path');
const { Client } = require('pg');
const {
  bootApp,
  bulkLoadProperties,
  dropDatabase,
  freshDatabase,
  percentile,
  runChild,
  writeResult,
} = require('../support/common');

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const SEARCHES = Number(process.env.SEARCHES ?? 100_000);
const MATCHES = Number(process.env.MATCHES ?? 200);
const QUERIES = Number(process.env.QUERIES ?? 200);
const BASELINE_QUERIES = Number(process.env.BASELINE_QUERIES ?? 10);
const HTTP_SECONDS = Number(process.env.HTTP_SECONDS ?? 10);
const HTTP_CONNECTIONS = Number(process.env.HTTP_CONNECTIONS ?? 4);
const DB = 'reelty_bench_buyer';

const CITIES = [
  [40.7128, -74.006],
  [34.0522, -118.2437],
  [41.8781, -87.6298],
  [29.7604, -95.3698],
  [33.4484, -112.074],
  [30.2672, -97.7431],
  [37.7749, -122.4194],
  [47.6062, -122.3321],
  [25.7617, -80.1918],
  [42.3601, -71.0589],
  [51.5074, -0.1278],
  [48.8566, 2.3522],
  [35.6762, 139.6503],
  [-33.8688, 151.2093],
  [-17.8, 179.9],
];
const TYPES = ['house', 'condo', 'townhouse', 'apartment', 'multi_family', 'land'];

let seed = 42;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const ms = (x) => Math.round(x * 100) / 100;
const pcts = (xs) => ({
  p50_ms: ms(percentile(xs, 50)),
  p95_ms: ms(percentile(xs, 95)),
  p99_ms: ms(percentile(xs, 99)),
});
const wrap = (lng) => ((((lng + 180) % 360) + 360) % 360) - 180;

/** A quadrilateral about `size` degrees across around a point near a city (may cross the antimeridian). */
function polygonNear([lat, lng], size) {
  const cLat = lat + (rand() - 0.5) * 0.6;
  const cLng = lng + (rand() - 0.5) * 0.6;
  const h = size / 2;
  return [
    [cLat - h * (0.8 + rand() * 0.4), cLng - h],
    [cLat - h, cLng + h * (0.8 + rand() * 0.4)],
    [cLat + h * (0.8 + rand() * 0.4), cLng + h],
    [cLat + h, cLng - h * (0.8 + rand() * 0.4)],
  ]
    .map(([a, b]) => `${a.toFixed(5)},${wrap(b).toFixed(5)}`)
    .join(';');
}

async function timed(fn) {
  const s = process.hrtime.bigint();
  const out = await fn();
  return [Number(process.hrtime.bigint() - s) / 1e6, out];
}

async function main() {
  const url = await freshDatabase(DB);

  const { searchBox, matchesSearch } = require('../../src/modules/saved-searches/criteria');
  const { areaSql, MarketRepository } = require('../../src/modules/market/market.repository');
  const { searchRing, searchFilters, radiusPage } = require('../../src/modules/market/market-search.service');
  const { ringCenter } = require('../../src/modules/market/polygon');

  const db = new Client({ connectionString: url });
  await db.connect();
  await db.query(`SET synchronous_commit = off`);
  const user = async (h) =>
    (
      await db.query(
        `INSERT INTO users (name, email, handle, type, password_hash) VALUES ($1::text, $1::text || '@bench.test', $1::text, 'viewer', 'x') RETURNING id`,
        [h],
      )
    ).rows[0].id;
  const seller = await user('seller');

  const { seedSeconds, indexSeconds, indexCount } = await bulkLoadProperties(db, async () => {
    const cities = `(VALUES ${CITIES.map(([a, b]) => `(${a}::float8, ${b}::float8)`).join(', ')}) AS c(lat, lng)`;
    await db.query(
      `WITH cs AS (SELECT row_number() OVER () - 1 AS k, lat, lng FROM ${cities}),
       g AS (SELECT i, random() r1, random() r2, random() r3, random() r4, random() r5, (i % ${CITIES.length}) k FROM generate_series(1, ${ROWS}) i)
       INSERT INTO properties (user_id, slug, name, price, currency, latitude, longitude, type, status, publish, published_at)
       SELECT $1, 'b-' || g.i, 'Bench ' || g.i, round((50000 + g.r3 * 1950000)::numeric, 2), 'USD',
              CASE WHEN g.i % 10 < 7 THEN cs.lat + (g.r1 - 0.5) * 1.2 * g.r2 ELSE degrees(asin(2 * g.r1 - 1)) END,
              CASE WHEN g.i % 10 < 7 THEN ((cs.lng + (g.r2 - 0.5) * 1.5 * g.r1 + 540)::numeric % 360 - 180)::float8 ELSE g.r2 * 360 - 180 END,
              (ARRAY['house','condo','townhouse','apartment','multi_family','land'])[1 + floor(g.r4 * 6)::int],
              (ARRAY['for_sale','for_sale','for_rent','pending','sold'])[1 + floor(g.r5 * 5)::int],
              g.i % 20 <> 0, now() - (g.i || ' seconds')::interval
       FROM g JOIN cs ON cs.k = g.k`,
      [seller],
    );
  });
  console.log(`seeded ${ROWS} properties in ${seedSeconds} s, ${indexCount} indexes + analyze in ${indexSeconds} s`);

  // Saved searches: 40 % circles, 40 % drawn polygons, 20 % map views; half with a price band, a third with a type.
  const buyers = [];
  for (let i = 0; i < 200; i++) buyers.push(await user(`buyer${i}`));
  const rows = [];
  for (let i = 0; i < SEARCHES; i++) {
    const city = CITIES[i % CITIES.length];
    const kind = rand();
    const params = { lat: city[0] + (rand() - 0.5), lng: wrap(city[1] + (rand() - 0.5)), radius: 1 + rand() * 9 };
    if (kind < 0.4) params.polygon = polygonNear(city, 0.05 + rand() * 0.2);
    else if (kind < 0.6) {
      const s = params.lat - 0.1;
      const w = wrap(params.lng - 0.15);
      params.bounds = `${s.toFixed(4)},${w.toFixed(4)},${(s + 0.2).toFixed(4)},${wrap(w + 0.3).toFixed(4)}`;
    }
    if (rand() < 0.5) {
      const lo = Math.round(rand() * 1_000_000);
      params.min_price = String(lo);
      params.max_price = String(lo + 200_000 + Math.round(rand() * 800_000));
    }
    if (rand() < 0.33) params.type = TYPES[Math.floor(rand() * TYPES.length)];
    const b = searchBox(params);
    rows.push([buyers[i % buyers.length], `S${i}`, JSON.stringify(params), b, params]);
  }
  const insertStart = Date.now();
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000);
    await db.query(
      `INSERT INTO saved_searches (user_id, name, params, area, min_price, max_price, type)
       SELECT u, n, p::jsonb, box(point(w, s), point(e, no)), lo, hi, ty
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::float8[], $5::float8[], $6::float8[], $7::float8[],
                   $8::numeric[], $9::numeric[], $10::text[]) AS x(u, n, p, w, s, e, no, lo, hi, ty)`,
      [
        chunk.map((r) => r[0]),
        chunk.map((r) => r[1]),
        chunk.map((r) => r[2]),
        chunk.map((r) => r[3].west),
        chunk.map((r) => r[3].south),
        chunk.map((r) => r[3].east),
        chunk.map((r) => r[3].north),
        chunk.map((r) => r[4].min_price ?? null),
        chunk.map((r) => r[4].max_price ?? null),
        chunk.map((r) => r[4].type ?? null),
      ],
    );
  }
  await db.query(`VACUUM ANALYZE saved_searches`);
  console.log(`saved ${SEARCHES} searches in ${((Date.now() - insertStart) / 1000).toFixed(1)} s`);

  // 1. Matching new listings against the saved searches: the production query + exact test.
  const CANDIDATES = `SELECT s.id, s.user_id, s.params FROM saved_searches s
        WHERE s.alerts
          AND (s.area @> box(point($1, $2), point($1, $2)) OR s.area @> box(point($1 + 360, $2), point($1 + 360, $2)))
          AND (s.min_price IS NULL OR s.min_price <= $3::numeric)
          AND (s.max_price IS NULL OR s.max_price >= $3::numeric)
          AND (s.type IS NULL OR s.type = $4)
          AND (s.sector IS NULL OR s.sector = $5)
          AND (s.status IS NULL OR s.status = $6)`;
  const listings = [];
  for (let i = 0; i < MATCHES; i++) {
    const c = CITIES[i % CITIES.length];
    listings.push({
      lat: c[0] + (rand() - 0.5) * 0.4,
      lng: wrap(c[1] + (rand() - 0.5) * 0.4),
      price: String(100000 + Math.round(rand() * 900000)),
      type: TYPES[i % TYPES.length],
      sector: null,
      status: 'for_sale',
      beds: 3,
      baths: 2,
      has_video: false,
      open_houses: [],
    });
  }
  const match = async (f) => {
    const { rows: cands } = await db.query(CANDIDATES, [f.lng, f.lat, f.price, f.type, f.sector, f.status]);
    const hits = cands.filter((c) => matchesSearch(c.params, f, new Date()));
    return { candidates: cands.length, hits: hits.length };
  };
  const matchTimes = [];
  let cand = 0;
  let hitCount = 0;
  for (const f of listings) {
    const [t, r] = await timed(() => match(f));
    matchTimes.push(t);
    cand += r.candidates;
    hitCount += r.hits;
  }
  await db.query(`SET enable_indexscan = off; SET enable_bitmapscan = off`);
  const baseMatch = [];
  for (const f of listings.slice(0, BASELINE_QUERIES)) baseMatch.push((await timed(() => match(f)))[0]);
  await db.query(`RESET enable_indexscan; RESET enable_bitmapscan`);
  const f0 = listings[5];
  const matchPlan = (
    await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${CANDIDATES}`, [
      f0.lng,
      f0.lat,
      f0.price,
      f0.type,
      f0.sector,
      f0.status,
    ])
  ).rows
    .map((r) => r['QUERY PLAN'])
    .join('\n');

  // 2. Polygon search over the properties, through the app's repository and the service's parsing of the DTO.
  const repo = new MarketRepository({ query: (sql, params) => db.query(sql, params).then((r) => r.rows) });
  const areaQuery = (dto) => {
    const ring = searchRing(dto);
    const c = ringCenter(ring);
    return {
      ...searchFilters(dto, new Date()),
      lat: c.lat,
      lng: c.lng,
      ring,
      sort: dto.sort ?? 'newest',
      limit: 20,
      offset: 0,
    };
  };
  const polys = [];
  for (let i = 0; i < QUERIES; i++) polys.push(polygonNear(CITIES[i % CITIES.length], 0.1 + rand() * 0.08));
  const filtered = (polygon) => ({
    polygon,
    type: 'house',
    min_price: '200000',
    max_price: '900000',
    sort: 'price_asc',
  });
  for (const p of polys.slice(0, 10)) await repo.area(areaQuery({ polygon: p })); // warm the cache
  const series = async (list, fn) => {
    const times = [];
    let found = 0;
    const started = Date.now();
    for (const x of list) {
      const [t, r] = await timed(() => fn(x));
      times.push(t);
      found += r ?? 0;
    }
    return { times, found, qps: ms(list.length / ((Date.now() - started) / 1000)) };
  };
  const plain = await series(polys, async (p) => (await repo.area(areaQuery({ polygon: p }))).total);
  const withFilters = await series(polys, async (p) => (await repo.area(areaQuery(filtered(p)))).total);
  // Baselines, same run: a primary-key lookup and the radius search (5 miles) at the polygons' centres.
  const ids = (await db.query(`SELECT id FROM properties TABLESAMPLE SYSTEM (1) LIMIT ${QUERIES}`)).rows.map(
    (r) => r.id,
  );
  const pk = await series(ids, async (id) => {
    await db.query(`SELECT id, name, price, latitude, longitude FROM properties WHERE id = $1`, [id]);
  });
  const radius = await series(polys, async (p) => {
    const c = ringCenter(searchRing({ polygon: p }));
    return (await radiusPage(repo.run, { lat: c.lat, lng: c.lng, radius: 5, limit: 20, offset: 0 })).total;
  });
  await db.query(`SET enable_indexscan = off; SET enable_bitmapscan = off`);
  const noIndex = await series(polys.slice(0, BASELINE_QUERIES), (p) => repo.area(areaQuery({ polygon: p })));
  await db.query(`RESET enable_indexscan; RESET enable_bitmapscan`);
  const explain = async (dto) => {
    const q = areaSql(areaQuery(dto));
    return (await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params)).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
  };
  const polyPlan = await explain({ polygon: polys[5] });
  const filteredPlan = await explain(filtered(polys[5]));
  const sizes = (
    await db.query(
      `SELECT pg_size_pretty(pg_relation_size('properties')) AS heap,
              pg_size_pretty(pg_relation_size('properties_market_geo_idx')) AS geo_idx`,
    )
  ).rows[0];

  // 3. Over HTTP: the real app on this database, the load generator in its own process.
  const served = await bootApp(url, 'buyer');
  const searchPath = (q) => `/api/market/search?${new URLSearchParams(q)}`;
  const polygonPaths = polys.slice(0, 50).map((p) => searchPath({ polygon: p }));
  const radiusPaths = polys.slice(0, 50).map((p) => {
    const c = ringCenter(searchRing({ polygon: p }));
    return searchPath({ lat: c.lat.toFixed(5), lng: c.lng.toFixed(5), radius: '5' });
  });
  const load = (paths) =>
    runChild(join(__dirname, 'load-child.js'), {
      base: served.base,
      paths,
      connections: HTTP_CONNECTIONS,
      seconds: HTTP_SECONDS,
    });
  await load(polygonPaths.slice(0, 5)); // warm the app
  const rssBefore = Math.round(process.memoryUsage().rss / 1e6);
  const httpPolygon = await load(polygonPaths);
  const httpRadius = await load(radiusPaths);
  const rssAfter = Math.round(process.memoryUsage().rss / 1e6);
  await served.close();

  const report = {
    properties: ROWS,
    saved_searches: SEARCHES,
    load_average: require('node:os')
      .loadavg()
      .map((x) => ms(x)),
    match: {
      listings: MATCHES,
      ...pcts(matchTimes),
      mean_candidates: Math.round(cand / MATCHES),
      mean_hits: Math.round(hitCount / MATCHES),
      baseline_no_index_p50_ms: ms(percentile(baseMatch, 50)),
      speedup_p50: ms(percentile(baseMatch, 50) / percentile(matchTimes, 50)),
    },
    polygon: {
      queries: QUERIES,
      newest: { ...pcts(plain.times), qps_one_client: plain.qps, mean_total: Math.round(plain.found / QUERIES) },
      filtered_price_asc: {
        ...pcts(withFilters.times),
        qps_one_client: withFilters.qps,
        mean_total: Math.round(withFilters.found / QUERIES),
      },
      baseline_pk_lookup: pcts(pk.times),
      baseline_radius_5mi: pcts(radius.times),
      baseline_no_index: pcts(noIndex.times),
      ratio_p95_vs_pk: ms(percentile(plain.times, 95) / percentile(pk.times, 95)),
      ratio_p95_vs_radius: ms(percentile(plain.times, 95) / percentile(radius.times, 95)),
      speedup_p50_vs_no_index: ms(percentile(noIndex.times, 50) / percentile(plain.times, 50)),
      sizes,
    },
    http: {
      connections: HTTP_CONNECTIONS,
      seconds: HTTP_SECONDS,
      polygon: httpPolygon,
      radius_5mi: httpRadius,
      ratio_p95_polygon_vs_radius: ms(httpPolygon.p95 / httpRadius.p95),
      app_rss_mb: { before_load: rssBefore, after_load: rssAfter },
    },
  };
  console.log(JSON.stringify(report, null, 2));
  writeResult('buyer.json', JSON.stringify(report, null, 2) + '\n');
  writeResult(
    'buyer-explain.txt',
    `-- saved-search match (one listing against ${SEARCHES} searches)\n${matchPlan}\n\n` +
      `-- polygon search, newest first (${ROWS} properties)\n${polyPlan}\n\n` +
      `-- polygon search, type + price band, cheapest first\n${filteredPlan}\n`,
  );
  await db.end();
  if (!process.env.KEEP_DB) {
    await dropDatabase(DB);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
