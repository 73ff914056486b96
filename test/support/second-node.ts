import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/app';
import { resolveRuntime } from '../../src/config/runtime';
import type { TestApp } from './app';

export interface SecondNode {
  app: NestExpressApplication;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Another web node of the same deployment as `t`: same database, Redis key prefix, app key and storage
 * settings, no job workers (RUN_WORKERS=false), listening on a port of its own.
 */
export async function bootSecondNode(t: TestApp): Promise<SecondNode> {
  const runtime = await resolveRuntime(t.config);
  const app = await createApp(t.config, runtime, { runWorkers: false, redisPrefix: `test:${t.databaseName}` });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await runtime.stop();
    },
  };
}
