// A separate worker process for the crash test: the app's modules with BullMQ workers, no HTTP
// (as src/worker.ts), on the test's database, Redis prefix and storage. The test SIGKILLs it mid-job.
require('../../bench/support/ts-register');
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { AppModule } = require('../../src/app.module');
const { loadConfig } = require('../../src/config/app-config');
const { resolveRuntime } = require('../../src/config/runtime');

(async () => {
  const config = loadConfig(process.env);
  const runtime = await resolveRuntime(config);
  const app = await NestFactory.createApplicationContext(
    AppModule.forRoot(config, runtime, { runWorkers: true, redisPrefix: process.env.REDIS_PREFIX }),
    { logger: ['error'] },
  );
  await app.init();
  process.send({ type: 'ready' });
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
