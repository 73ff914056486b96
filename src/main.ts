import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { loadConfigOrExit } from './config/app-config';
import { describeExposure } from './config/exposure';
import { resolveRuntime } from './config/runtime';
import { StartupState } from './modules/health';
import { JobsService } from './modules/jobs/jobs.service';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = new Logger('Reelty');
  const runtime = await resolveRuntime(config);
  const { runWorkers } = config;
  const app = await createApp(config, runtime, { runWorkers });

  await app.listen(config.port, config.host);
  // The demo seed (and the image work it brings in) is loaded only when asked for, after the port is open: pages
  // answer while it runs, /health says "starting", and a failure in it never stops the app.
  if (config.seedDemo) {
    const startup = app.get(StartupState);
    startup.begin('loading the demo data');
    logger.log(`Listening at ${config.appUrl}; loading the demo data (GET /health says "starting" until it is done)`);
    const { seedDemoData } = require('./database/seeds/demo.seed') as typeof import('./database/seeds/demo.seed');
    await seedDemoData(app, logger).catch((error: unknown) =>
      logger.warn(`Demo data incomplete: ${(error as Error).message}. The app runs without the rest.`),
    );
    startup.done();
  }

  logger.log(
    `${config.appName} is up at ${config.appUrl} (database: ${runtime.databaseSource}, ` +
      `Redis: ${runtime.redisSource}${runWorkers ? ', jobs processed in this process' : ''})`,
  );
  const exposure = describeExposure(config);
  for (const line of exposure.lines) logger[exposure.level](line);

  // Graceful stop: stop accepting, let requests and jobs finish, close pools, then the embedded database.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: shutting down`);
    const force = setTimeout(() => process.exit(1), 25_000).unref();
    await app.get(JobsService).stopTaking(); // take no new job, then drain the running ones as the app closes
    await app.close();
    await runtime.stop();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: Error) => {
  console.error(`Reelty failed to start: ${error.message}`);
  process.exit(1);
});
