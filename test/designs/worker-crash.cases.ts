import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Worker } from 'bullmq';
import { JobRegistry } from '../../src/modules/jobs/job-registry';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import { CreditsService } from '../../src/modules/credits/credits.service';
import type { TestApp } from '../support/app';
import { fakeOpenAi, OpenAiScenario } from './fakes';
import { bootDesignApp, REALTIME_ENV, roomPhoto, waitForStatus } from './support';

/** The app's own BullMQ worker for the designs queue (the test pauses it so the child takes the job). */
function designsWorker(t: TestApp): Worker {
  const container = (
    t.app as unknown as { container: { getModules(): Map<string, { providers: Map<unknown, { instance: unknown }> }> } }
  ).container;
  for (const mod of container.getModules().values()) {
    for (const wrapper of mod.providers.values()) {
      const instance = wrapper.instance as { constructor?: { name?: string }; worker?: Worker } | undefined;
      if (instance?.constructor?.name === 'DesignsQueueProcessor' && instance.worker) return instance.worker;
    }
  }
  throw new Error('no designs worker in this app');
}

/**
 * A worker process dies (SIGKILL) in the middle of a design job: BullMQ's stalled-job check in the
 * surviving worker puts the job back, it runs again from the start and the design completes,
 * with one credit spent and nothing refunded.
 */
describe('worker crash mid-job', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof fakeOpenAi>>;
  let child: ChildProcess | null = null;
  const scenarios: OpenAiScenario[] = [{ kind: 'b64', delayMs: 20_000 }];

  beforeAll(async () => {
    fake = await fakeOpenAi('sk-test', () => scenarios.shift() ?? { kind: 'b64' });
    // The production default job lock (5 s) here too, which the rest of the suite raises: a worker's stalled check
    // is skipped while another's interval runs, so every worker of the queue must have the same one.
    t = await bootDesignApp({
      DESIGN_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: fake.url,
      JOB_LOCK_MS: '',
    });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await t?.close();
    await fake.close();
  });

  it('the job is retried by the surviving worker and the design completes', async () => {
    const { client, user } = await t.signedIn();
    await t.app.get(CreditsService).grant(user.id, 1, 'test');
    // Only the child may take the job: stop this process's own designs worker.
    await designsWorker(t).close();

    child = fork(join(__dirname, 'worker-child.js'), [], {
      env: {
        ...process.env,
        ...REALTIME_ENV,
        NODE_ENV: 'test',
        APP_KEY: 'test-key-0123456789abcdefghijklmnopqrstuvwxyz',
        DATABASE_URL: t.config.databaseUrl!,
        REDIS_URL: t.config.redisUrl!,
        STORAGE_DIR: t.config.storageDir,
        REDIS_PREFIX: `test:${t.databaseName}`,
        LOG_LEVEL: 'error',
        SEED_DEMO: 'false',
        // The production default lock (5 s), which the rest of the suite raises: the job it held runs again soon.
        JOB_LOCK_MS: '',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve, reject) => {
      child!.once('message', () => resolve());
      child!.once('exit', (code) => reject(new Error(`worker child exited ${code}`)));
    });

    const res = await client.post('/api/designs/generate').attach('image', await roomPhoto(640, 480), 'room.jpg');
    expect(res.status).toBe(201);
    const id = res.body.design.id;
    // The child is inside the provider call (which the fake holds for 20 s): kill it there.
    const until = Date.now() + 20_000;
    while (!fake.requests.some((r) => r.path === '/v1/images/edits')) {
      if (Date.now() > until) throw new Error('the child never reached the provider');
      await new Promise((r) => setTimeout(r, 50));
    }
    const [row] = await t.db.query(`SELECT current_step FROM designs WHERE id = $1`, [id]);
    expect(row.current_step).toBe('Generating the AI design');
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    child = null;
    const [mid] = await t.db.query(`SELECT status FROM designs WHERE id = $1`, [id]);
    expect(mid.status).toBe('processing');

    // A surviving worker (the same handler, as src/modules/jobs/bull-processors.ts runs it) notices
    // the stalled job once the dead worker's lock expires, and runs it again.
    const registry = t.app.get(JobRegistry);
    const survivor = new Worker(
      'designs',
      (job) =>
        registry
          .get('designs', job.name)
          .handle(job.data, { id: job.id!, attempt: job.attemptsMade + 1, progress: (v) => job.updateProgress(v) }),
      {
        connection: { url: t.config.redisUrl!, maxRetriesPerRequest: null },
        prefix: `test:${t.databaseName}`,
        // As the app's workers do (bull-processors.ts) with the default lock.
        lockDuration: 5000,
        stalledInterval: 2500,
      },
    );
    const done = await waitForStatus(t.db, id, ['completed', 'failed'], 100_000);
    expect(done.status).toBe('completed');
    const ledger = await t.db.query(`SELECT kind FROM credit_transactions WHERE user_id = $1 ORDER BY created_at`, [
      user.id,
    ]);
    expect(ledger.map((r: { kind: string }) => r.kind)).toEqual(['grant', 'spend']);
    await survivor.close();
    const job = await t.app.get(JobsService).bullQueue('designs').getJob(`design-${id}-r1`);
    expect(await job!.getState()).toBe('completed');
    expect(job!.stalledCounter).toBe(1); // moved back once after the crash
    expect(fake.requests.filter((r) => r.path === '/v1/images/edits')).toHaveLength(2);
  }, 150_000);
});
