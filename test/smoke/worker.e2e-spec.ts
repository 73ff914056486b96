/**
 * The production split, on the built app: `npm run db:migrate` migrates a fresh database, and the
 * worker process (`npm run worker`, dist/src/worker.js) serves the BullMQ queues with no HTTP
 * listener, processes a job a web node enqueued, and stops cleanly on SIGTERM.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { createTestDatabase, TEST_REDIS_URL } from '../support/app';
import { appEnv, buildIfMissing, plain, ROOT, waitFor } from '../support/processes';

const dist = (file: string) => join(ROOT, 'dist/src', file);
// A Redis database of its own, so this worker (default "reelty" prefix) never meets a developer's running app.
const REDIS_URL = `${TEST_REDIS_URL.replace(/\/\d*$/, '')}/13`;

buildIfMissing(dist('worker.js'));

describe('worker process and migration CLI', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let worker: ChildProcess | undefined;
  let queue: Queue | undefined;

  beforeAll(async () => {
    database = await createTestDatabase({ empty: true }); // db:migrate migrates it from scratch
  });

  afterAll(async () => {
    if (worker && worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    if (queue) {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
    }
    await database.drop();
  });

  it('migrates with npm run db:migrate, then the worker processes a queued mail job and stops on SIGTERM', async () => {
    const env = appEnv({
      NODE_ENV: 'production',
      APP_KEY: 'k'.repeat(40),
      DATABASE_URL: database.url,
      REDIS_URL,
      LOG_LEVEL: 'info',
    });

    const migrate = spawnSync(process.execPath, [dist('cli/migrate.js')], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(migrate.status).toBe(0);
    expect(migrate.stdout).toMatch(/Ran \d+ migration\(s\): Foundation/);
    const again = spawnSync(process.execPath, [dist('cli/migrate.js')], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(again.stdout).toContain('No pending migrations.');

    let output = '';
    worker = spawn(process.execPath, [dist('worker.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    worker.stdout!.on('data', (chunk: Buffer) => (output += plain(chunk.toString())));
    worker.stderr!.on('data', (chunk: Buffer) => (output += plain(chunk.toString())));
    const exited = new Promise<number | null>((done) => worker!.once('exit', (code) => done(code)));
    await waitFor(
      () => output.includes('worker is up'),
      60_000,
      'the worker to start',
      () => output,
    );
    expect(output).toContain('serving queues: mail, media, designs, fanout');
    expect(output).not.toMatch(/Nest application successfully started|is up at http/);

    // What a web node (RUN_WORKERS=false) does when it sends a mail: enqueue on the "mail" queue.
    queue = new Queue('mail', { connection: { url: REDIS_URL }, prefix: 'reelty' });
    const subject = `Worker smoke ${database.name}`;
    await queue.add('send', { to: 'someone@example.test', subject, html: '<p>hi</p>', text: 'hi' });

    const pg = new Client({ connectionString: database.url });
    await pg.connect();
    try {
      await waitFor(
        async () => (await pg.query('select 1 from mails where subject = $1', [subject])).rowCount === 1,
        30_000,
        'the mail job to be processed',
        () => output,
      );
    } finally {
      await pg.end();
    }

    worker.kill('SIGTERM');
    const code = await Promise.race([
      exited,
      new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), 30_000).unref()),
    ]);
    expect(code).toBe(0);
    expect(output).toContain('SIGTERM received: finishing current jobs');
    expect(output).toContain('Worker stopped');
  }, 150_000);

  it('refuses to start without Redis, with one clear line', () => {
    const result = spawnSync(process.execPath, [dist('worker.js')], {
      cwd: ROOT,
      env: appEnv({
        NODE_ENV: 'development',
        DATABASE_URL: database.url,
        LOCAL_REDIS_URL: 'redis://127.0.0.1:1',
        LOG_LEVEL: 'error',
      }),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(78);
    expect(
      result.stderr
        .trim()
        .split('\n')
        .filter((line) => line.trim() && !/WARN/.test(line)),
    ).toEqual([expect.stringMatching(/^Worker: no Redis \(set REDIS_URL\)/)]);
  }, 70_000);
});
