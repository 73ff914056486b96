import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app';
import type { AppOptions } from '../../src/app.module';
import { loadConfig, AppConfig } from '../../src/config/app-config';
import { ensureDatabase, resolveRuntime } from '../../src/config/runtime';
import { hashPassword, setPasswordHashCost } from '../../src/modules/auth/password';
import { User } from '../../src/modules/users/user.entity';
import { ensureTemplate, whenUnused } from './template-db';

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  db: DataSource;
  baseUrl: string;
  databaseName: string;
  /** A browser-like client: keeps cookies and sends the anti-forgery token on state-changing calls. */
  client(): Promise<TestClient>;
  createUser(overrides?: Partial<User> & { password?: string }): Promise<User>;
  /** A client already signed in as a new (or given) user. */
  signedIn(overrides?: Partial<User> & { password?: string }): Promise<{ client: TestClient; user: User }>;
  close(): Promise<void>;
}

/**
 * A database of its own for one test file: a copy of the migrated template (test/support/template-db.ts),
 * so the app's boot-time migration run has nothing to do. `{ empty: true }` gives an empty database for a
 * test that migrates from scratch (test/smoke/worker.e2e-spec.ts runs `npm run db:migrate` on one).
 */
export async function createTestDatabase(
  options: { empty?: boolean } = {},
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `reelty_test_${randomBytes(6).toString('hex')}`;
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  if (options.empty) await ensureDatabase(url.toString());
  else {
    const template = await ensureTemplate(POSTGRES_ADMIN_URL);
    const admin = new Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    try {
      await whenUnused(() => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
    } finally {
      await admin.end();
    }
  }
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const admin = new Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Tests hash passwords with scrypt at N=2^10 instead of production's 2^15: the algorithm, format and
 * verification are the same, at 1/32 of the CPU. Hundreds of sign-ins otherwise cost minutes of a CI run.
 */
export const TEST_PASSWORD_HASH_COST = 10;
setPasswordHashCost(TEST_PASSWORD_HASH_COST);

/** Test users share one scrypt hash per password (salted once per Jest worker); logins still verify it. */
const passwordHashes = new Map<string, Promise<string>>();
export function testPasswordHash(password: string): Promise<string> {
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  return passwordHashes.get(password)!;
}

/** Boots the whole application on a fresh database (a copy of the migrated template) and real Redis, listening on a free port. */
export async function bootTestApp(
  env: Record<string, string> = {},
  extraModules: AppOptions['extraModules'] = [],
): Promise<TestApp> {
  const database = await createTestDatabase();
  const storageDir = mkdtempSync(join(tmpdir(), 'reelty-test-storage-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    APP_KEY: 'test-key-0123456789abcdefghijklmnopqrstuvwxyz',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    SEED_DEMO: 'false',
    // Production refuses a cost under 2^14, so the few tests that boot as production hash at the real cost.
    ...((env.NODE_ENV ?? 'test') === 'test' && { PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST) }),
    STORAGE_DIR: storageDir,
    LOG_LEVEL: 'warn',
    // A loaded CI box can stall a test process for seconds: with the production defaults (5 s job lock, 4 s
    // real-time lease) such a stall would run a job twice or reconnect the test's sockets. The tests of those
    // defaults (test/designs/worker-crash.cases.ts, test/realtime/node-crash.cases.ts) set their own.
    JOB_LOCK_MS: '30000',
    BROADCAST_NODE_TTL_MS: '15000',
    ...env,
  });
  const runtime = await resolveRuntime(config);
  const app = await createApp(config, runtime, {
    runWorkers: true,
    redisPrefix: `test:${database.name}`,
    extraModules,
  });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const db = app.get<DataSource>(getDataSourceToken());
  let counter = 0;

  const createUser: TestApp['createUser'] = async ({ password = 'correct-horse-battery', ...overrides } = {}) => {
    counter += 1;
    const tag = `${database.name.slice(-6)}${counter}`;
    const repo = db.getRepository(User);
    return repo.save(
      repo.create({
        name: `Test User ${counter}`,
        email: `user${tag}@example.test`,
        handle: `user${tag}`,
        emailVerifiedAt: new Date(),
        passwordHash: await testPasswordHash(password),
        ...overrides,
      }),
    );
  };

  const client = async () => {
    const c = new TestClient(app.getHttpServer(), baseUrl);
    await c.refreshToken();
    return c;
  };

  return {
    app,
    config,
    db,
    baseUrl,
    databaseName: database.name,
    client,
    createUser,
    signedIn: async (overrides = {}) => {
      const password = overrides.password ?? 'correct-horse-battery';
      const user = await createUser({ ...overrides, password });
      const c = await client();
      const res = await c.post('/login').send({ email: user.email, password });
      if (res.status >= 400 || !String(res.headers.location ?? '').length) {
        throw new Error(`Test login failed for ${user.email}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      await c.refreshToken();
      return { client: c, user };
    },
    close: async () => {
      await app.close();
      await runtime.stop();
      await database.drop();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

type Server = Parameters<typeof request.agent>[0];

export class TestClient {
  readonly agent: ReturnType<typeof request.agent>;
  token = '';

  constructor(
    server: Server,
    readonly origin: string,
  ) {
    this.agent = request.agent(server);
  }

  /** Reads the XSRF-TOKEN cookie the server sets on every response (it changes with the session). */
  async refreshToken(): Promise<void> {
    const res = await this.agent.get('/').set('Accept', 'text/html');
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const xsrf = cookies.map((c) => /^XSRF-TOKEN=([^;]+)/.exec(c)?.[1]).find(Boolean);
    if (xsrf) this.token = decodeURIComponent(xsrf);
  }

  get(url: string) {
    return this.agent.get(url);
  }

  /** An Inertia visit (JSON page object). */
  visit(url: string, version?: string) {
    const req = this.agent.get(url).set('X-Inertia', 'true').set('X-Requested-With', 'XMLHttpRequest');
    return version === undefined ? req : req.set('X-Inertia-Version', version);
  }

  post(url: string) {
    return this.agent.post(url).set('X-XSRF-TOKEN', this.token).set('Accept', 'application/json');
  }

  put(url: string) {
    return this.agent.put(url).set('X-XSRF-TOKEN', this.token).set('Accept', 'application/json');
  }

  patch(url: string) {
    return this.agent.patch(url).set('X-XSRF-TOKEN', this.token).set('Accept', 'application/json');
  }

  delete(url: string) {
    return this.agent.delete(url).set('X-XSRF-TOKEN', this.token).set('Accept', 'application/json');
  }

  /** A form post as an Inertia page makes it (errors come back through the session, not as JSON). */
  inertiaPost(url: string, referer = '/') {
    return this.agent
      .post(url)
      .set('X-XSRF-TOKEN', this.token)
      .set('X-Inertia', 'true')
      .set('Referer', `${this.origin}${referer}`);
  }
}
