import Pusher from 'pusher-js';
import { CreditsService } from '../../src/modules/credits/credits.service';
import { DesignGenerationService } from '../../src/modules/designs/design-generation.service';
import type { QueueChangedEvent } from '../../src/contracts/admin';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import type { TestApp, TestClient } from '../support/app';
import { registerProbeJob } from '../support/probe-job';
import { fakeOpenAi, OpenAiScenario } from './fakes';
import { bootDesignApp, pusherFor, recordDesign, roomPhoto, subscribe, waitForStatus } from './support';

/** The app configured with the OpenAI provider, pointed at a local fake of its API. */
describe('provider failures: the design fails with the reason, credits are refunded once', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof fakeOpenAi>>;
  let scenarios: OpenAiScenario[] = [];
  const sockets: Pusher[] = [];

  /**
   * The design row is written before the queue records the attempt as finished: the job as the queue keeps it once
   * its last attempt has finished (completed or failed), waiting up to 10 s for that record.
   */
  async function finishedJob(id: string) {
    const queue = t.app.get(JobsService).bullQueue('designs');
    let job = await queue.getJob(id);
    for (let i = 0; i < 100 && !job?.finishedOn; i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = await queue.getJob(id);
    }
    return job;
  }

  beforeAll(async () => {
    fake = await fakeOpenAi('sk-test', () => scenarios.shift() ?? { kind: 'b64' });
    Object.assign(process.env, {
      DESIGN_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: fake.url,
      DESIGN_JOB_ATTEMPTS: '3',
    });
    t = await bootDesignApp({ DESIGN_JOB_BACKOFF_MS: '20' });
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.disconnect()));
  afterAll(async () => {
    await t?.close();
    await fake.close();
    for (const k of ['DESIGN_PROVIDER', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'DESIGN_JOB_ATTEMPTS'])
      delete process.env[k];
  });

  async function generate(client: TestClient) {
    const queue = t.app.get(JobsService).bullQueue('designs');
    await queue.pause();
    const res = await client
      .post('/api/designs/generate')
      .attach('image', await roomPhoto(640, 480), 'room.jpg')
      .field('options[theme]', 'Modern');
    expect(res.status).toBe(201);
    return { design: res.body.design, resume: () => queue.resume() };
  }

  it('a refused request (400 moderation) fails at once: failed progress event with the message, refund, ledger balanced', async () => {
    const { client, user } = await t.signedIn();
    await t.app.get(CreditsService).grant(user.id, 1, 'test');
    scenarios = [
      {
        kind: 'error',
        status: 400,
        message: 'Your request was rejected as a result of our safety system.',
        code: 'moderation_blocked',
      },
    ];
    const { design, resume } = await generate(client);
    expect(design.provider).toBe('openai');
    const pusher = pusherFor(t, client, sockets);
    await subscribe(pusher, `private-design.${design.id}`);
    const rec = recordDesign(pusher, design.id);
    await resume();
    const events = await rec.done;
    const last = events[events.length - 1];
    expect(last.event).toBe('design.progress');
    expect(last.data).toMatchObject({
      design_id: design.id,
      status: 'failed',
      error:
        'OpenAI answered 400: Your request was rejected as a result of our safety system.. Your credits were refunded.',
    });
    expect(events.some((e) => e.event === 'design.generated')).toBe(false);

    const row = await waitForStatus(t.db, design.id, ['failed']);
    expect(row.failure_reason).toMatch(/safety system/);
    expect(row.credits_charged).toBe(0);
    expect(await t.app.get(CreditsService).balance(user.id)).toBe(1);
    const ledger = await t.db.query(
      `SELECT kind, amount FROM credit_transactions WHERE user_id = $1 ORDER BY created_at`,
      [user.id],
    );
    expect(ledger).toEqual([
      { kind: 'grant', amount: 1 },
      { kind: 'spend', amount: -1 },
      { kind: 'refund', amount: 1 },
    ]);
    const shown = await client.get(`/api/designs/${design.id}`);
    expect(shown.body.design).toMatchObject({
      status: 'failed',
      failure_reason: expect.stringMatching(/safety system/),
    });
    expect(shown.body.design.generatedDesigns[0]).toMatchObject({ status: 'failed' });
    const usage = await t.db.query(`SELECT provider, succeeded FROM usage_records WHERE user_id = $1`, [user.id]);
    expect(usage).toEqual([{ provider: 'openai', succeeded: false }]);

    // The job itself is recorded as failed (no further attempts) for the queue monitor.
    const job = await finishedJob(`design-${design.id}-r1`);
    expect(await job!.getState()).toBe('failed');
    expect(job!.attemptsMade).toBe(1);

    // Retry ("Retrying design generation..."): spends again, runs again, succeeds this time.
    const retry = await client
      .post(`/api/designs/${design.id}/retry`)
      .send({ generated_design: shown.body.design.generatedDesigns[0].id });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({
      message: 'Retrying design generation...',
      design: { status: 'pending', progress: 0 },
    });
    const done = await waitForStatus(t.db, design.id, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    expect(await t.app.get(CreditsService).balance(user.id)).toBe(0);
    const again = await client.post(`/api/designs/${design.id}/retry`).send({});
    expect(again.status).toBe(409);
  });

  it('transient errors (429, 500) are retried by the queue and the design completes; one spend, no refund', async () => {
    const { client, user } = await t.signedIn();
    await t.app.get(CreditsService).grant(user.id, 1, 'test');
    scenarios = [
      { kind: 'error', status: 429, message: 'Rate limit reached', type: 'requests' },
      { kind: 'error', status: 500, message: 'The server had an error', type: 'server_error' },
      { kind: 'b64' },
    ];
    const { design, resume } = await generate(client);
    await resume();
    const row = await waitForStatus(t.db, design.id, ['completed', 'failed']);
    expect(row.status).toBe('completed');
    const job = await finishedJob(`design-${design.id}-r1`);
    expect(job!.attemptsMade).toBe(3); // two failed attempts and the one that succeeded
    expect(await t.app.get(CreditsService).balance(user.id)).toBe(0);
    const kinds = await t.db.query(`SELECT kind FROM credit_transactions WHERE user_id = $1 ORDER BY created_at`, [
      user.id,
    ]);
    expect(kinds.map((k: any) => k.kind)).toEqual(['grant', 'spend']);
  });

  it('after the last attempt fails the design fails for good and is refunded exactly once', async () => {
    const { client, user } = await t.signedIn();
    await t.app.get(CreditsService).grant(user.id, 1, 'test');
    scenarios = [0, 1, 2].map(
      () => ({ kind: 'error', status: 503, message: 'Service unavailable', type: 'server_error' }) as OpenAiScenario,
    );
    const { design, resume } = await generate(client);
    await resume();
    const row = await waitForStatus(t.db, design.id, ['failed', 'completed']);
    expect(row.status).toBe('failed');
    expect(row.failure_reason).toBe('OpenAI answered 503: Service unavailable. Your credits were refunded.');
    // A second settlement (the sweeper, a stalled duplicate) changes nothing.
    const gen = t.app.get(DesignGenerationService);
    expect(await gen.failForGood(design.id, 1, 'again')).toBe(false);
    expect(await t.app.get(CreditsService).balance(user.id)).toBe(1);
    const refunds = await t.db.query(
      `SELECT count(*)::int AS n FROM credit_transactions WHERE user_id = $1 AND kind = 'refund'`,
      [user.id],
    );
    expect(refunds[0].n).toBe(1);
  });

  it('the sweeper fails and refunds a design whose job vanished (worker lost for good)', async () => {
    const { client, user } = await t.signedIn();
    await t.app.get(CreditsService).grant(user.id, 1, 'test');
    const { design } = await generate(client);
    const queue = t.app.get(JobsService).bullQueue('designs');
    const job = await queue.getJob(`design-${design.id}-r1`);
    await job!.remove();
    await queue.resume();
    const gen = t.app.get(DesignGenerationService);
    expect(await gen.sweep(Date.now() + 60 * 60_000)).toBeGreaterThanOrEqual(1);
    const row = await waitForStatus(t.db, design.id, ['failed']);
    expect(row.failure_reason).toMatch(/stopped responding/);
    expect(await t.app.get(CreditsService).balance(user.id)).toBe(1);
  });

  it('shows failed design jobs in the queue monitor with their error; admins retry or remove them', async () => {
    const admin = (await t.signedIn({ role: 'admin' })).client;
    const failed = await admin.get('/api/admin/queues?queue=designs&state=failed');
    expect(failed.status).toBe(200);
    expect(failed.body.mode).toBe('bullmq');
    const designs = failed.body.queues.find((q: any) => q.name === 'designs');
    expect(designs.failed).toBeGreaterThanOrEqual(2);
    const jobs = failed.body.jobs.data;
    expect(jobs.length).toBe(designs.failed);
    expect(jobs.map((j: any) => j.failed_reason)).toEqual(
      expect.arrayContaining(['OpenAI answered 503: Service unavailable']),
    );
    expect(jobs[0]).toMatchObject({
      queue: 'designs',
      name: 'generate',
      state: 'failed',
      data: { designId: expect.any(String), run: expect.any(Number) },
    });

    const retried = await admin.post(`/api/admin/queues/designs/jobs/${jobs[0].id}/retry`);
    expect(retried.status).toBe(200);
    expect(['waiting', 'active', 'completed', 'failed', 'prioritized']).toContain(retried.body.job.state);
    // Its attempts never read more made than allowed ("2 of 1"), and no server path or stack reaches the admin.
    expect(retried.body.job.attempts).toBeGreaterThanOrEqual(retried.body.job.attempts_made);
    expect(retried.body.job).not.toHaveProperty('stacktrace');
    const removed = await admin.delete(`/api/admin/queues/designs/jobs/${jobs[1].id}`);
    expect(removed.status).toBe(200);
    expect((await admin.delete(`/api/admin/queues/designs/jobs/${jobs[1].id}`)).status).toBe(404);
    const completed = await admin.get('/api/admin/queues?queue=designs&state=completed');
    const done = completed.body.jobs.data[0];
    const refused = await admin.post(`/api/admin/queues/designs/jobs/${done.id}/retry`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Only failed jobs can be retried or removed; this one is completed.');
    expect((await admin.post('/api/admin/queues/nope/jobs/1/retry')).status).toBe(400);
  });

  it('pauses and resumes a queue, and retries or removes all its failed jobs at once', async () => {
    const admin = (await t.signedIn({ role: 'admin' })).client;
    const mailQueue = async () =>
      (await admin.get('/api/admin/queues?queue=designs&state=failed')).body.queues.find(
        (q: { name: string }) => q.name === 'mail',
      );
    expect((await admin.post('/api/admin/queues/mail/pause')).body.message).toBe(
      'mail is paused: its workers take no new job',
    );
    expect((await mailQueue()).paused).toBe(true);
    expect((await admin.post('/api/admin/queues/mail/resume')).status).toBe(200);
    expect((await mailQueue()).paused).toBe(false);

    // Three failed jobs: retried together (they fail again), then removed together.
    const queue = t.app.get(JobsService).bullQueue('webhooks');
    // No handler is registered for this name: each attempt fails, and with one attempt allowed the job is failed.
    for (let i = 0; i < 3; i++) await queue.add('nobody-handles-this', { i }, { attempts: 1 });
    const failedCount = async () => (await queue.getJobCounts('failed')).failed;
    while ((await failedCount()) < 3) await new Promise((r) => setTimeout(r, 50));
    const retried = await admin.post('/api/admin/queues/webhooks/failed/retry');
    expect(retried.body).toMatchObject({ count: 3, message: '3 failed jobs queued again' });
    while ((await failedCount()) < 3) await new Promise((r) => setTimeout(r, 50));
    const removed = await admin.delete('/api/admin/queues/webhooks/failed');
    expect(removed.body).toMatchObject({ count: 3 });
    expect(await failedCount()).toBe(0);
  });

  it('pushes every job move to admins on their channel: a long job’s progress without polling, then its duration', async () => {
    const admin = (await t.signedIn({ role: 'admin' })).client;
    const stranger = (await t.signedIn()).client;
    await expect(subscribe(pusherFor(t, stranger, sockets), 'private-admin.queues')).rejects.toThrow(/refused/);
    const pushes: QueueChangedEvent[] = [];
    const channel = await subscribe(pusherFor(t, admin, sockets), 'private-admin.queues');
    channel.bind('queues.changed', (event: QueueChangedEvent) => pushes.push(event));
    const pushed = async (ok: (e: QueueChangedEvent) => boolean) => {
      for (let i = 0; i < 400 && !pushes.some(ok); i++) await new Promise((r) => setTimeout(r, 25));
      return pushes.find(ok);
    };

    // A job that reports 25 %, then 75 %, each time waiting for the test to let it go on.
    const probe = registerProbeJob(t);
    const id = await t.app.get(JobsService).dispatch('media', 'monitor-probe', { listing_id: 'l-1' }, { attempts: 1 });
    const moved = (kind: string, progress?: number) => (e: QueueChangedEvent) =>
      e.queue.name === 'media' &&
      e.jobs.some((j) => j.id === id && j.kind === kind && (progress === undefined || j.progress === progress));

    expect(await pushed(moved('progress', 25))).toMatchObject({ queue: { name: 'media', active: 1 } });
    const running = await admin.get('/api/admin/queues?queue=media&state=active');
    expect(running.body.jobs.data).toEqual([expect.objectContaining({ id, progress: 25, state: 'active' })]);
    probe.next();
    expect(await pushed(moved('progress', 75))).toBeDefined();
    probe.next();
    expect(await pushed(moved('completed'))).toMatchObject({ queue: { name: 'media', active: 0 } });

    const done = await admin.get('/api/admin/queues?queue=media&state=completed');
    const row = done.body.jobs.data.find((j: { id: string }) => j.id === id);
    expect(row).toMatchObject({ state: 'completed', progress: 75, attempts_made: 1, attempts: 1 });
    expect(row.duration_ms).toBeGreaterThanOrEqual(0);
    const media = done.body.throughput.find((q: { name: string }) => q.name === 'media');
    expect(media.completed).toHaveLength(60);
    expect(media.completed.reduce((a: number, b: number) => a + b, 0)).toBeGreaterThanOrEqual(1);
  });
});
