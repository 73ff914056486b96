import type Pusher from 'pusher-js';
import type { FakeServer } from '../designs/fakes';
import { roomPhoto } from '../designs/support';
import { ClusterClient, pusherThrough, subscribed, until, type Cluster } from './support';

type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** What the fake OpenAI does with the next image edit: how long it holds the answer. */
export const providerDelay = { ms: 0 };

const EDITS = '/v1/images/edits';
const edits = (fake: FakeServer) => fake.requests.filter((r) => r.path === EDITS).length;

/** POST /api/designs/generate through nginx, with a room photo as multipart. */
async function startDesign(client: ClusterClient): Promise<string> {
  const boundary = `----cluster${Date.now()}`;
  const photo = await roomPhoto(640, 480);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="room.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await client.request('POST', '/api/designs/generate', {
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  if (res.status !== 201) throw new Error(`generate answered ${res.status}: ${res.text}`);
  return res.json.design.id as string;
}

/** Listens on the design's private channel through nginx; collects every event as it arrives. */
async function listen(cluster: Cluster, client: ClusterClient, id: string, sockets: Pusher[]) {
  const pusher = pusherThrough(cluster, client);
  sockets.push(pusher);
  const channel = await subscribed(pusher, `private-design.${id}`);
  const events: Array<{ event: string; data: any; at: number }> = [];
  channel.bind('design.progress', (data: any) => events.push({ event: 'design.progress', data, at: Date.now() }));
  channel.bind('design.generated', (data: any) => events.push({ event: 'design.generated', data, at: Date.now() }));
  return events;
}

const designRow = async (sql: Sql, id: string) =>
  (
    await sql<{ status: string; current_step: string | null; progress_steps: unknown[] }>(
      'SELECT * FROM designs WHERE id = $1',
      [id],
    )
  )[0];

/**
 * A user starts a design through nginx; the worker calls the (fake) provider, which holds its answer long
 * enough for the browser to subscribe; every later step arrives live over pusher-js through nginx.
 */
export async function runLiveDesign(
  cluster: Cluster,
  client: ClusterClient,
  fake: FakeServer,
  sql: Sql,
  sockets: Pusher[],
) {
  providerDelay.ms = 2_000;
  const startedAt = Date.now();
  const id = await startDesign(client);
  const events = await listen(cluster, client, id, sockets);
  const subscribedMs = Date.now() - startedAt;
  await until(() => events.some((e) => e.event === 'design.generated'), 60_000, 'the design to be generated');
  const progress = events.filter((e) => e.event === 'design.progress').map((e) => e.data);
  const steps = [...new Set(progress.map((p) => p.current_step).filter(Boolean))];
  const row = await designRow(sql, id);
  return {
    id,
    status: row.status,
    steps: row.progress_steps.length,
    subscribedMs,
    progressEvents: progress.length,
    stepsSeenLive: steps,
    lastProgress: progress[progress.length - 1]?.progress,
    deliveryMs: Math.max(...events.map((e) => e.at - (e.data.sent_at ?? e.at))),
    totalMs: Date.now() - startedAt,
    providerCalls: edits(fake),
  };
}

/**
 * The worker is SIGKILLed while it waits on the provider; a second worker started afterwards takes the
 * stalled job once the dead worker's lock lapses, runs it again and completes the design; the owner's
 * socket (on a web node) still gets the result live.
 */
export async function runWorkerCrash(
  cluster: Cluster,
  client: ClusterClient,
  fake: FakeServer,
  sql: Sql,
  sockets: Pusher[],
) {
  const callsBefore = edits(fake);
  providerDelay.ms = 60_000;
  const id = await startDesign(client);
  const events = await listen(cluster, client, id, sockets);
  await until(() => edits(fake) > callsBefore, 30_000, 'the worker to reach the provider');
  const mid = await designRow(sql, id);
  providerDelay.ms = 0;
  await cluster.kill('worker');
  const killedAt = Date.now();
  const afterKill = await designRow(sql, id);
  await cluster.start('worker');
  const restartedMs = Date.now() - killedAt;
  const done = await until(
    async () => {
      const row = await designRow(sql, id);
      return ['completed', 'failed'].includes(row.status) ? row : null;
    },
    100_000,
    'the second worker to complete the design',
  );
  const completedMs = Date.now() - killedAt;
  await until(() => events.some((e) => e.event === 'design.generated'), 10_000, 'the result to arrive live');
  const ledger = await sql<{ kind: string }>(
    `SELECT kind FROM credit_transactions WHERE user_id = (SELECT user_id FROM designs WHERE id = $1) AND reason LIKE $2`,
    [id, `%${id}%`],
  );
  return {
    id,
    stepWhenKilled: mid.current_step,
    statusAfterKill: afterKill.status,
    status: done.status,
    secondWorkerReadyMs: restartedMs,
    completedAfterKillMs: completedMs,
    providerCalls: edits(fake) - callsBefore,
    ledger: ledger.map((r) => r.kind),
    generatedLive: events.some((e) => e.event === 'design.generated'),
  };
}
