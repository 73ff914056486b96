import PusherServerSdk from 'pusher';
import type Pusher from 'pusher-js';
import { APP, RawClient, connected, nextEvent, sleep, subscribed, type RealtimeNode } from './support/harness';
import { useRealtimeCluster } from '../support/realtime';

/** Cache channels and user authentication (signin, server-to-user, terminate_connections) across two nodes. */
describe('cache channels and user sign-in', () => {
  const cluster = useRealtimeCluster('cache', ['cache-a', 'cache-b']);
  const { client } = cluster;
  let nodeA: RealtimeNode;
  let nodeB: RealtimeNode;
  let sdkA: PusherServerSdk;

  beforeAll(() => {
    [nodeA, nodeB] = cluster.nodes;
    sdkA = cluster.sdk(nodeA.port);
  });

  /** Binds before subscribing: the replay follows subscription_succeeded at once. */
  function firstOf(pusher: Pusher, channel: string, events: string[]): Promise<{ event: string; data: unknown }> {
    const subscription = pusher.subscribe(channel);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`none of ${events.join(', ')} on ${channel}`)), 5000);
      subscription.bind_global((event: string, data: unknown) => {
        if (!events.includes(event)) return;
        clearTimeout(timer);
        resolve({ event, data });
      });
    });
  }

  it('answers pusher:cache_miss on an empty cache channel, then replays the last event to later subscribers', async () => {
    const early = client(nodeB.port);
    await connected(early);
    expect(await firstOf(early, 'cache-scores', ['pusher:cache_miss', 'score'])).toMatchObject({
      event: 'pusher:cache_miss',
    });

    await sdkA.trigger('cache-scores', 'score', { home: 1 });
    await sdkA.trigger('cache-scores', 'score', { home: 2 });
    const late = client(nodeB.port); // the other node: the cache is cluster-wide
    await connected(late);
    expect(await firstOf(late, 'cache-scores', ['pusher:cache_miss', 'score'])).toEqual({
      event: 'score',
      data: { home: 2 },
    });

    const privateLate = client(nodeA.port);
    await connected(privateLate);
    await nodeB.server.publish(['private-cache-board'], 'moved', { to: 'e4' });
    expect(await firstOf(privateLate, 'private-cache-board', ['pusher:cache_miss', 'moved'])).toEqual({
      event: 'moved',
      data: { to: 'e4' },
    });
  });

  it('signs a user in, delivers sendToUser from the other node, and terminates the user everywhere', async () => {
    const tab1 = client(nodeA.port, { id: 'ada', name: 'Ada' });
    const tab2 = client(nodeB.port, { id: 'ada', name: 'Ada' });
    const other = client(nodeB.port, { id: 'bob', name: 'Bob' });
    for (const c of [tab1, tab2, other]) {
      await connected(c);
      c.signin();
    }
    await Promise.all([tab1, tab2, other].map((c) => c.user.signinDonePromise));
    expect(tab1.user.user_data).toMatchObject({ id: 'ada', user_info: { name: 'Ada' } });
    await sleep(100); // pusher-js subscribes to #server-to-user-<id> right after signin_success

    const got = (c: Pusher) => new Promise((resolve) => c.user.bind('notice', resolve));
    const [on1, on2] = [got(tab1), got(tab2)];
    const bobSeen: unknown[] = [];
    other.user.bind('notice', (data: unknown) => bobSeen.push(data));
    await sdkA.sendToUser('ada', 'notice', { text: 'hello' });
    expect(await on1).toEqual({ text: 'hello' });
    expect(await on2).toEqual({ text: 'hello' });

    const closed = (c: Pusher) =>
      new Promise<void>((resolve) =>
        c.connection.bind('state_change', ({ current }: { current: string }) => {
          if (current !== 'connected') resolve();
        }),
      );
    const [gone1, gone2] = [closed(tab1), closed(tab2)];
    await sdkA.terminateUserConnections('ada');
    await Promise.all([gone1, gone2]);
    await sleep(100);
    expect(other.connection.state).toBe('connected');
    expect(bobSeen).toEqual([]);
  });

  it('refuses #server-to-user channels to other users and a forged sign-in (4009)', async () => {
    const mallory = RawClient.open(nodeA.port);
    try {
      await mallory.established();
      mallory.send('pusher:subscribe', { channel: '#server-to-user-ada' });
      const refused = await mallory.waitFor((f) => f.event === 'pusher:subscription_error');
      expect(refused).toMatchObject({ channel: '#server-to-user-ada', data: { status: 403 } });
      mallory.send('pusher:signin', { auth: `${APP.key}:forged`, user_data: JSON.stringify({ id: 'ada' }) });
      expect((await mallory.waitFor((f) => f.event === 'pusher:error')).data.code).toBe(4009);
      expect(await mallory.waitForClose()).toBe(4009);
    } finally {
      mallory.close();
    }
  });

  it('keeps the next event flowing to current subscribers of a cache channel', async () => {
    const watcher = client(nodeA.port);
    await connected(watcher);
    await subscribed(watcher, 'cache-live');
    const next = nextEvent(watcher, 'cache-live', 'tick');
    await sdkA.trigger('cache-live', 'tick', { n: 1 });
    expect(await next).toEqual({ n: 1 });
  });
});
