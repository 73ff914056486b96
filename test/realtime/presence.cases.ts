import type Pusher from 'pusher-js';
import {
  RawClient,
  connectPusher,
  connected,
  disconnectAll,
  nextEvent,
  recordEvents,
  signer,
  sleep,
  startNode,
  subscribed,
  type RealtimeNode,
} from './support/harness';

const CHANNEL = 'presence-chat.5';
const memberEvents = (seen: Array<{ event: string; data: unknown }>, name: string) =>
  seen.filter((e) => e.event === name).map((e) => e.data);

async function rawPresenceMember(port: number, userId: string): Promise<RawClient> {
  const raw = RawClient.open(port);
  const socketId = await raw.established();
  const { auth, channel_data } = signer.sign(socketId, CHANNEL, { user_id: userId, user_info: { name: userId } });
  raw.send('pusher:subscribe', { channel: CHANNEL, auth, channel_data });
  await raw.waitFor((f) => f.event === 'pusher_internal:subscription_succeeded');
  return raw;
}

describe('presence channels', () => {
  let node: RealtimeNode;
  const clients: Pusher[] = [];
  const client = (...args: Parameters<typeof connectPusher>) => {
    const c = connectPusher(...args);
    clients.push(c);
    return c;
  };

  beforeEach(async () => {
    node = await startNode({ serverPingAfterMs: 150, pongTimeoutMs: 150, sweepIntervalMs: 50 });
  });
  afterEach(async () => {
    disconnectAll(...clients.splice(0));
    await node.close();
  });

  it('announces a user once however many sockets, and removes them after the last one leaves', async () => {
    const bob = client(node.port, { id: 'b', name: 'Bob' });
    await connected(bob);
    await subscribed(bob, CHANNEL);
    const seen = recordEvents(bob, CHANNEL);

    const aliceTab1 = client(node.port, { id: 'a', name: 'Alice' });
    const aliceTab2 = client(node.port, { id: 'a', name: 'Alice' });
    await Promise.all([connected(aliceTab1), connected(aliceTab2)]);
    await subscribed(aliceTab1, CHANNEL);
    const members = (await subscribed(aliceTab2, CHANNEL)) as { count: number; members: Record<string, unknown> };
    expect(members.count).toBe(2);
    expect(members.members).toEqual({ a: { name: 'Alice' }, b: { name: 'Bob' } });

    await sleep(100);
    expect(memberEvents(seen, 'pusher:member_added')).toEqual([{ id: 'a', info: { name: 'Alice' } }]);

    aliceTab1.disconnect();
    await sleep(150);
    expect(memberEvents(seen, 'pusher:member_removed')).toEqual([]);

    const removed = nextEvent(bob, CHANNEL, 'pusher:member_removed');
    aliceTab2.disconnect();
    expect(await removed).toEqual({ id: 'a', info: { name: 'Alice' } });
  });

  it('removes a member whose socket is killed without a close handshake', async () => {
    const bob = client(node.port, { id: 'b', name: 'Bob' });
    await connected(bob);
    await subscribed(bob, CHANNEL);
    const added = nextEvent(bob, CHANNEL, 'pusher:member_added');
    const carol = await rawPresenceMember(node.port, 'c');
    expect(await added).toEqual({ id: 'c', info: { name: 'c' } });

    const removed = nextEvent(bob, CHANNEL, 'pusher:member_removed');
    carol.ws.terminate(); // TCP reset: no close frame
    expect(await removed).toMatchObject({ id: 'c' });
  });

  it('pings a silent socket, closes it with 4201 when no pong comes, and removes its member', async () => {
    const bob = client(node.port, { id: 'b', name: 'Bob' });
    await connected(bob);
    await subscribed(bob, CHANNEL);
    const dave = await rawPresenceMember(node.port, 'd'); // never answers pusher:ping
    const removed = nextEvent(bob, CHANNEL, 'pusher:member_removed', 3000);
    await dave.waitFor((f) => f.event === 'pusher:ping');
    expect(await removed).toMatchObject({ id: 'd' });
    expect(await dave.waitForClose()).toBe(4201);
    dave.close();
  });

  it('reports presence users and counts through the HTTP API read side', async () => {
    const alice = client(node.port, { id: 'a', name: 'Alice' });
    await connected(alice);
    await subscribed(alice, CHANNEL);
    expect(await node.server.presenceMembers(CHANNEL)).toEqual([{ user_id: 'a', user_info: { name: 'Alice' } }]);
    expect((await node.server.occupiedChannels()).get(CHANNEL)).toBe(1);
  });
});
