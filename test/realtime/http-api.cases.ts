import PusherServerSdk from 'pusher';
import type Pusher from 'pusher-js';
import {
  APP,
  connectPusher,
  connected,
  disconnectAll,
  nextEvent,
  startNode,
  subscribed,
  type RealtimeNode,
} from './support/harness';

/** The Pusher HTTP API, driven by the official `pusher` server SDK. */
describe('Pusher HTTP API', () => {
  let node: RealtimeNode;
  let sdk: PusherServerSdk;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    node = await startNode();
    sdk = new PusherServerSdk({ ...APP, host: '127.0.0.1', port: String(node.port), useTLS: false });
  });
  afterEach(() => disconnectAll(...clients.splice(0)));
  afterAll(() => node.close());

  async function subscriber(channel: string, user = { id: 'u1', name: 'Ada' }): Promise<Pusher> {
    const pusher = connectPusher(node.port, user);
    clients.push(pusher);
    await connected(pusher);
    await subscribed(pusher, channel);
    return pusher;
  }

  it('publishes with trigger to several channels', async () => {
    const a = await subscriber('news');
    const b = await subscriber('private-news');
    const gotA = nextEvent(a, 'news', 'App\\Events\\NewsPosted');
    const gotB = nextEvent(b, 'private-news', 'App\\Events\\NewsPosted');
    const response = await sdk.trigger(['news', 'private-news'], 'App\\Events\\NewsPosted', { title: 'hi' });
    expect(response.status).toBe(200);
    expect(await gotA).toEqual({ title: 'hi' });
    expect(await gotB).toEqual({ title: 'hi' });
  });

  it('publishes batches', async () => {
    const a = await subscriber('batch-1');
    const got1 = nextEvent(a, 'batch-1', 'one');
    const got2 = nextEvent(a, 'batch-1', 'two');
    const response = await sdk.triggerBatch([
      { channel: 'batch-1', name: 'one', data: { n: 1 } },
      { channel: 'batch-1', name: 'two', data: { n: 2 } },
    ]);
    expect(response.status).toBe(200);
    expect([await got1, await got2]).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('answers channel, channel info and presence user queries', async () => {
    await subscriber('presence-room.1', { id: 'u1', name: 'Ada' });
    await subscriber('presence-room.1', { id: 'u2', name: 'Grace' });
    await subscriber('lobby');

    const all = await (await sdk.get({ path: '/channels' })).json();
    expect(all.channels).toEqual(expect.objectContaining({ 'presence-room.1': {}, lobby: {} }));

    const presence = await (
      await sdk.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } })
    ).json();
    expect(presence).toEqual({ channels: { 'presence-room.1': { user_count: 2 } } });

    const info = await (
      await sdk.get({ path: '/channels/presence-room.1', params: { info: 'user_count,subscription_count' } })
    ).json();
    expect(info).toEqual({ occupied: true, user_count: 2, subscription_count: 2 });

    const users = await (await sdk.get({ path: '/channels/presence-room.1/users' })).json();
    expect(users.users.map((u: { id: string }) => u.id).sort()).toEqual(['u1', 'u2']);

    const empty = await (
      await sdk.get({ path: '/channels/nobody-here', params: { info: 'subscription_count' } })
    ).json();
    expect(empty).toEqual({ occupied: false, subscription_count: 0 });
  });

  it('refuses a request signed with the wrong secret with 401', async () => {
    const forger = new PusherServerSdk({
      ...APP,
      secret: 'not-the-secret',
      host: '127.0.0.1',
      port: String(node.port),
      useTLS: false,
    });
    await expect(forger.trigger('news', 'x', {})).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a tampered body (body_md5) and an unsigned request with 401', async () => {
    const unsigned = await fetch(`http://127.0.0.1:${node.port}/apps/${APP.appId}/channels`);
    expect(unsigned.status).toBe(401);

    // Sign a body, then send a different one under the same signature.
    const signedQuery = (sdk as unknown as { createSignedQueryString(o: object): string }).createSignedQueryString({
      method: 'POST',
      path: `/apps/${APP.appId}/events`,
      body: JSON.stringify({ name: 'x', channel: 'news', data: '{}' }),
    });
    const tampered = await fetch(`http://127.0.0.1:${node.port}/apps/${APP.appId}/events?${signedQuery}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'y', channel: 'news', data: '{}' }),
    });
    expect(tampered.status).toBe(401);
  });

  it('answers 404 for another app id and leaves the host app its other routes', async () => {
    const wrongApp = new PusherServerSdk({
      ...APP,
      appId: '999',
      host: '127.0.0.1',
      port: String(node.port),
      useTLS: false,
    });
    await expect(wrongApp.trigger('news', 'x', {})).rejects.toMatchObject({ status: 404 });
    const appRoute = await fetch(`http://127.0.0.1:${node.port}/something-else`);
    expect(await appRoute.text()).toBe('app');
  });
});
