// A PusherServer in its own Node process, for the browser-side (jsdom) Echo test, which
// cannot load `ws` server code itself. Prints {"port":N}; reads commands as JSON lines on stdin:
//   {"publish":{"channel":"x","event":"e","data":{...}}}   {"close":true}
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

const { PusherServer } = require('../../../src/modules/realtime/core');

(async () => {
  const httpServer = http.createServer((_req, res) => res.end());
  const server = new PusherServer({ appId: '1001', key: 'test-key', secret: 'test-secret' });
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
