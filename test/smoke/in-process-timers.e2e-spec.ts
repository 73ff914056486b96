/**
 * Timers in the in-process mode (no Redis: the embedded quick start). A delay longer than `setTimeout` takes (about
 * 24.8 days) must wait its whole length, measured against the injected Clock, and a delayed job must survive a
 * restart, as it does in Redis. The app is booted here with no Redis answering (LOCAL_REDIS_URL at a closed port),
 * twice on one database for the restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app';
import { Clock, DAY_MS } from '../../src/common/clock';
import { loadConfig } from '../../src/config/app-config';
import { resolveRuntime } from '../../src/config/runtime';
import { JobsService, TimersService } from '../../src/modules/jobs';
import { Client } from 'pg';
import { createTestDatabase } from '../support/app';

jest.setTimeout(180_000);

type Booted = Awaited<ReturnType<typeof boot>>;

async function boot(databaseUrl: string, storageDir: string) {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    APP_KEY: 'test-key-0123456789abcdefghijklmnopqrstuvwxyz',
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    SEED_DEMO: 'false',
    STORAGE_DIR: storageDir,
    LOG_LEVEL: 'error',
  });
  const runtime = await resolveRuntime(config, { ...process.env, LOCAL_REDIS_URL: 'redis://127.0.0.1:9' });
  const app = await createApp(config, runtime, { runWorkers: true });
  await app.init();
  return {
    app,
    close: async () => {
      await app.close();
      await runtime.stop();
    },
  };
}

/** Resolves with the data of each run of timer `name` on `booted`, in order. */
function recordRuns(booted: Booted, name: string) {
  const runs: unknown[] = [];
  const waiters: Array<() => void> = [];
  booted.app.get(TimersService).define(name, async (data) => {
    runs.push(data);
    waiters.splice(0).forEach((wake) => wake());
  });
  const next = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (runs.length >= count ? resolve() : waiters.push(check));
      check();
    });
  return { runs, next };
}

describe('in-process timers', () => {
  const storageDir = mkdtempSync(join(tmpdir(), 'reelty-in-process-timers-'));
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let booted: Booted | null = null;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await booted?.close();
    await database.drop();
    rmSync(storageDir, { recursive: true, force: true });
  });

  it('waits a 90-day timer its whole length against the Clock, and keeps it across a restart', async () => {
    booted = await boot(database.url, storageDir);
    expect(booted.app.get(JobsService).mode).toBe('in-process');
    const clock = booted.app.get(Clock);
    const start = new Date('2027-01-01T00:00:00Z');
    clock.set(start);
    const long = recordRuns(booted, 'test.ninety-days');
    const sentinel = recordRuns(booted, 'test.sentinel');
    const timers = booted.app.get(TimersService);
    await timers.at(new Date(start.getTime() + 90 * DAY_MS), 'test.ninety-days', { n: 90 }, 'long');
    await timers.at(new Date(start.getTime() + 89 * DAY_MS), 'test.sentinel', { n: 89 }, 'sentinel');
    const kept = async () => {
      const db = new Client({ connectionString: database.url });
      await db.connect();
      try {
        return (
          await db.query(`SELECT name FROM in_process_delayed_jobs WHERE name LIKE 'test.%' ORDER BY due_at`)
        ).rows.map((r) => r.name);
      } finally {
        await db.end();
      }
    };
    expect(await kept()).toEqual(['test.sentinel', 'test.ninety-days']);

    // 89 days on, the sentinel (due then) runs; the 90-day timer, checked at the same moment, has not.
    clock.advance(89 * DAY_MS);
    await sentinel.next(1);
    expect(long.runs).toEqual([]);

    // A restart (the same database, a new process's worth of app) re-arms what was kept.
    await booted.close();
    booted = await boot(database.url, storageDir);
    expect(await kept()).toEqual(['test.ninety-days']);
    const after = recordRuns(booted, 'test.ninety-days');
    const restartedClock = booted.app.get(Clock);
    restartedClock.set(new Date(start.getTime() + 90 * DAY_MS + 1000));
    await after.next(1);
    expect(after.runs).toEqual([{ n: 90 }]);
    expect(await kept()).toEqual([]);
  });
});
