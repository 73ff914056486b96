import PusherServerSdk from 'pusher';
import {
  APP,
  connected,
  pusherClients,
  nextEvent,
  recordEvents,
  sleep,
  startCluster,
  subscribed,
  type RealtimeNode,
} from './support/harness';

/** Two nodes on different ports sharing the local Redis; a unique key prefix keeps parallel runs apart. */
describe('two nodes sharing Redis', () => {
  const prefix = `test:realtime:${process.pid}:${Date.now()}:`;
  let nodeA: RealtimeNode;
  let nodeB: RealtimeNode;
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  const clients = pusherClients();
  const client = clients.connect;

  beforeAll(async () => {
    cluster = await startCluster(prefix, ['node-a', 'node-b']);
    [nodeA, nodeB] = cluster.nodes;
  });
  afterEach(clients.disconnectAll);
  afterAll(async () => {
    await cluster.close();
  });

  it('delivers on node B what node A publishes (server API and HTTP API)', async () => {
    const onB = client(nodeB.port);
    await connected(onB);
    await subscribed(onB, 'private-design.1');
    const first = nextEvent(onB, 'private-design.1', 'design.progress');
    await nodeA.server.publish(['private-design.1'], 'design.progress', { progress: 10 });
    expect(await first).toEqual({ progress: 10 });

    const sdkOnA = new PusherServerSdk({ ...APP, host: '127.0.0.1', port: String(nodeA.port), useTLS: false });
    const second = nextEvent(onB, 'private-design.1', 'design.generated');
    await sdkOnA.trigger('private-design.1', 'design.generated', { url: '/x.png' });
    expect(await second).toEqual({ url: '/x.png' });
  });

  it('carries client events across nodes, still not back to the sender', async () => {
    const onA = client(nodeA.port, { id: 'a', name: 'A' });
    const onB = client(nodeB.port, { id: 'b', name: 'B' });
    await Promise.all([connected(onA), connected(onB)]);
    await Promise.all([subscribed(onA, 'private-chat.2'), subscribed(onB, 'private-chat.2')]);
    const senderSeen = recordEvents(onA, 'private-chat.2');
    const got = nextEvent(onB, 'private-chat.2', 'client-typing');
    onA.channel('private-chat.2').trigger('client-typing', { on: true });
    expect(await got).toEqual({ on: true });
    await sleep(100);
    expect(senderSeen.filter((e) => e.event === 'client-typing')).toEqual([]);
  });

  it('agrees on presence across nodes: one member_added per user cluster-wide, removal on the last socket', async () => {
    const channel = 'presence-chat.3';
    const watcher = client(nodeA.port, { id: 'w', name: 'Watcher' });
    await connected(watcher);
    await subscribed(watcher, channel);
    const seen = recordEvents(watcher, channel);

    const userOnA = client(nodeA.port, { id: 'u', name: 'User' });
    const userOnB = client(nodeB.port, { id: 'u', name: 'User' });
    await Promise.all([connected(userOnA), connected(userOnB)]);
    await subscribed(userOnA, channel);
    const fromB = (await subscribed(userOnB, channel)) as { count: number; members: Record<string, unknown> };
    expect(fromB.count).toBe(2);
    expect(Object.keys(fromB.members).sort()).toEqual(['u', 'w']);

    const sdkB = new PusherServerSdk({ ...APP, host: '127.0.0.1', port: String(nodeB.port), useTLS: false });
    const sdkA = new PusherServerSdk({ ...APP, host: '127.0.0.1', port: String(nodeA.port), useTLS: false });
    const usersB = await (await sdkB.get({ path: `/channels/${channel}/users` })).json();
    const usersA = await (await sdkA.get({ path: `/channels/${channel}/users` })).json();
    expect(usersB.users.map((u: { id: string }) => u.id).sort()).toEqual(['u', 'w']);
    expect(usersA).toEqual(usersB);

    await sleep(100);
    expect(seen.filter((e) => e.event === 'pusher:member_added')).toHaveLength(1);

    userOnA.disconnect();
    await sleep(200);
    expect(seen.filter((e) => e.event === 'pusher:member_removed')).toHaveLength(0);
    const removed = nextEvent(watcher, channel, 'pusher:member_removed');
    userOnB.disconnect();
    expect(await removed).toMatchObject({ id: 'u' });
    const after = await (await sdkB.get({ path: `/channels/${channel}`, params: { info: 'user_count' } })).json();
    expect(after).toEqual({ occupied: true, user_count: 1 });
  });
});
