// One worker process: the app's modules with BullMQ workers and no HTTP listener (as src/worker.ts).
require('../support/ts-register');
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { AppModule } = require('../../src/app.module');
const { loadConfig } = require('../../src/config/app-config');
const { resolveRuntime } = require('../../src/config/runtime');

async function main() {
  const config = loadConfig(process.env);
  const runtime = await resolveRuntime(config);
  const app = await NestFactory.createApplicationContext(
    AppModule.forRoot(config, runtime, { runWorkers: true, redisPrefix: process.env.REDIS_PREFIX }),
    { logger: ['error'] },
  );
  await app.init();
  process.send({ type: 'ready' });
  process.on('message', async (message) => {
    if (message.type === 'stop') {
      await app.close();
      await runtime.stop();
      process.exit(0);
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
