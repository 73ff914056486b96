import 'reflect-metadata';
import { JobsService } from './modules/jobs/jobs.service';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createLogger } from './app';
import { AppModule } from './app.module';
import { loadConfigOrExit } from './config/app-config';
import { resolveRuntime } from './config/runtime';
import { QUEUES } from './modules/jobs/job.types';

/**
 * The job worker (`npm run worker`): the same application modules and job handlers as the web
 * process, with BullMQ workers on every queue and no HTTP listener. Web nodes then run with
 * RUN_WORKERS=false. The schema is migrated by the web process (or `npm run db:migrate`), not here.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = new Logger('Worker');
  const runtime = await resolveRuntime(config);
  if (!runtime.redisUrl) {
    await runtime.stop();
    console.error(
      'Worker: no Redis (set REDIS_URL): without Redis there is no shared queue, and each web process runs its own jobs in-process.',
    );
    process.exit(78);
  }

  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, runtime, { runWorkers: true }), {
    logger: createLogger(config),
  });
  await app.init();
  logger.log(
    `${config.appName} worker is up (database: ${runtime.databaseSource}, Redis: ${runtime.redisSource}); ` +
      `serving queues: ${QUEUES.join(', ')}`,
  );

  // Graceful stop: BullMQ workers finish their current jobs and take no new ones, then pools close.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: finishing current jobs, then stopping`);
    const force = setTimeout(() => {
      logger.error('Jobs still running after 60 s: exiting anyway (BullMQ will retry them)');
      process.exit(1);
    }, 60_000).unref();
    await app.get(JobsService).stopTaking();
    await app.close();
    await runtime.stop();
    clearTimeout(force);
    logger.log('Worker stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: Error) => {
  console.error(`Reelty worker failed to start: ${error.message}`);
  process.exit(1);
});
