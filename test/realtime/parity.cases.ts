import type EchoClass from 'laravel-echo' with { 'resolution-mode': 'import' };
import PusherServerSdk from 'pusher';
import Pusher from 'pusher-js';
import {
  APP,
  RawClient,
  connected,
  nextEvent,
  recordEvents,
  signer,
  sleep,
  subscribed,
  type RealtimeNode,
} from './support/harness';
import { useRealtimeCluster } from '../support/realtime';

const Echo = (require('laravel-echo') as { default: typeof EchoClass }).default;

/** Soketi/Reverb parity on limits, errors and the HTTP API: two nodes sharing Redis, real clients. */
describe('parity: races, limits, errors and HTTP API answers', () => {
  const cluster = useRealtimeCluster('parity', ['parity-a', 'parity-b']);
  const { client, raw } = cluster;
  let nodeA: RealtimeNode;
  let nodeB: RealtimeNode;
  let sdkA: PusherServerSdk;
  const channelInfo = async (channel: string, info = 'subscription_count,user_count') =>
    (await sdkA.get({ path: `/channels/${channel}`, params: { info } })).json();

  beforeAll(() => {
    [nodeA, nodeB] = cluster.nodes;
    sdkA = cluster.sdk(nodeA.port);
  });

  it('leaves a channel unoccupied when sockets close right after subscribing (5 times, presence and public)', async () => {
    for (let round = 0; round < 5; round += 1) {
      const socket = raw(round % 2 ? nodeB.port : nodeA.port);
      const socketId = await socket.established();
      const member = { user_id: `racer-${round}`, user_info: { round } };
      socket.send('pusher:subscribe', { channel: 'presence-race', ...signer.sign(socketId, 'presence-race', member) });
      socket.send('pusher:subscribe', { channel: 'race-lobby' });
      socket.ws.close(); // at once, while the joins are still being written
    }
    await sleep(300);
    expect(await channelInfo('presence-race')).toEqual({ occupied: false, subscription_count: 0, user_count: 0 });
    expect(await channelInfo('race-lobby', 'subscription_count')).toEqual({ occupied: false, subscription_count: 0 });
  });

  it('sets user_id on client events of presence channels (pusher-js metadata), not on private ones', async () => {
    const ada = client(nodeA.port, { id: 'ada', name: 'Ada' });
    const bob = client(nodeB.port, { id: 'bob', name: 'Bob' });
    await Promise.all([connected(ada), connected(bob)]);
    await Promise.all([subscribed(ada, 'presence-typing'), subscribed(bob, 'presence-typing')]);
    await Promise.all([subscribed(ada, 'private-typing'), subscribed(bob, 'private-typing')]);
    const onPresence = new Promise<unknown>((resolve) =>
      bob.channel('presence-typing').bind('client-typing', (_data: unknown, metadata: unknown) => resolve(metadata)),
    );
    const onPrivate = new Promise<unknown>((resolve) =>
      bob.channel('private-typing').bind('client-typing', (_data: unknown, metadata: unknown) => resolve(metadata)),
    );
    ada.channel('presence-typing').trigger('client-typing', { on: true });
    ada.channel('private-typing').trigger('client-typing', { on: true });
    expect(await onPresence).toEqual({ user_id: 'ada' });
    expect(await onPrivate).toEqual({});
  });

  it('refuses a bad channel name on that channel (subscription_error), so pusher-js and Echo .error() see it', async () => {
    const pusher = client(nodeA.port);
    await connected(pusher);
    const tooLong = `a${'b'.repeat(200)}`;
    await expect(subscribed(pusher, tooLong)).rejects.toMatchObject({
      detail: { type: 'LimitReached', status: 4009 },
    });
    await expect(subscribed(pusher, 'bad channel!')).rejects.toMatchObject({
      detail: { type: 'InvalidChannel', status: 4009 },
    });
    await subscribed(pusher, 'fine-after-errors'); // the connection is unharmed

    const echo = new Echo({
      broadcaster: 'reverb',
      key: APP.key,
      wsHost: '127.0.0.1',
      wsPort: nodeB.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      Pusher,
    } as never);
    try {
      const refused = await new Promise<unknown>((resolve) => echo.channel(tooLong).error(resolve));
      expect(refused).toMatchObject({ type: 'LimitReached', status: 4009 });
    } finally {
      echo.disconnect();
    }
  });

  it('refuses the 101st presence member (4100) but not another tab of a present user', async () => {
    const channel = 'presence-crowd';
    const members: RawClient[] = [];
    for (let i = 0; i < 100; i += 1) {
      const socket = raw(i % 2 ? nodeB.port : nodeA.port);
      members.push(socket);
      const socketId = await socket.established();
      socket.send('pusher:subscribe', { channel, ...signer.sign(socketId, channel, { user_id: `m${i}` }) });
    }
    await Promise.all(
      members.map((m) => m.waitFor((f) => f.event === 'pusher_internal:subscription_succeeded', 10_000)),
    );
    const late = client(nodeA.port, { id: 'late', name: 'Late' });
    await connected(late);
    await expect(subscribed(late, channel)).rejects.toMatchObject({
      detail: { type: 'LimitReached', status: 4100 },
    });
    const secondTab = client(nodeB.port, { id: 'm7', name: 'm7' });
    await connected(secondTab);
    expect(await subscribed(secondTab, channel)).toMatchObject({ count: 100 });
    expect(await channelInfo(channel)).toEqual({ occupied: true, subscription_count: 101, user_count: 100 });
  });

  it('refuses a user_info over the size limit (4301) and client event names over 200 characters', async () => {
    const big = raw(nodeA.port);
    const socketId = await big.established();
    const member = { user_id: 'big', user_info: { bio: 'x'.repeat(3 * 1024) } };
    big.send('pusher:subscribe', { channel: 'presence-sized', ...signer.sign(socketId, 'presence-sized', member) });
    const refused = await big.waitFor((f) => f.event === 'pusher:subscription_error');
    expect(refused).toMatchObject({ channel: 'presence-sized', data: { type: 'LimitReached', status: 4301 } });
    expect(await channelInfo('presence-sized')).toEqual({ occupied: false, subscription_count: 0, user_count: 0 });

    const sender = raw(nodeA.port);
    const senderId = await sender.established();
    sender.send('pusher:subscribe', { channel: 'private-names', ...signer.sign(senderId, 'private-names') });
    const receiver = client(nodeB.port);
    await connected(receiver);
    await subscribed(receiver, 'private-names');
    await sender.waitFor((f) => f.event === 'pusher_internal:subscription_succeeded');
    const seen = recordEvents(receiver, 'private-names');
    sender.send(`client-${'n'.repeat(200)}`, { long: true }, 'private-names');
    const error = await sender.waitFor((f) => f.event === 'pusher:error');
    expect(error.data).toMatchObject({ code: 4301, message: expect.stringContaining('200 characters') });
    const ok = nextEvent(receiver, 'private-names', 'client-short');
    sender.send('client-short', { short: true }, 'private-names');
    expect(await ok).toEqual({ short: true });
    expect(seen.map((e) => e.event)).toEqual(['client-short']);
  });

  it('answers info counts on trigger, 422 without data, and the applicable fields for user_count on a public channel', async () => {
    const ada = client(nodeA.port, { id: 'ada', name: 'Ada' });
    const bob = client(nodeB.port, { id: 'bob', name: 'Bob' });
    await Promise.all([connected(ada), connected(bob)]);
    await Promise.all([subscribed(ada, 'presence-info'), subscribed(bob, 'presence-info'), subscribed(ada, 'info')]);

    const triggered = await sdkA.trigger(
      ['presence-info', 'info'],
      'counted',
      { n: 1 },
      {
        info: 'subscription_count,user_count',
      },
    );
    // A presence channel counts users: like Pusher and Reverb, its answer carries no subscription_count.
    expect(await triggered.json()).toEqual({
      channels: { 'presence-info': { user_count: 2 }, info: { subscription_count: 1 } },
    });
    const batch = await sdkA.triggerBatch([
      { channel: 'presence-info', name: 'one', data: '1', info: 'user_count' },
      { channel: 'info', name: 'two', data: '2' },
    ]);
    expect(await batch.json()).toEqual({ batch: [{ user_count: 2 }, {}] });

    // The SDK's post() sends the body as given (its types say string; the request is the same JSON).
    const noData = { name: 'no-data', channels: ['info'] } as unknown as string;
    await expect(sdkA.post({ path: '/events', body: noData })).rejects.toMatchObject({
      status: 422,
    });
    expect(await channelInfo('info', 'user_count,subscription_count')).toEqual({
      occupied: true,
      subscription_count: 1,
    });
  });
});
