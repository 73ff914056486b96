#!/usr/bin/env node
// Commerce benchmark: 200 buyers check out at the same instant; the product has its last 50 units.
// Exactly 50 orders may be placed (stock is taken in the order's transaction) and exactly 50 paid.
// Baseline in the same run: the same 200 buyers checking out a product without a stock limit
// (the same route and work minus the contention on one variant row).
//
//   node bench/commerce/run.js        (BUYERS=200, UNITS=50, BENCH_POSTGRES_URL, BENCH_REDIS_URL)
//
// The app runs in its own process (bench/commerce/server.js); this process is the load generator.
require('../support/ts-register');
const { spawn } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { Client } = require('pg');
const bench = require('../support/common');

const BUYERS = Number(process.env.BUYERS ?? 200);
const UNITS = Number(process.env.UNITS ?? 50);
const DB = 'reelty_bench_commerce';

const round = (x) => Math.round(x * 10) / 10;

/** A browser-like client: cookie jar + the XSRF token echoed on writes. */
class Buyer {
  constructor(base) {
    this.base = base;
    this.cookies = new Map();
  }
  async req(method, path, body) {
    const headers = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
    if (body) headers['Content-Type'] = 'application/json';
    const res = await fetch(this.base + path, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
      redirect: 'manual',
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null; // not JSON (a redirect or an HTML page)
    }
    return { status: res.status, body: json };
  }
}

function rssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS'));
    return Number(line.replace(/\D+/g, '')) / 1024;
  } catch {
    return 0;
  }
}

async function burst(label, buyers, pid) {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const started = performance.now();
  const results = await Promise.all(
    buyers.map(async (b) => {
      const t0 = performance.now();
      const res = await b.req('POST', '/api/checkout', {});
      return { ms: performance.now() - t0, status: res.status, session: res.body?.session, buyer: b };
    }),
  );
  const wall = performance.now() - started;
  clearInterval(sampler);
  const lat = results.map((r) => r.ms);
  const by = results.reduce((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
  return {
    label,
    requests: results.length,
    statuses: by,
    p50: round(bench.percentile(lat, 50)),
    p95: round(bench.percentile(lat, 95)),
    p99: round(bench.percentile(lat, 99)),
    max: round(Math.max(...lat)),
    throughput: round(results.length / (wall / 1000)),
    wall_ms: round(wall),
    peak_rss_mb: round(peak),
    sessions: results.filter((r) => r.status === 200).map((r) => ({ ...r.session, buyer: r.buyer })),
  };
}

async function main() {
  const url = await bench.freshDatabase(DB, { migrate: false });

  const env = {
    ...process.env,
    DATABASE_URL: url,
    REDIS_URL: bench.REDIS_URL,
    BENCH_PREFIX: `bench:commerce:${Date.now()}`,
    STORAGE_DIR: '/tmp/reelty-bench-commerce',
  };
  const server = spawn(process.execPath, [join(__dirname, 'server.js')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    server.stdout.on('data', (d) => {
      const m = /LISTENING (\d+)/.exec(String(d));
      if (m) resolve(Number(m[1]));
    });
    server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    // Buyers straight into the database (one password hash shared), then signed in over HTTP as browsers do.
    const hash = await bench.benchPasswordHash();
    for (let i = 0; i < BUYERS; i++)
      await db.query(
        `INSERT INTO users (name, email, handle, password_hash, email_verified_at) VALUES ($1, $2, $3, $4, now())`,
        [`Buyer ${i}`, `buyer${i}@bench.test`, `buyer${i}`, hash],
      );
    const { variantId: limitedVariantId } = await bench.insertProduct(
      db,
      { slug: 'last-flyers', title: 'Last flyers', category: 'printed-goods', kind: 'physical' },
      { sku: 'LAST', name: 'Pack', priceMinor: 4500, stock: UNITS },
    );
    const { variantId: openVariantId } = await bench.insertProduct(
      db,
      { slug: 'open-guide', title: 'Open guide', category: 'guides', kind: 'digital' },
      { sku: 'OPEN', name: 'PDF', priceMinor: 1200 },
    );

    const buyers = [];
    for (let i = 0; i < BUYERS; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, BUYERS - i) }, async (_, k) => {
          const b = new Buyer(base);
          await b.req('GET', '/login');
          const res = await b.req('POST', '/login', {
            email: `buyer${i + k}@bench.test`,
            password: bench.BENCH_PASSWORD,
          });
          if (res.status >= 400) throw new Error(`login failed: ${res.status}`);
          await b.req('GET', '/marketplace');
          return b;
        }),
      );
      buyers.push(...batch);
    }
    const address = { name: 'B', line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country_code: 'US' };

    // Baseline: the same checkout route without stock contention.
    for (const b of buyers) await b.req('POST', '/api/cart/items', { variant_id: openVariantId, quantity: 1 });
    await burst('warm-up', buyers.slice(0, 10), server.pid);
    const baseline = await burst('baseline: 200 checkouts, unlimited stock', buyers, server.pid);

    // Contended: the same buyers switch their cart to one unit of the last 50 (their open orders are cancelled).
    for (const b of buyers) {
      const cart = (await b.req('GET', '/api/cart')).body.cart;
      for (const item of cart.items) await b.req('DELETE', `/api/cart/items/${item.id}`);
      await b.req('POST', '/api/cart/items', { variant_id: limitedVariantId, quantity: 1 });
    }
    const contendedBuyers = buyers.map((b) => ({
      req: (m, p, body) => b.req(m, p, p === '/api/checkout' ? { shipping_address: address } : body),
    }));
    const contended = await burst(`contended: ${BUYERS} checkouts, last ${UNITS} units`, contendedBuyers, server.pid);

    // Pay every placed order on the hosted test page (success page + fulfil run for each).
    const pays = await Promise.all(
      contended.sessions.map((s) => s.buyer.req('POST', `/pay/local/${s.session_id}`, { outcome: 'succeed' })),
    );
    if (pays.some((p) => p.status !== 200))
      console.error(
        'some payments failed',
        pays.map((p) => p.status),
      );
    const [{ stock }] = (await db.query(`SELECT stock FROM product_variants WHERE id = $1`, [limitedVariantId])).rows;
    const [{ paid }] = (
      await db.query(
        `SELECT count(*)::int AS paid FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE l.variant_id = $1 AND o.payment_status = 'paid'`,
        [limitedVariantId],
      )
    ).rows;
    const [{ placed }] = (
      await db.query(
        `SELECT count(DISTINCT o.id)::int AS placed FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE l.variant_id = $1`,
        [limitedVariantId],
      )
    ).rows;

    const strip = (r) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'sessions'));
    const result = {
      at: new Date().toISOString(),
      buyers: BUYERS,
      units: UNITS,
      baseline: strip(baseline),
      contended: strip(contended),
      sold: {
        orders_placed: placed,
        orders_paid: paid,
        stock_left: stock,
        exact: placed === UNITS && paid === UNITS && stock === 0,
      },
      ratio: {
        p99: round(contended.p99 / baseline.p99),
        throughput: round(contended.throughput / baseline.throughput),
      },
    };
    console.log(JSON.stringify(result, null, 2));
    bench.writeResult('commerce-latest.json', result);
    if (!result.sold.exact) process.exitCode = 1;
  } finally {
    await db.end();
    server.kill('SIGTERM');
    await new Promise((r) => server.on('exit', r));
    await bench.dropDatabase(DB);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
