import Redis from 'ioredis';
import { spawnClusterNode, type ChildNode } from './support/child-node';
import {
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

// Short lease so the test is quick; the rule under test is the same with the defaults (1 s heartbeat, 4 s lease:
// member_removed at most ~5 s after a crash; bench/cluster measures it). No duration is asserted here: the removal
// is waited for (failing only after a generous bound).
const HEARTBEAT_MS = 200;
const NODE_TTL_MS = 1_000;
const REMOVAL_WAIT_MS = 30_000;

/** Resolves once each node ran `rounds` more maintenance rounds (heartbeat and sweep) than now. */
async function moreSweeps(nodes: RealtimeNode[], rounds: number): Promise<void> {
  const target = nodes.map((node) => node.server.maintenance.runs + rounds);
  while (nodes.some((node, i) => node.server.maintenance.runs < target[i])) await sleep(HEARTBEAT_MS / 2);
}

/** A node is SIGKILLed while holding presence members: the survivors must take its share away. */
describe('a crashed node (SIGKILL) in a Redis cluster', () => {
  const survivors = useRealtimeCluster(
    'crash',
    ['survivor-a', 'survivor-b'],
    { clusterHeartbeatMs: HEARTBEAT_MS },
    NODE_TTL_MS,
  );
  const { prefix, client } = survivors;
  let survivorA: RealtimeNode;
  let survivorB: RealtimeNode;
  let doomed: ChildNode;

  beforeAll(async () => {
    [survivorA, survivorB] = survivors.nodes;
    doomed = await spawnClusterNode({ prefix, nodeId: 'doomed', heartbeatMs: HEARTBEAT_MS, nodeTtlMs: NODE_TTL_MS });
  });
  afterAll(() => doomed.kill());

  it('announces member_removed once per user on the surviving nodes, and forgets the counts', async () => {
    const channel = 'presence-room.crash';
    const watcherA = client(survivorA.port, { id: 'watch-a', name: 'Watcher A' });
    const watcherB = client(survivorB.port, { id: 'watch-b', name: 'Watcher B' });
    await Promise.all([connected(watcherA), connected(watcherB)]);
    await subscribed(watcherA, channel);
    await subscribed(watcherB, channel);
    const seenA = recordEvents(watcherA, channel);
    const seenB = recordEvents(watcherB, channel);

    // Carol only on the doomed node (two tabs); Dan on the doomed node and on a survivor.
    const carol1 = client(doomed.port, { id: 'carol', name: 'Carol' });
    const carol2 = client(doomed.port, { id: 'carol', name: 'Carol' });
    const danDoomed = client(doomed.port, { id: 'dan', name: 'Dan' });
    const danAlive = client(survivorB.port, { id: 'dan', name: 'Dan' });
    await Promise.all([carol1, carol2, danDoomed, danAlive].map((c) => connected(c)));
    for (const c of [carol1, carol2, danDoomed, danAlive]) await subscribed(c, channel);
    await subscribed(carol1, 'crash-lobby'); // a public channel only the doomed node's socket occupies

    const sdk = survivors.sdk(survivorA.port);
    const before = await (await sdk.get({ path: `/channels/${channel}/users` })).json();
    expect(before.users.map((u: { id: string }) => u.id).sort()).toEqual(['carol', 'dan', 'watch-a', 'watch-b']);

    const removed = nextEvent<{ id: string }>(watcherA, channel, 'pusher:member_removed', REMOVAL_WAIT_MS);
    await doomed.kill();
    for (const c of [carol1, carol2, danDoomed]) c.disconnect(); // no reconnect attempts to a dead port
    expect((await removed).id).toBe('carol');

    // More sweeps on both survivors, then a sentinel after them: still exactly one announcement on each watcher.
    await moreSweeps([survivorA, survivorB], 3);
    const sentinels = [watcherA, watcherB].map((w) => nextEvent(w, channel, 'sentinel', REMOVAL_WAIT_MS));
    await sdk.trigger(channel, 'sentinel', {});
    await Promise.all(sentinels);
    const removals = (seen: typeof seenA) => seen.filter((e) => e.event === 'pusher:member_removed');
    expect(removals(seenA).map((e) => e.data)).toEqual([{ id: 'carol', info: { name: 'Carol' } }]);
    expect(removals(seenB).map((e) => e.data)).toEqual([{ id: 'carol', info: { name: 'Carol' } }]);

    const users = await (await sdk.get({ path: `/channels/${channel}/users` })).json();
    expect(users.users.map((u: { id: string }) => u.id).sort()).toEqual(['dan', 'watch-a', 'watch-b']);
    const info = await (
      await sdk.get({ path: `/channels/${channel}`, params: { info: 'user_count,subscription_count' } })
    ).json();
    expect(info).toEqual({ occupied: true, user_count: 3, subscription_count: 3 });
    expect(await (await sdk.get({ path: '/channels/crash-lobby' })).json()).toEqual({ occupied: false });
  });

  it('sends the sockets of a node whose own lease lapsed (a stall) to reconnect with 4200, so they rejoin', async () => {
    const socket = RawClient.open(survivorA.port);
    try {
      const socketId = await socket.established();
      const member = { user_id: 'stalled', user_info: {} };
      socket.send('pusher:subscribe', {
        channel: 'presence-stall',
        ...signer.sign(socketId, 'presence-stall', member),
      });
      await socket.waitFor((f) => f.event === 'pusher_internal:subscription_succeeded');
      const redis = new Redis('redis://127.0.0.1:6379');
      await redis.del(`${prefix}realtime:node:survivor-a`); // what a stall longer than the lease looks like
      await redis.quit();
      expect(await socket.waitForClose(HEARTBEAT_MS * 5)).toBe(4200);
    } finally {
      socket.close();
    }
  });
});
