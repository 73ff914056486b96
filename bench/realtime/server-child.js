// One server process under test, driven over IPC by run.js:
//   kind 'pusher' = our PusherServer on a bare http.Server; kind 'ws' = a bare ws broadcast loop (baseline).
require('../support/ts-register');
const http = require('node:http');
const { WebSocketServer } = require('ws');

const kind = process.argv[2];
const KEY = 'bench-key';
const server = http.createServer((_req, res) => res.end());
let publish;
let connections;
let maintenance = () => null;

// 'pusher' = one node, in-memory state; 'pusher-redis:<heartbeat ms>' = Redis bus + cluster state, renewing
// its lease and sweeping for dead nodes every <heartbeat ms> (a very long interval = sweeper effectively off).
function heartbeatMs() {
  return Number(kind.split(':')[1] ?? 5000);
}

function clusterDeps() {
  if (!kind.startsWith('pusher-redis')) return {};
  const Redis = require('ioredis');
  const { RedisClusterState, RedisEventBus } = require('../../src/modules/realtime/core');
  const base = new Redis(process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const prefix = `bench:realtime:${process.pid}:`;
  return {
    bus: new RedisEventBus(base.duplicate(), base.duplicate(), prefix),
    state: new RedisClusterState(base, prefix, `bench-${process.pid}`),
  };
}

async function start() {
  if (kind.startsWith('pusher')) {
    const { PusherServer } = require('../../src/modules/realtime/core');
    const pusher = new PusherServer(
      { appId: 'bench', key: KEY, secret: 'bench-secret', maxConnections: 0, clusterHeartbeatMs: heartbeatMs() },
      clusterDeps(),
    );
    await pusher.attach(server);
    publish = (frameData) => pusher.publish(['bench'], 'tick', frameData);
    connections = () => pusher.connectionCount();
    maintenance = () => pusher.maintenance;
  } else {
    // Baseline: the least a broadcast can cost with ws: one pre-serialized frame, one send per socket.
    const wss = new WebSocketServer({ server });
    wss.on('connection', (ws) => {
      ws.send(
        JSON.stringify({
          event: 'pusher:connection_established',
          data: JSON.stringify({ socket_id: '1.1', activity_timeout: 120 }),
        }),
      );
      ws.on('message', () =>
        ws.send(JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel: 'bench', data: '{}' })),
      );
    });
    publish = async (frameData) => {
      const frame = JSON.stringify({ event: 'tick', channel: 'bench', data: frameData });
      for (const client of wss.clients) client.send(frame);
    };
    connections = () => wss.clients.size;
  }
  server.listen(0, '127.0.0.1', () => process.send({ type: 'ready', port: server.address().port }));
}

function memory() {
  global.gc?.();
  global.gc?.();
  return {
    type: 'memory',
    rss: process.memoryUsage().rss,
    heapUsed: process.memoryUsage().heapUsed,
    connections: connections(),
    maintenance: maintenance(),
  };
}

process.on('message', async (message) => {
  if (message.type === 'memory') process.send(memory());
  if (message.type === 'publish') {
    // Stamp with the monotonic clock (system-wide on Linux, so comparable across processes).
    for (let i = 0; i < message.count; i += 1) {
      await publish(JSON.stringify({ seq: message.seq + i, sentAt: process.hrtime.bigint().toString() }));
    }
    process.send({ type: 'published' });
  }
  if (message.type === 'exit') process.exit(0);
});

start();
