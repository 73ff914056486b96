// A PusherServer in its own Node process: for the browser-side (jsdom) Echo test, which cannot load `ws`
// server code itself, and for the crash test, which SIGKILLs a node. Prints {"port":N}; reads commands as
// JSON lines on stdin:  {"publish":{"channel":"x","event":"e","data":{...}}}   {"close":true}
// With REALTIME_REDIS_PREFIX set it joins a Redis cluster as node REALTIME_NODE_ID, renewing its lease every
// REALTIME_HEARTBEAT_MS with a lease of REALTIME_NODE_TTL_MS.
const fs = require('node:fs');
const http = require('node:http');
const readline = require('node:readline');
const swc = require('@swc/core');

require.extensions['.ts'] = (module, filename) => {
  const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

const { PusherServer, RedisClusterState, RedisEventBus } = require('../../../src/modules/realtime/core');

function clusterDeps() {
  const prefix = process.env.REALTIME_REDIS_PREFIX;
  if (!prefix) return {};
  const Redis = require('ioredis');
  const base = new Redis(process.env.REALTIME_REDIS_URL ?? 'redis://127.0.0.1:6379');
  return {
    bus: new RedisEventBus(base.duplicate(), base.duplicate(), prefix),
    state: new RedisClusterState(base, prefix, process.env.REALTIME_NODE_ID, {
      nodeTtlMs: Number(process.env.REALTIME_NODE_TTL_MS ?? 15000),
    }),
  };
}

(async () => {
  const httpServer = http.createServer((_req, res) => res.end());
  const server = new PusherServer(
    {
      appId: '1001',
      key: 'test-key',
      secret: 'test-secret',
      clusterHeartbeatMs: Number(process.env.REALTIME_HEARTBEAT_MS ?? 5000),
    },
    clusterDeps(),
  );
  await server.attach(httpServer);
  httpServer.listen(0, '127.0.0.1', () =>
    process.stdout.write(`${JSON.stringify({ port: httpServer.address().port })}\n`),
  );
  readline.createInterface({ input: process.stdin }).on('line', async (line) => {
    const command = JSON.parse(line);
    if (command.publish) {
      const { channel, event, data } = command.publish;
      await server.publish([channel], event, data);
      process.stdout.write(`${JSON.stringify({ published: true })}\n`);
    }
    if (command.close) {
      await server.close(); // clients see 4200 and try to reconnect
      httpServer.closeAllConnections();
      httpServer.close(() => process.exit(0));
    }
  });
  process.stdin.on('end', () => process.exit(0));
})();
