#!/usr/bin/env node
// Real-time benchmark (loopback only, bounded). See bench/README.md "## Realtime".
//   ulimit -n 65536; node bench/realtime/run.js [--idle 10000] [--fanout 1000] [--rounds 50] [--burst 50]
//        [--sweep-ms 100] [--dead-members 1000] [--timeout 300]
// (1) idle connections held by one node: server RSS per connection;
// (2) one publish fanned out to N subscribers: delivery latency p50/p99 and deliveries/s;
// (3) the same fan-out through a bare `ws` broadcast loop, as the baseline, reported as a ratio;
// (4) the fan-out through Redis with the dead-node sweeper every --sweep-ms, against the same with it off;
// (5) the time one sweep takes to clear a crashed node holding --dead-members presence members.
const { fork } = require('node:child_process');
const path = require('node:path');
const WebSocket = require('ws');
const { parseArgs, abortAfter, percentile } = require('../support/common');

const args = parseArgs();
const IDLE = args.idle ?? 10_000;
const FANOUT = args.fanout ?? 1_000;
const ROUNDS = args.rounds ?? 50;
const BURST = args.burst ?? 50;
const TIMEOUT_S = args.timeout ?? 300;
const SWEEP_MS = args['sweep-ms'] ?? 100;
const DEAD_MEMBERS = args['dead-members'] ?? 1000;
const KEY = 'bench-key';

const deadline = abortAfter(TIMEOUT_S);

