// Matchmaker throughput with 10,000 queued entries, in its own process (prints one JSON line):
//  - baseline: the naive pass (oldest first, scan every other entry for the closest fitting rating), O(n^2);
//  - core: the real pass (src/modules/arena/core matchQueue: rating-sorted, binary search into the window);
//  - redis: the production path's store: 10,000 tickets into the sorted set, one list + pass + a claim script
//    per pair (the database work of opening battles is not included).
require('../support/ts-register');
const Redis = require('ioredis');
const { matchQueue, windowAt, compatible } = require('../../src/modules/arena/core');
const { RedisQueueStore } = require('../../src/modules/arena/arena-queue.store');

const N = Number(process.env.BENCH_QUEUE ?? 10_000);
const NOW = 10 * 60_000;
let state = 42;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const queue = Array.from({ length: N }, (_, i) => ({
  ticketId: `t${i}`,
  entryId: `e${i}`,
  creatorId: `c${Math.floor(i / 2)}`,
  teamId: i % 10 === 0 ? `team${i % 50}` : null,
  rating: Math.round(1500 + (random() + random() + random() - 1.5) * 400),
  queuedAt: Math.floor(random() * NOW),
}));
const recent = new Set(Array.from({ length: 2000 }, (_, i) => `e${i}|e${i + 1}`));
const recentlyMet = (a, b) => recent.has(`${a}|${b}`) || recent.has(`${b}|${a}`);
const time = (work) => {
  const t0 = process.hrtime.bigint();
  const result = work();
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, result };
};

function naive() {
  const taken = new Set();
  const pairs = [];
  for (const seeker of [...queue].sort((x, y) => x.queuedAt - y.queuedAt)) {
    if (taken.has(seeker.ticketId)) continue;
    const window = windowAt(seeker.queuedAt, NOW);
    let best = null;
    for (const c of queue) {
      if (c === seeker || taken.has(c.ticketId) || Math.abs(c.rating - seeker.rating) > window) continue;
      if (!compatible(seeker, c, recentlyMet)) continue;
      if (!best || Math.abs(c.rating - seeker.rating) < Math.abs(best.rating - seeker.rating)) best = c;
    }
    if (best) {
      taken.add(seeker.ticketId);
      taken.add(best.ticketId);
      pairs.push([seeker, best]);
    }
  }
  return pairs.length;
}

(async () => {
  const base = time(naive);
  const core = time(() => matchQueue(queue, NOW, recentlyMet).length);
  const redis = new Redis(process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13');
  const store = new RedisQueueStore(redis, `bench:arena:${process.pid}`);
  const t0 = process.hrtime.bigint();
  await Promise.all(queue.map((q) => store.add('living_rooms', q)));
  const loadMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const t1 = process.hrtime.bigint();
  const listed = await store.list('living_rooms');
  const pairs = matchQueue(listed, NOW, recentlyMet);
  let claimed = 0;
  for (const [x, y] of pairs) if (await store.claim('living_rooms', x.ticketId, y.ticketId)) claimed++;
  const passMs = Number(process.hrtime.bigint() - t1) / 1e6;
  await redis.del(
    `bench:arena:${process.pid}:arena:queue:living_rooms`,
    `bench:arena:${process.pid}:arena:queue:living_rooms:tickets`,
  );
  redis.disconnect();
  console.log(
    JSON.stringify({
      queued: N,
      baseline: {
        ms: Math.round(base.ms),
        pairs: base.result,
        pairsPerSecond: Math.round(base.result / (base.ms / 1000)),
      },
      core: { ms: +core.ms.toFixed(1), pairs: core.result, pairsPerSecond: Math.round(core.result / (core.ms / 1000)) },
      redis: {
        loadMs: Math.round(loadMs),
        passMs: Math.round(passMs),
        pairs: claimed,
        pairsPerSecond: Math.round(claimed / (passMs / 1000)),
      },
      coreSpeedupVsBaseline: +(base.ms / core.ms).toFixed(1),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
