/**
 * Smoke test of `npm start` in the embedded mode a newcomer gets: no DATABASE_URL / REDIS_URL and no
 * local servers answering (LOCAL_* point at closed ports), so the built app must start its embedded
 * PostgreSQL under STORAGE_DIR and run jobs in-process, serve /health and the root view, print the
 * demo accounts, and stop cleanly on SIGTERM (embedded PostgreSQL stopped too).
 * Runs the real build output (dist/), as `npm start` does; `npm test` builds it first.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../../src/database/seeds/demo.seed';
import { appEnv, buildIfMissing, freePort, plain, ROOT, waitFor } from '../support/processes';

const MAIN = join(ROOT, 'dist/src/main.js');
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;

interface Started {
  child: ChildProcess;
  output: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function launch(env: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, [MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  return { child, output: () => plain(out + err), stderr: () => plain(err), exited };
}

/** Resolves like promise, or fails after ms (timer cleared either way, so Jest exits promptly). */
async function within<T>(promise: Promise<T>, ms: number, failure: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error(failure())), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** PIDs of postgres processes whose command line names this data directory. */
function postgresFor(dataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (cmdline[0].endsWith('/postgres') && cmdline.includes(dataDir)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

buildIfMissing(MAIN);

describe('npm start in embedded mode (no DATABASE_URL, no REDIS_URL, nothing answering locally)', () => {
  let storageDir: string;
  let app: Started | undefined;

  beforeAll(() => {
    storageDir = mkdtempSync(join(tmpdir(), 'reelty-smoke-'));
  });

  afterAll(async () => {
    if (app && app.child.exitCode === null && app.child.signalCode === null) {
      app.child.kill('SIGKILL');
      await app.exited;
    }
    for (const pid of postgresFor(join(storageDir, 'postgres'))) process.kill(pid, 'SIGINT');
    rmSync(storageDir, { recursive: true, force: true });
  });

  /**
   * An ffmpeg as slow as a loaded machine's can be: it answers `-filters` at once, but each demo clip it is asked
   * for takes a minute (the seed gives a clip 30 s). It leaves a mark when the first clip starts.
   */
  function slowFfmpeg(): { path: string; clipStarted: () => boolean } {
    const path = join(storageDir, 'slow-ffmpeg.sh');
    const mark = join(storageDir, 'clip-started');
    writeFileSync(path, `#!/bin/sh\ncase "$*" in *-filters*) exit 0;; esac\ntouch '${mark}'\nexec sleep 60\n`);
    chmodSync(path, 0o755);
    return { path, clipStarted: () => existsSync(mark) };
  }

  it(
    'starts the embedded PostgreSQL and in-process jobs, serves pages while a slow ffmpeg holds the demo clips, prints the demo accounts, and stops on SIGTERM',
    async () => {
      const [port, closedPg, closedRedis] = [await freePort(), await freePort(), await freePort()];
      const ffmpeg = slowFfmpeg();
      app = launch(
        appEnv({
          NODE_ENV: 'development',
          PORT: String(port),
          STORAGE_DIR: storageDir,
          LOCAL_DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPg}/reelty`,
          LOCAL_REDIS_URL: `redis://127.0.0.1:${closedRedis}`,
          DEMO_CLIP_SECONDS: '1',
          FFMPEG_PATH: ffmpeg.path,
        }),
      );
      const started = app;
      let exitedEarly = false;
      void started.exited.then(() => (exitedEarly = true));
      const base = `http://127.0.0.1:${port}`;

      // While ffmpeg makes (does not make) the clips, the app listens: /health says starting, pages are served.
      await waitFor(() => ffmpeg.clipStarted() || exitedEarly, START_TIMEOUT_MS, 'the first demo clip', started.output);
      if (exitedEarly) throw new Error(`The app exited before it was up:\n${started.output()}`);
      const seeding = await fetch(`${base}/health`);
      expect(seeding.status).toBe(200);
      expect(await seeding.json()).toMatchObject({ status: 'starting' });
      expect((await fetch(`${base}/`, { headers: { Accept: 'text/html' } })).status).toBe(200);

      await waitFor(
        () => / is up at /.test(started.output()) || exitedEarly,
        START_TIMEOUT_MS,
        'the "is up" log line',
        started.output,
      );
      if (exitedEarly) throw new Error(`The app exited before it was up:\n${started.output()}`);

      const log = started.output();
      // The clips the slow ffmpeg never finished are skipped with one warning; the rest of the demo data is there.
      expect(log).toMatch(/Demo spots: 6 of 6 clips skipped, ffmpeg failed/);
      // Says plainly which servers it fell back to.
      expect(log).toMatch(/No DATABASE_URL and no PostgreSQL at 127\.0\.0\.1:\d+: starting the embedded PostgreSQL/);
      expect(log).toMatch(/No REDIS_URL and no Redis at 127\.0\.0\.1:\d+: jobs run in-process/);
      expect(log).toMatch(
        /is up at http:\/\/localhost:\d+ \(database: embedded, Redis: in-process, jobs processed in this process\)/,
      );
      // The demo accounts, with their passwords, for the newcomer.
      for (const account of DEMO_ACCOUNTS) expect(log).toContain(`${account.email}  /  ${account.password}`);

      const dataDir = join(storageDir, 'postgres');
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
      expect(postgresFor(dataDir).length).toBeGreaterThan(0);

      const health = await fetch(`${base}/health`);
      expect(health.status).toBe(200);
      const body = (await health.json()) as {
        status: string;
        database: { status: string; source: string };
        redis: { source: string };
        queue: { mode: string };
      };
      expect(body.status).toBe('ok');
      expect(body.database).toMatchObject({ status: 'ok', source: 'embedded' });
      expect(body.redis.source).toBe('in-process');
      expect(body.queue.mode).toBe('in-process');

      const root = await fetch(`${base}/`, { headers: { Accept: 'text/html' } });
      expect(root.status).toBe(200);
      expect(root.headers.get('content-type')).toMatch(/text\/html/);
      const html = await root.text();
      expect(html).toMatch(/^<!doctype html>/i);
      expect(html).toMatch(/<script nonce="[^"]+" data-page="app" type="application\/json">/);
      expect(html).toContain('<div id="app"></div>');

      // Graceful shutdown: exit 0 within STOP_TIMEOUT_MS, the embedded PostgreSQL stopped with it.
      started.child.kill('SIGTERM');
      const result = await within(
        started.exited,
        STOP_TIMEOUT_MS,
        () => `no exit ${STOP_TIMEOUT_MS} ms after SIGTERM:\n${started.output()}`,
      );
      expect(result).toEqual({ code: 0, signal: null });
      expect(started.output()).toContain('SIGTERM received: shutting down');
      await waitFor(
        () => postgresFor(dataDir).length === 0,
        5_000,
        'the embedded PostgreSQL to stop',
        () => String(postgresFor(dataDir)),
      );
      expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(false);
    },
    START_TIMEOUT_MS + STOP_TIMEOUT_MS + 30_000,
  );

  it(
    'recovers when a crashed run left its embedded PostgreSQL running on the data directory',
    async () => {
      const dataDir = join(storageDir, 'postgres');
      const env = async () =>
        appEnv({
          NODE_ENV: 'development',
          SEED_DEMO: 'false',
          PORT: String(await freePort()),
          STORAGE_DIR: storageDir,
          LOCAL_DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/reelty`,
          LOCAL_REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
        });
      const crashed = launch(await env());
      app = crashed;
      await waitFor(() => / is up at /.test(crashed.output()), START_TIMEOUT_MS, 'the first start', crashed.output);
      crashed.child.kill('SIGKILL'); // no shutdown at all: the postgres child is orphaned
      await crashed.exited;
      const orphans = postgresFor(dataDir);
      expect(orphans.length).toBeGreaterThan(0);

      const next = launch(await env());
      app = next;
      await waitFor(() => / is up at /.test(next.output()), START_TIMEOUT_MS, 'the second start', next.output);
      expect(next.output()).toMatch(
        new RegExp(`Stopping the embedded PostgreSQL \\(pid ${orphans[0]}\\) left running on`),
      );
      next.child.kill('SIGTERM');
      expect(await within(next.exited, STOP_TIMEOUT_MS, () => `no exit after SIGTERM:\n${next.output()}`)).toEqual({
        code: 0,
        signal: null,
      });
      await waitFor(
        () => postgresFor(dataDir).length === 0,
        5_000,
        'the embedded PostgreSQL to stop',
        () => String(postgresFor(dataDir)),
      );
    },
    2 * START_TIMEOUT_MS + STOP_TIMEOUT_MS,
  );
});

describe('npm start with an invalid setting', () => {
  it('exits non-zero at once with one clear line on stderr', async () => {
    const started = launch(appEnv({ NODE_ENV: 'development', PORT: 'abc' }));
    const result = await within(started.exited, 15_000, () => `still running 15 s after start:\n${started.output()}`);
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    const lines = started
      .stderr()
      .split('\n')
      .filter((line) => line.trim());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration error: PORT must be /);
  }, 30_000);
});
