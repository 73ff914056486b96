// One measured phase of the sweepstakes benchmark, in its own process so its peak RSS is its own.
//   node bench/sweepstakes/child.js baseline|draw|e2e  -> prints one JSON line
require('../support/ts-register');
const { createHash } = require('node:crypto');

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 200_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const PICKS = 13; // 3 winners + 10 alternates

/** Deterministic skewed entrant list: every person has >= 1 entry, a few have many, total exactly ENTRIES. */
function makeEntrants() {
  let state = 0x9e3779b9;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const entries = new Array(PEOPLE).fill(1);
  for (let extra = ENTRIES - PEOPLE; extra > 0; extra--) entries[Math.floor(random() ** 3 * PEOPLE)]++;
  return entries.map((n, i) => ({
    ref: createHash('sha256').update(`bench:${i}`).digest('hex').slice(0, 20),
    entries: n,
  }));
}

function measure(work) {
  const started = process.hrtime.bigint();
  const result = work();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, result };
}

function report(extra) {
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ peakRssMb: Math.round(peakRssMb), ...extra }));
}

/** Baseline: what any draw must at least do with the same data, done the plain way (sort + shuffle of entries). */
function baseline() {
  const entrants = makeEntrants();
  const { ms, result } = measure(() => {
    const sorted = [...entrants].sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
    const tickets = new Int32Array(ENTRIES);
    let at = 0;
    for (let i = 0; i < sorted.length; i++) for (let k = 0; k < sorted[i].entries; k++) tickets[at++] = i;
    for (let i = tickets.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      const tmp = tickets[i];
      tickets[i] = tickets[j];
      tickets[j] = tmp;
    }
    const seen = new Set();
    for (let i = 0; i < tickets.length && seen.size < PICKS; i++) seen.add(tickets[i]);
    return seen.size;
  });
  report({ phase: 'baseline', ms, picks: result });
}

/** The real algorithm end to end in memory: canonical list, SHA-256, parse back, HMAC-DRBG picks, fraud checks. */
function draw() {
  const fair = require('../../src/modules/sweepstakes/draw/fair-draw.ts');
  const { fraudFlags } = require('../../src/modules/sweepstakes/sweepstakes.rules.ts');
  const entrants = makeEntrants();
  const seed = createHash('sha256').update('bench-seed').digest('hex');
  const { ms, result } = measure(() => {
    const text = fair.canonicalEntrantList(entrants);
    const hash = fair.entrantListHash(text);
    const list = fair.parseEntrantList(text);
    const picks = fair.drawPicks({ entrants: list, seedHex: seed, entrantsHash: hash, beacon: 'bench', picks: PICKS });
    return { picks: picks.length, distinct: new Set(picks.map((p) => p.ref)).size, bytes: text.length };
  });
  const subjects = entrants.map((e, i) => ({
    ref: e.ref,
    email: `person${i % (PEOPLE - 50)}@example.test`,
    accountCreatedAt: new Date(1_700_000_000_000),
    firstIp: `10.0.${(i >> 8) & 255}.${i & 255}`,
    firstDevice: null,
    firstEntryAt: new Date(1_700_000_000_000 + i * 1000),
  }));
  const fraud = measure(
    () => fraudFlags(subjects, new Date(1_800_000_000_000), { burstPeople: 5, burstWindowMs: 600_000 }).size,
  );
  report({ phase: 'draw', ms, fraudMs: fraud.ms, flagged: fraud.result, ...result });
}

/**
 * The whole server path on PostgreSQL: freeze at close (per-person facts in SQL, eligibility re-checked in the
 * service), then the draw job body, then a public re-check.
 */
