import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'bullmq';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config/app-config';
import { resolveRuntime, type Runtime } from '../../src/config/runtime';
import { JobRegistry } from '../../src/modules/jobs/job-registry';
import { hashPassword } from '../../src/modules/auth/password';
import { User } from '../../src/modules/users/user.entity';
import { createTestDatabase, TEST_REDIS_URL, TestClient } from '../support/app';
import { makeClip, tusRequest, b64, waitFor } from './support';

jest.setTimeout(120_000);

/**
 * Production shape: a web node (no workers) queues the transcode; a worker node takes it and dies
 * mid-job (SIGKILL); BullMQ's stalled-job check hands the job to another worker node, which runs the
 * same handler, and the video becomes ready. Nothing is lost.
 */
describe('a worker crash mid-transcode', () => {
  let app: NestExpressApplication;
  let runtime: Runtime;
  let drop: () => Promise<void>;
  let dir: string;
  let crashing: ChildProcess | null = null;
  let rescuer: Worker | null = null;
  const prefix = `test:crash:${process.pid}:${Date.now()}`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reelty-crash-'));
    const db = await createTestDatabase();
    drop = db.drop;
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      APP_KEY: 'test-key-0123456789abcdefghijklmnopqrstuvwxyz',
      DATABASE_URL: db.url,
      REDIS_URL: TEST_REDIS_URL,
      SEED_DEMO: 'false',
      STORAGE_DIR: dir,
      LOG_LEVEL: 'error',
    });
    runtime = await resolveRuntime(config);
    app = await createApp(config, runtime, { runWorkers: false, redisPrefix: prefix });
    await app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    crashing?.kill('SIGKILL');
    await rescuer?.close();
    await app?.close();
    await runtime?.stop();
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is retried by another worker and the video becomes ready', async () => {
    const baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const ds = app.get<DataSource>(getDataSourceToken());
    const repo = ds.getRepository(User);
    const user = await repo.save(
      repo.create({
        name: 'Crash',
        email: `crash${Date.now()}@example.test`,
        handle: `crash${Date.now()}`,
        emailVerifiedAt: new Date(),
        passwordHash: await hashPassword('correct-horse-battery'),
        type: 'realtor',
      }),
    );
    const client = new TestClient(app.getHttpServer(), baseUrl);
    await client.refreshToken();
    expect(
      (await client.post('/login').send({ email: user.email, password: 'correct-horse-battery' })).status,
    ).toBeLessThan(400);
    await client.refreshToken();
    const t = { baseUrl } as Parameters<typeof tusRequest>[0];

    // The worker node that will crash is the only one listening when the job is queued.
    crashing = fork(join(__dirname, 'crashing-worker.js'), [TEST_REDIS_URL, prefix], { stdio: 'ignore' });
    const taken = new Promise<{ taken: string; name: string }>((resolve) =>
      crashing!.on(
        'message',
        (m: { taken?: string; name: string }) => m.taken && resolve(m as { taken: string; name: string }),
      ),
    );
    await new Promise<void>((resolve) => crashing!.on('message', (m: { ready?: boolean }) => m.ready && resolve()));
    const died = new Promise<NodeJS.Signals | null>((resolve) =>
      crashing!.on('exit', (_code, signal) => resolve(signal)),
    );

    const walkthrough = (await client.post('/api/walkthroughs').send({})).body.walkthrough;
    const video = (await client.post(`/api/video/walkthrough/${walkthrough.slug}`).send({})).body.video;
    const bytes = readFileSync(await makeClip(dir, 'c.mp4', { width: 320, height: 180, seconds: 2 }));
    const created = (await tusRequest(t, client, 'POST', '/api/video-uploads', {
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `videoSlug ${b64(video.slug)}`,
    })) as { status: number; headers: Record<string, string> };
    expect(created.status).toBe(201);
    const done = (await tusRequest(
      t,
      client,
      'PATCH',
      created.headers.location,
      { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      bytes,
    )) as { status: number };
    expect(done.status).toBe(204);

    expect((await taken).name).toBe('transcode');
    expect(await died).toBe('SIGKILL');
    expect((await client.get(`/api/video/${video.id}`)).body.video.status).toBe('processing');

    // Another worker node (same handler as `npm run worker`) finds the stalled job and finishes it.
    const registry = app.get(JobRegistry);
    rescuer = new Worker(
      'media',
      (job) =>
        registry
          .get('media', job.name)
          .handle(job.data, { id: job.id!, attempt: job.attemptsMade + 1, progress: (v) => job.updateProgress(v) }),
      {
        connection: { url: TEST_REDIS_URL, maxRetriesPerRequest: null },
        prefix,
        stalledInterval: 1000,
        concurrency: 1,
      },
    );
    const ready = await waitFor(
      async () => {
        const v = (await client.get(`/api/video/${video.id}`)).body.video;
        return v.status === 'ready' || v.status === 'errored' ? v : null;
      },
      60_000,
      300,
    );
    expect(ready.status).toBe('ready');
    expect(ready.renditions.map((r: { name: string }) => r.name)).toEqual(['180p']);
  });
});
