import Redis from 'ioredis';
import type Pusher from 'pusher-js';
import {
  ClusterClient,
  countBy,
  percentile,
  pusherThrough,
  sleep,
  socketsByNode,
  subscribed,
  until,
  type Cluster,
} from './support';

type Users = Record<'a' | 'b' | 'c', { client: ClusterClient; id: string }>;

interface Listener {
  user: 'a' | 'b';
  pusher: Pusher;
  node: string;
  live: Set<string>;
  droppedAt: number | null;
  resubscribedAt: number | null;
}

const TRAFFIC_BEFORE_KILL_MS = 2_500;
const TRAFFIC_AFTER_KILL_MS = 5_000;
const SEND_EVERY_MS = 120;
/** Sockets per user on each node (the dropped ones give the reconnect times). */
const LISTENERS_PER_NODE = 4;

/**
 * Users A and B chat in a group with C while listeners (several pusher-js sockets per user, through nginx,
 * spread over both web nodes) take every message live. Mid-traffic the web node holding C's presence socket
 * is SIGKILLed: C goes away with it; every other dropped socket reconnects through nginx to the survivor and
 * catches up from history, as the app's client does. Counts every message and times reconnects and the
 * survivor's sweep of the dead node's presence members.
 */
export async function runChatKill(cluster: Cluster, users: Users, sockets: Pusher[]) {
  const { a, b, c } = users;
  const started = await a.client.request('POST', '/api/chats', {
    json: { user_ids: [b.id, c.id], name: 'Cluster chat' },
  });
  if (started.status !== 201) throw new Error(`chat not started: ${started.status} ${started.text}`);
  const chatId = started.json.chat.id as string;
  for (const member of [b, c]) {
    const res = await member.client.request('POST', `/api/chats/${chatId}/respond`, { json: { accept: true } });
    if (res.status >= 300) throw new Error(`respond: ${res.status} ${res.text}`);
  }
  const presence = `presence-chat.${chatId}`;
  let killedAt = 0;
  const userChannel = (id: string) => `private-App.Models.User.${id}`;

  // Listeners: sockets for A and B until each user has sockets on both nodes.
  const listeners: Listener[] = [];
  const open = async (user: 'a' | 'b') => {
    const pusher = pusherThrough(cluster, users[user].client);
    sockets.push(pusher);
    const before = await socketsByNode(cluster, userChannel(users[user].id));
    const channel = await subscribed(pusher, userChannel(users[user].id));
    const after = await socketsByNode(cluster, userChannel(users[user].id));
    const node = Object.keys(after).find((n) => (after[n] ?? 0) > (before[n] ?? 0)) ?? 'unknown';
    const listener: Listener = { user, pusher, node, live: new Set(), droppedAt: null, resubscribedAt: null };
    channel.bind('message.sent', (payload: { message: { content: string } }) =>
      listener.live.add(payload.message.content),
    );
    listeners.push(listener);
  };
  for (const user of ['a', 'b'] as const) {
    for (let i = 0; i < 16; i++) {
      await open(user);
      const perNode = countBy(listeners.filter((l) => l.user === user).map((l) => l.node));
      if (Object.keys(perNode).length === 2 && Object.values(perNode).every((count) => count >= LISTENERS_PER_NODE))
        break;
      // Each socket costs the proxy two requests (the upgrade, the channel auth): one more in between
      // moves the next socket to the other node of the round robin.
      await users[user].client.request('GET', '/health');
    }
  }

  // Presence: B watches from one node; C joins from the other, the node that will be killed.
  const presenceNode = async (userId: string) => {
    const redis = new Redis(cluster.redisUrl);
    try {
      const fields = Object.keys(await redis.hgetall(`realtime:presence:${presence}`));
      const field = fields.find((f) => f.startsWith(`n:${userId}:`));
      const pid = Number(field?.split(':')[3]);
      return Object.keys(cluster.processes).find((n) => cluster.processes[n].child.pid === pid) ?? 'unknown';
    } finally {
      await redis.quit();
    }
  };
  const watcher = pusherThrough(cluster, b.client);
  sockets.push(watcher);
  const watched = await subscribed(watcher, presence);
  const watcherNode = await presenceNode(b.id);
  let removedAt: number | null = null;
  watched.bind('pusher:member_removed', (member: { id: string }) => {
    if (member.id === c.id && killedAt) removedAt ??= Date.now();
  });
  let victim: Pusher | null = null;
  for (let i = 0; i < 10 && !victim; i++) {
    const attempt = pusherThrough(cluster, c.client);
    await subscribed(attempt, presence);
    if ((await presenceNode(c.id)) !== watcherNode) victim = attempt;
    else {
      attempt.disconnect();
      await until(async () => (await presenceNode(c.id)) === 'unknown', 5_000, 'C to leave');
      await c.client.request('GET', '/health');
    }
  }
  if (!victim) throw new Error('C never landed on the other node');
  sockets.push(victim);
  await until(
    () => (watched as unknown as { members: { get(id: string): unknown } }).members.get(c.id),
    5_000,
    'C to be present',
  );
  const doomed = await presenceNode(c.id);

  // Reconnect timing: from the kill to the socket's channel subscribed again.
  for (const listener of listeners) {
    listener.pusher.connection.bind('state_change', ({ current }: { current: string }) => {
      if (killedAt && current !== 'connected' && listener.droppedAt === null) listener.droppedAt = Date.now();
    });
    listener.pusher.channel(userChannel(users[listener.user].id))!.bind('pusher:subscription_succeeded', () => {
      if (listener.droppedAt !== null) listener.resubscribedAt ??= Date.now();
    });
  }

  // Traffic: A and B take turns sending; a failed send (the proxy's 502 for a request caught by the kill) is retried.
  const sent: Array<{ from: 'a' | 'b'; content: string; at: number; status: number }> = [];
  const failures: Array<{ status: number; at: number }> = [];
  let stop = false;
  let n = 0;
  const traffic = (async () => {
    while (!stop) {
      const from = n % 2 === 0 ? 'a' : 'b';
      const content = `m${++n}-${from}`;
      for (let attempt = 0; attempt < 3; attempt++) {
        const res = await users[from].client.request('POST', `/api/chats/${chatId}/messages`, {
          json: { content, client_id: content },
        });
        if (res.status === 201 || res.status === 200) {
          sent.push({ from, content, at: Date.now(), status: res.status });
          break;
        }
        failures.push({ status: res.status, at: Date.now() });
        await sleep(200);
      }
      await sleep(SEND_EVERY_MS);
    }
  })();
  await sleep(TRAFFIC_BEFORE_KILL_MS);
  killedAt = Date.now();
  await cluster.kill(doomed, 'SIGKILL');
  victim.disconnect(); // C's client goes away with its node and does not come back
  await sleep(TRAFFIC_AFTER_KILL_MS);
  stop = true;
  await traffic;

  const dropped = listeners.filter((l) => l.node === doomed);
  await until(() => dropped.every((l) => l.resubscribedAt !== null), 60_000, 'dropped sockets to reconnect').catch(
    () => null,
  );
  await until(() => removedAt !== null, 60_000, "the survivor to sweep the dead node's presence").catch(() => null);
  await sleep(1_000); // the last live deliveries

  // Catch-up after reconnect: the history as each user's client fetches it.
  const history = new Set<string>();
  for (let page = 1; page < 50; page++) {
    const res = await a.client.request('GET', `/api/chats/${chatId}/messages?page=${page}&per_page=100`);
    for (const message of res.json.data as Array<{ content: string }>) history.add(message.content);
    if (!res.json.has_more) break;
  }
  const afterKill = [];
  for (let i = 0; i < 10; i++) afterKill.push((await b.client.request('GET', '/api/chats')).status);

  // Every participant's user channel gets every message (the sender's other tabs and devices too).
  const expectedFor = (_user: 'a' | 'b') => sent.map((m) => m.content);
  const sentBeforeKill = sent.filter((m) => m.at < killedAt);
  const survivors = listeners.filter((l) => l.node !== doomed);
  const reconnectMs = dropped.filter((l) => l.resubscribedAt).map((l) => l.resubscribedAt! - killedAt);
  const liveReceived = listeners.reduce((sum, l) => sum + l.live.size, 0);
  return {
    killedNode: doomed,
    listeners: { total: listeners.length, byNode: countBy(listeners.map((l) => l.node)) },
    messages: {
      sent: sent.length,
      sentBeforeKill: sentBeforeKill.length,
      failedSendsRetried: failures.length,
      failedStatuses: countBy(failures.map((f) => String(f.status))),
      inHistory: sent.filter((m) => history.has(m.content)).length,
      deliveriesExpected: listeners.reduce((sum, l) => sum + expectedFor(l.user).length, 0),
      deliveredLive: liveReceived,
      lost: sent.filter((m) => !history.has(m.content)).length,
      // A survivor's socket never dropped: it must have had every message live.
      missedBySurvivors: survivors.reduce(
        (sum, l) => sum + expectedFor(l.user).filter((m) => !l.live.has(m)).length,
        0,
      ),
      // Dropped sockets: messages neither live nor in the history fetched after reconnecting (target 0).
      missedByReconnected: dropped.reduce(
        (sum, l) => sum + expectedFor(l.user).filter((m) => !l.live.has(m) && !history.has(m)).length,
        0,
      ),
      beforeKillMissedLiveByDropped: dropped.reduce(
        (sum, l) => sum + sentBeforeKill.filter((m) => !l.live.has(m.content)).length,
        0,
      ),
    },
    reconnect: {
      dropped: dropped.length,
      reconnected: reconnectMs.length,
      p50Ms: percentile(reconnectMs, 50),
      p99Ms: percentile(reconnectMs, 99),
      maxMs: reconnectMs.length ? Math.max(...reconnectMs) : null,
    },
    presence: { removedAfterMs: removedAt === null ? null : removedAt - killedAt },
    afterKill: { requests: afterKill.length, non2xx: afterKill.filter((s) => s >= 300).length },
  };
}
