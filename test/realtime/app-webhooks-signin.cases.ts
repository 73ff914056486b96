import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import PusherServerSdk from 'pusher';
import type Pusher from 'pusher-js';
import { ChannelRegistry } from '../../src/modules/realtime/channel-registry.service';
import { bootTestApp, type TestApp } from '../support/app';
import { pusherFor, subscribe } from '../support/realtime';

const SECRET = 'hook-secret';

interface Delivery {
  status: number;
  body: string;
  key: string | undefined;
  signature: string | undefined;
}

/** A stand-in webhook receiver: refuses the first delivery with 500 (to see the retry), accepts the rest. */
async function startReceiver(): Promise<{ server: Server; url: string; deliveries: Delivery[] }> {
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const status = deliveries.length === 0 ? 500 : 200;
      deliveries.push({
        status,
        body: Buffer.concat(chunks).toString('utf8'),
        key: req.headers['x-pusher-key'] as string | undefined,
        signature: req.headers['x-pusher-signature'] as string | undefined,
      });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/pusher/webhooks`, deliveries };
}

async function until<T>(probe: () => T | undefined | false, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The booted app: Pusher webhooks through the webhooks queue, and pusher-js signin via /broadcasting/user-auth. */
describe('webhooks and user sign-in in the booted app', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const sockets: Pusher[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await bootTestApp({
      BROADCAST_KEY: 'hook-key',
      BROADCAST_SECRET: SECRET,
      BROADCAST_APP_ID: 'hook-app',
      BROADCAST_WEBHOOK_URLS: receiver.url,
      BROADCAST_WEBHOOK_BATCH_MS: '100',
    });
    t.app.get(ChannelRegistry).register('hooks.{id}', (user) => ({ id: user.id, name: user.name }));
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.disconnect()));
  afterAll(async () => {
    await t?.close();
    receiver?.server.close();
  });

  it('posts signed, batched webhooks for occupancy, members and client events, retrying a failed delivery', async () => {
    const { client, user } = await t.signedIn();
    const pusher = pusherFor(t, client, sockets);
    const channel = await subscribe(pusher, 'presence-hooks.1');
    channel.trigger('client-wave', { hi: true });
    await new Promise((resolve) => setTimeout(resolve, 300)); // a second batch for the departures
    pusher.disconnect();

    // Batches in the order they were made (the refused first one arrives again, later, on retry).
    const events = await until(() => {
      const accepted = receiver.deliveries
        .filter((d) => d.status === 200)
        .map((d) => JSON.parse(d.body) as { time_ms: number; events: Array<Record<string, unknown>> })
        .sort((a, b) => a.time_ms - b.time_ms);
      const all = accepted.flatMap((batch) => batch.events);
      const names = all.map((e) => e.name);
      return names.includes('channel_occupied') && names.includes('channel_vacated') && all;
    }, 15_000);

    const channelName = 'presence-hooks.1';
    expect(events).toEqual([
      { name: 'channel_occupied', channel: channelName },
      { name: 'member_added', channel: channelName, user_id: user.id },
      {
        name: 'client_event',
        channel: channelName,
        event: 'client-wave',
        data: JSON.stringify({ hi: true }),
        socket_id: expect.stringMatching(/^\d+\.\d+$/),
        user_id: user.id,
      },
      { name: 'member_removed', channel: channelName, user_id: user.id },
      { name: 'channel_vacated', channel: channelName },
    ]);
    const [refused, ...rest] = receiver.deliveries;
    expect(refused.status).toBe(500);
    // The same batch, byte for byte, retried by the queue and accepted.
    expect(rest.filter((d) => d.body === refused.body).map((d) => d.status)).toEqual([200]);
    for (const delivery of receiver.deliveries) {
      expect(delivery.key).toBe('hook-key');
      expect(delivery.signature).toBe(createHmac('sha256', SECRET).update(delivery.body).digest('hex'));
      expect(JSON.parse(delivery.body).time_ms).toEqual(expect.any(Number));
    }
  });

  it('signs pusher-js in through /broadcasting/user-auth and delivers sendToUser', async () => {
    const { client, user } = await t.signedIn();
    const pusher = pusherFor(t, client, sockets);
    await new Promise<void>((resolve) => pusher.connection.bind('connected', () => resolve()));
    pusher.signin();
    await pusher.user.signinDonePromise;
    expect(pusher.user.user_data).toMatchObject({ id: user.id, user_info: { name: user.name } });
    await new Promise((resolve) => setTimeout(resolve, 100)); // the #server-to-user subscription follows
    const got = new Promise((resolve) => pusher.user.bind('account.notice', resolve));
    const port = Number(new URL(t.baseUrl).port);
    const sdk = new PusherServerSdk({
      appId: 'hook-app',
      key: 'hook-key',
      secret: SECRET,
      host: '127.0.0.1',
      port: String(port),
      useTLS: false,
    });
    await sdk.sendToUser(user.id, 'account.notice', { text: 'hi' });
    expect(await got).toEqual({ text: 'hi' });

    const guest = await t.client();
    expect((await guest.post('/broadcasting/user-auth').send({ socket_id: '1.2' })).status).toBe(403);
    expect((await client.post('/broadcasting/user-auth').send({ socket_id: 'nope' })).status).toBe(400);
  });
});
