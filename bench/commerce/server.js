// The app under test for bench/commerce/run.js, in its own process: boots the real application (migrations,
// workers, local test-mode payment provider) on a fresh database and prints "LISTENING <port>".
require('reflect-metadata');
require('../support/ts-register');
const { createApp } = require('../../src/app');
const { loadConfig } = require('../../src/config/app-config');
const { resolveRuntime } = require('../../src/config/runtime');

async function main() {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    APP_KEY: 'bench-key-0123456789abcdefghijklmnopqrstuvwxyz',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
  });
  const runtime = await resolveRuntime(config);
  const app = await createApp(config, runtime, { runWorkers: true, redisPrefix: process.env.BENCH_PREFIX });
  await app.listen(0, '127.0.0.1');
  console.log(`LISTENING ${app.getHttpServer().address().port}`);
  process.on('SIGTERM', async () => {
    await app.close();
    await runtime.stop();
    process.exit(0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