function startServer(kind) {
  const child = fork(path.join(__dirname, 'server-child.js'), [kind], {
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiters = [];
  child.on('message', (message) => {
    const index = waiters.findIndex((w) => w.type === message.type);
    if (index >= 0) waiters.splice(index, 1)[0].resolve(message);
  });
  const next = (type) => new Promise((resolve) => waiters.push({ type, resolve }));
  return {
    ready: next('ready'),
    async memory() {
      const reply = next('memory');
      child.send({ type: 'memory' });
      return reply;
    },
    async publish(seq, count) {
      const reply = next('published');
      child.send({ type: 'publish', seq, count });
      return reply;
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.send({ type: 'exit' });
      }),
  };
}

/** Opens one protocol client; resolves once established (and subscribed when asked). */
function openClient(port, { subscribe, onTick }) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${KEY}?protocol=7&client=bench`, { perMessageDeflate: false });
    ws.on('error', reject);
    ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString());
      if (frame.event === 'pusher:connection_established') {
        if (!subscribe) return resolve(ws);
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'bench' } }));
      } else if (frame.event === 'pusher_internal:subscription_succeeded') {
        resolve(ws);
      } else if (frame.event === 'tick') {
        const { seq, sentAt } = JSON.parse(frame.data);
        onTick(seq, Number(process.hrtime.bigint() - BigInt(sentAt)) / 1e6);
      }
    });
  });
}

async function openMany(port, count, options, batch = 500) {
  const sockets = [];
  for (let i = 0; i < count; i += batch) {
    sockets.push(
      ...(await Promise.all(Array.from({ length: Math.min(batch, count - i) }, () => openClient(port, options)))),
    );
  }
  return sockets;
}

async function closeAll(sockets) {
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise((resolve) => {
          ws.once('close', resolve);
          ws.terminate();
        }),
    ),
  );
}

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

async function idleConnections() {
  const server = startServer('pusher');
  const { port } = await server.ready;
  const before = await server.memory();
  const started = Date.now();
  const sockets = await openMany(port, IDLE, { subscribe: false });
  const openSeconds = (Date.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 500));
  const after = await server.memory();
  await closeAll(sockets);
  await server.stop();
  return {
    connections: after.connections,
    rssBeforeMb: mb(before.rss),
    rssAfterMb: mb(after.rss),
    rssPerConnectionKb: ((after.rss - before.rss) / IDLE / 1024).toFixed(1),
    heapPerConnectionKb: ((after.heapUsed - before.heapUsed) / IDLE / 1024).toFixed(1),
    openedPerSecond: Math.round(IDLE / openSeconds),
  };
}

async function fanout(kind) {
  const server = startServer(kind);
  const { port } = await server.ready;
  const received = new Map(); // seq -> count
  const latencies = [];
  let waiting = null;
  const onTick = (seq, ms) => {
    latencies.push(ms);
    const n = (received.get(seq) ?? 0) + 1;
    received.set(seq, n);
    if (waiting && waiting.until(seq, n)) waiting.resolve();
  };
  const sockets = await openMany(port, FANOUT, { subscribe: true, onTick });
  const allDelivered = (lastSeq) =>
    new Promise((resolve) => {
      waiting = { until: (seq, n) => seq === lastSeq && n === FANOUT, resolve };
    });

  // Latency: one publish at a time, each waited for by every subscriber.
  for (let seq = 0; seq < ROUNDS; seq += 1) {
    const done = allDelivered(seq);
    await server.publish(seq, 1);
    await done;
  }
  const sorted = latencies.slice().sort((a, b) => a - b);

  // Throughput: a burst of publishes back to back.
  const first = ROUNDS;
  const done = allDelivered(first + BURST - 1);
  const t0 = process.hrtime.bigint();
  await server.publish(first, BURST);
  await done;
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;

  const { maintenance } = await server.memory();
  await closeAll(sockets);
  await server.stop();
  return {
    ...(maintenance && maintenance.runs > 0
      ? {
          sweeps: maintenance.runs,
          sweepMeanMs: +(maintenance.totalMs / maintenance.runs).toFixed(2),
          sweepMaxMs: +maintenance.maxMs.toFixed(2),
        }
      : {}),
    subscribers: FANOUT,
    deliveries: sorted.length,
    p50Ms: +percentile(sorted, 50).toFixed(2),
    p99Ms: +percentile(sorted, 99).toFixed(2),
    maxMs: +sorted[sorted.length - 1].toFixed(2),
    deliveriesPerSecond: Math.round((BURST * FANOUT) / seconds),
  };
}

/** Leaves a node's members in Redis as a crash would, lets its lease lapse, and times one sweep of it. */
async function sweepCost() {
  require('../support/ts-register');
  const Redis = require('ioredis');
  const { RedisClusterState } = require('../../src/modules/realtime/core');
  const redis = new Redis(process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const prefix = `bench:realtime-sweep:${process.pid}:`;
  const dead = new RedisClusterState(redis, prefix, 'crashed', { nodeTtlMs: 300 });
  const survivor = new RedisClusterState(redis, prefix, 'survivor', { nodeTtlMs: 300 });
  const channels = Math.max(1, Math.round(DEAD_MEMBERS / 10));
  for (let i = 0; i < DEAD_MEMBERS; i += 1) {
    const channel = `presence-bench.${i % channels}`;
    await dead.addSubscription(channel);
    await dead.joinPresence(channel, { user_id: `u${i}`, user_info: { name: `User ${i}` } }, 0);
  }
  await survivor.heartbeat();
  await new Promise((resolve) => setTimeout(resolve, 400)); // the crashed node's lease lapses
  await survivor.heartbeat();
  const t0 = process.hrtime.bigint();
  const swept = await survivor.sweepDeadNodes();
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const idle = process.hrtime.bigint();
  await survivor.sweepDeadNodes(); // the steady state: nobody died
  const idleMs = Number(process.hrtime.bigint() - idle) / 1e6;
  await survivor.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  return {
    channels,
    membersRemoved: swept.removedMembers.length,
    channelsVacated: swept.vacatedChannels.length,
    sweepMs: +ms.toFixed(1),
    idleSweepMs: +idleMs.toFixed(2),
  };
}

(async () => {
  console.log(
    `node ${process.version}, ${require('node:os').cpus().length} cpus; idle=${IDLE} fanout=${FANOUT} rounds=${ROUNDS} burst=${BURST}`,
  );
  const idle = await idleConnections();
  console.log('(1) idle connections, PusherServer:', idle);
  const ours = await fanout('pusher');
  console.log('(2) fan-out, PusherServer:', ours);
  const baseline = await fanout('ws');
  console.log('(3) fan-out, bare ws broadcast loop:', baseline);
  console.log('ratio PusherServer / bare ws:', {
    p50: +(ours.p50Ms / baseline.p50Ms).toFixed(2),
    p99: +(ours.p99Ms / baseline.p99Ms).toFixed(2),
    throughput: +(ours.deliveriesPerSecond / baseline.deliveriesPerSecond).toFixed(2),
  });
  const sweeping = await fanout(`pusher-redis:${SWEEP_MS}`);
  console.log(`(4a) fan-out through Redis, sweeper every ${SWEEP_MS} ms:`, sweeping);
  const notSweeping = await fanout('pusher-redis:3600000');
  console.log('(4b) fan-out through Redis, sweeper off:', notSweeping);
  console.log('ratio sweeper on / off:', {
    p50: +(sweeping.p50Ms / notSweeping.p50Ms).toFixed(2),
    p99: +(sweeping.p99Ms / notSweeping.p99Ms).toFixed(2),
    throughput: +(sweeping.deliveriesPerSecond / notSweeping.deliveriesPerSecond).toFixed(2),
  });
  console.log(`(5) sweeping a crashed node with ${DEAD_MEMBERS} presence members:`, await sweepCost());
  clearTimeout(deadline);
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
