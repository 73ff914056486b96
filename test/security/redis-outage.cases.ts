import { ChildProcess, spawn } from 'node:child_process';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { freePort } from '../support/processes';
import { PASSWORD } from '../auth/helpers';

/** A Redis of this test's own, so stopping it harms nobody else. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await new Promise<void>((ready, fail) => {
    child.once('error', fail);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) ready();
    });
  });
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGKILL');
  await exited;
}

/** Every call must settle within this (the outage is reported, not waited out). */
const FAST_MS = 4000;

async function timed<T>(call: () => PromiseLike<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await call();
  return { result, ms: Date.now() - started };
}

describe('when Redis goes away', () => {
  let t: TestApp;
  let redis: ChildProcess;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    t = await bootTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    if (redis.exitCode !== null || redis.signalCode !== null) redis = await startRedis(port); // lets the queues close cleanly
    await t.close();
    await stopRedis(redis);
  });

  it('answers 503 with Retry-After fast on logins, chat sends and queued work, reports it on /health, and recovers', async () => {
    const { client: alice, user: aliceUser } = await t.signedIn();
    const { client: bob, user: bobUser } = await t.signedIn();
    const chat = await alice.post('/api/chats').send({ user_id: bobUser.id, message: 'Hello' });
    expect([200, 201]).toContain(chat.status);
    const chatId: string = chat.body.chat.id;
    expect((await bob.post(`/api/chats/${chatId}/respond`).send({ accept: true })).status).toBeLessThan(300);
    expect((await t.client().then((c) => c.get('/health'))).status).toBe(200);

    await stopRedis(redis);
    const guest: TestClient = await t.client();
    const calls = {
      login: () => guest.post('/login').send({ email: aliceUser.email, password: PASSWORD }),
      'chat send': () => alice.post(`/api/chats/${chatId}/messages`).send({ content: 'Are you there?' }),
      'password reset mail (queued)': () => guest.post('/forgot-password').send({ email: aliceUser.email }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const { result, ms } = await timed(call);
      expect({ name, status: result.status, fast: ms < FAST_MS }).toEqual({ name, status: 503, fast: true });
      expect(result.headers['retry-after']).toBe('5');
      expect(result.body.message).toMatch(/Redis\) is not answering/);
    }
    const health = await timed(() => fetch(`${t.baseUrl}/health`));
    expect(health.ms).toBeLessThan(FAST_MS);
    expect(health.result.status).toBe(503);
    const report = await health.result.json();
    expect(report).toMatchObject({ status: 'degraded', database: { status: 'ok' }, redis: { status: 'down' } });

    // Back again: everything recovers without a restart.
    redis = await startRedis(port);
    const deadline = Date.now() + 10_000;
    let healthy = 0;
    while (Date.now() < deadline && healthy !== 200) {
      healthy = (await fetch(`${t.baseUrl}/health`)).status;
      if (healthy !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(healthy).toBe(200);
    const again = await t.client();
    expect((await again.post('/login').send({ email: aliceUser.email, password: PASSWORD })).status).toBe(303);
  }, 60_000);
});