async function e2e() {
  const { bootTestApp } = require('../../test/support/app.ts');
  const { SweepstakesAdminService } = require('../../src/modules/sweepstakes/sweepstakes-admin.service.ts');
  const { SweepstakesDrawService } = require('../../src/modules/sweepstakes/sweepstakes-draw.service.ts');
  const { SweepstakesService } = require('../../src/modules/sweepstakes/sweepstakes.service.ts');
  const { Clock } = require('../../src/common/clock.ts');
  const fair = require('../../src/modules/sweepstakes/draw/fair-draw.ts');
  const t = await bootTestApp({ LOG_LEVEL: 'error' });
  try {
    const admin = await t.createUser({ role: 'admin' });
    const start = new Date(Date.now() + 86_400_000);
    const rules = {
      min_age: 18,
      regions: ['US'],
      timezone: 'UTC',
      currency: 'USD',
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + 7 * 86_400_000).toISOString(),
      prizes: [1, 2, 3].map((n) => ({ name: `Prize ${n}`, description: '', retail_value_minor: 10_000 })),
      odds_statement: 'Odds depend on entries.',
      free_entry_method: 'Free on the page.',
      claim_window_days: 7,
      alternates: PICKS - 3,
      entry_period: 'once',
      bonus_entries: { purchase: 1, referral: 1, share: 1 },
    };
    const adminService = t.app.get(SweepstakesAdminService);
    const s = await adminService.create(admin, { title: 'Bench', summary: '', rules });
    t.app.get(Clock).set(new Date(start.getTime() + 60_000));
    await adminService.open(s.id, admin);
    const load = Date.now();
    // 200,000 people (accounts older than the end) and 1,000,000 entries: one free entry each, the rest purchases.
    await t.db.query(
      `INSERT INTO users (name, email, handle, password_hash, email_verified_at, created_at)
       SELECT 'Bench ' || g, 'bench' || g || '@example.test', 'bench' || g, 'x', now(), now() - interval '30 days'
         FROM generate_series(1, $1) g`,
      [PEOPLE],
    );
    await t.db.query(
      `INSERT INTO sweepstakes_entries
         (sweepstakes_id, user_id, source, source_ref, period_key, entries, ip, created_at, rules_accepted_at)
       SELECT $1, u.id, CASE WHEN g = 0 THEN 'free' ELSE 'purchase' END,
              CASE WHEN g = 0 THEN NULL ELSE 'o-' || u.handle || '-' || g END,
              CASE WHEN g = 0 THEN 'once' END, 1, '10.' || (u.n % 250) || '.' || (g % 250) || '.1',
              $2::timestamptz + (u.n || ' seconds')::interval,
              CASE WHEN g = 0 THEN $2::timestamptz END
         FROM (SELECT id, handle, row_number() OVER () AS n FROM users WHERE email LIKE 'bench%') u
         CROSS JOIN LATERAL generate_series(0, CASE WHEN u.n <= ($3::int % $4::int) THEN $3::int / $4::int ELSE $3::int / $4::int - 1 END) g`,
      [s.id, new Date(start.getTime() + 120_000), ENTRIES, PEOPLE],
    );
    const loadMs = Date.now() - load;
    const close = Date.now();
    await adminService.close(s.id, admin);
    const closeMs = Date.now() - close;
    // The admin's click to the drawn state: the request, the queued job on the BullMQ worker, the commit.
    const reads = t.app.get(SweepstakesService);
    const drawStart = Date.now();
    await t.app.get(SweepstakesDrawService).start(admin, s.id, { beacon: 'bench' });
    let pub = await reads.publicDetail(s.id);
    while (pub.state !== 'drawn') {
      await new Promise((r) => setTimeout(r, 20));
      pub = await reads.publicDetail(s.id);
    }
    const drawMs = Date.now() - drawStart;
    let text = '';
    for await (const chunk of await reads.entrantList(s.id)) text += chunk;
    const verify = measure(() =>
      fair.verifyDraw({
        entrantListText: text,
        entrantsHash: pub.draw.entrants_hash,
        seedHex: pub.draw.seed,
        commitment: pub.draw.seed_commitment,
        beacon: pub.draw.beacon,
        picks: pub.draw.picks_requested,
      }),
    );
    const same = verify.result.picks.map((p) => p.ref).join() === pub.draw.picks.map((p) => p.ref).join();
    report({
      phase: 'e2e',
      state: pub.state,
      people: pub.draw.entrant_count,
      entries: pub.draw.entry_count,
      loadMs,
      closeMs,
      drawMs,
      verifyMs: verify.ms,
      verified: verify.result.hashMatches && verify.result.commitmentMatches && same,
    });
  } finally {
    await t.close();
  }
}

const phase = process.argv[2];
Promise.resolve(phase === 'baseline' ? baseline() : phase === 'draw' ? draw() : e2e()).then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
