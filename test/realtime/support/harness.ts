import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import Pusher from 'pusher-js';
import WebSocket from 'ws';
import {
  ChannelAuthSigner,
  PusherServer,
  RedisClusterState,
  RedisEventBus,
  type PusherServerOptions,
} from '../../../src/modules/realtime/core';

export const APP = { appId: '1001', key: 'test-key', secret: 'test-secret' };
export const MASTER_KEY = Buffer.alloc(32, 7).toString('base64');
export const signer = new ChannelAuthSigner(APP, MASTER_KEY);

export interface RealtimeNode {
  server: PusherServer;
  http: Server;
  port: number;
  close(): Promise<void>;
}

/** A bare http.Server with the Pusher server attached, on an ephemeral loopback port. */
export async function startNode(
  options: Partial<PusherServerOptions> = {},
  redis?: { url?: string; prefix: string; nodeId: string; nodeTtlMs?: number },
): Promise<RealtimeNode> {
  const http = createServer((_req, res) => {
    res.statusCode = 404;
    res.end('app');
  });
  let deps = {};
  let extra: Redis[] = [];
  if (redis) {
    const base = new Redis(redis.url ?? 'redis://127.0.0.1:6379', { lazyConnect: false, maxRetriesPerRequest: 2 });
    const sub = base.duplicate();
    const pub = base.duplicate();
    extra = [base];
    deps = {
      bus: new RedisEventBus(pub, sub, redis.prefix),
      state: new RedisClusterState(base, redis.prefix, redis.nodeId, { nodeTtlMs: redis.nodeTtlMs }),
    };
  }
  const server = new PusherServer({ ...APP, ...options }, { ...deps, logger: { warn: () => undefined } });
  await server.attach(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    server,
    http,
    port,
    async close() {
      await server.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await Promise.allSettled(extra.map((r) => r.quit()));
    },
  };
}

/** The user a pusher-js client "logs in" as: what /broadcasting/auth would answer for it. */
export interface TestUser {
  id: string;
  name: string;
}

/** pusher-js on a node at 127.0.0.1:`port`, plain WebSockets only (no TLS, no stats); `options` add how it authorises. */
export function localPusher(
  key: string,
  port: number,
  options: Partial<ConstructorParameters<typeof Pusher>[1]>,
): Pusher {
  return new Pusher(key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    ...options,
  });
}

export function connectPusher(
  port: number,
  user: TestUser = { id: 'u1', name: 'Ada' },
  overrides: Record<string, unknown> = {},
): Pusher {
  return localPusher(APP.key, port, {
    channelAuthorization: {
      endpoint: '/unused',
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) => {
        callback(null, signer.sign(socketId, channelName, { user_id: user.id, user_info: { name: user.name } }));
      },
    },
    userAuthentication: {
      endpoint: '/unused',
      transport: 'ajax',
      customHandler: ({ socketId }, callback) => {
        callback(null, signer.signUser(socketId, { id: user.id, user_info: { name: user.name } }));
      },
    },
    ...overrides,
  });
}

export function connected(pusher: Pusher, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (pusher.connection.state === 'connected') return resolve(pusher.connection.socket_id);
    const timer = setTimeout(() => reject(new Error(`not connected: ${pusher.connection.state}`)), timeoutMs);
    pusher.connection.bind('connected', () => {
      clearTimeout(timer);
      resolve(pusher.connection.socket_id);
    });
  });
}

export function subscribed(pusher: Pusher, channelName: string, timeoutMs = 5000): Promise<unknown> {
  const channel = pusher.subscribe(channelName);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no subscription_succeeded on ${channelName}`)), timeoutMs);
    channel.bind('pusher:subscription_succeeded', (data: unknown) => {
      clearTimeout(timer);
      resolve(data);
    });
    channel.bind('pusher:subscription_error', (error: unknown) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`subscription_error on ${channelName}`), { detail: error }));
    });
  });
}

/** Resolves with the next `event` on a channel, or rejects after the timeout. */
export function nextEvent<T = unknown>(
  pusher: Pusher,
  channelName: string,
  event: string,
  timeoutMs = 5000,
): Promise<T> {
  const channel = pusher.channel(channelName) ?? pusher.subscribe(channelName);
  return new Promise((resolve, reject) => {
    const handler = (data: T) => {
      clearTimeout(timer);
      channel.unbind(event, handler);
      resolve(data);
    };
    const timer = setTimeout(() => {
      channel.unbind(event, handler);
      reject(new Error(`no ${event} on ${channelName} within ${timeoutMs}ms`));
    }, timeoutMs);
    channel.bind(event, handler);
  });
}

/** Records every event a channel receives, to assert what did NOT arrive. */
export function recordEvents(pusher: Pusher, channelName: string): Array<{ event: string; data: unknown }> {
  const seen: Array<{ event: string; data: unknown }> = [];
  (pusher.channel(channelName) ?? pusher.subscribe(channelName)).bind_global((event: string, data: unknown) =>
    seen.push({ event, data }),
  );
  return seen;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function disconnectAll(...clients: Pusher[]): void {
  for (const client of clients) client.disconnect();
}

/** A raw protocol client: sees every frame, parses `data` when it is a JSON string. */
export class RawClient {
  readonly frames: Array<{ event: string; channel?: string; data: any }> = [];
  closeCode: number | null = null;
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { event: string; channel?: string; data: any };
      if (typeof frame.data === 'string') {
        try {
          frame.data = JSON.parse(frame.data);
        } catch {
          /* plain string payload */
        }
      }
      this.frames.push(frame);
      this.wake();
    });
    ws.on('close', (code) => {
      this.closeCode = code;
      this.wake();
    });
    ws.on('error', () => undefined);
  }

  static open(
    port: number,
    path = `/app/${APP.key}?protocol=7&client=js&version=8.4.0`,
    headers: Record<string, string> = {},
  ): RawClient {
    return new RawClient(new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers }));
  }

  get socketId(): string {
    return this.frames.find((f) => f.event === 'pusher:connection_established')?.data.socket_id;
  }

  send(event: string, data: unknown, channel?: string): void {
    this.ws.send(JSON.stringify(channel === undefined ? { event, data } : { event, data, channel }));
  }

  async waitFor(
    predicate: (frame: RawClient['frames'][number]) => boolean,
    timeoutMs = 3000,
  ): Promise<RawClient['frames'][number]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(predicate);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`frame not seen; got ${JSON.stringify(this.frames.map((f) => f.event))}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  async waitForClose(timeoutMs = 3000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (this.closeCode === null) {
      if (Date.now() > deadline) throw new Error('socket not closed');
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.closeCode;
  }

  async established(): Promise<string> {
    await this.waitFor((f) => f.event === 'pusher:connection_established');
    return this.socketId;
  }

  close(): void {
    this.ws.terminate();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

/** Removes every Redis key a test wrote under its prefix. */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis('redis://127.0.0.1:6379');
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

/** pusher-js clients remembered as they are made, so `afterEach(clients.disconnectAll)` closes them. */
export function pusherClients(): { connect: typeof connectPusher; disconnectAll: () => void } {
  const made: Pusher[] = [];
  return {
    connect: (...args) => {
      const pusher = connectPusher(...args);
      made.push(pusher);
      return pusher;
    },
    disconnectAll: () => disconnectAll(...made.splice(0)),
  };
}

/** Nodes sharing Redis under one key prefix; `close()` stops them all and removes their keys. */
export async function startCluster(
  prefix: string,
  nodeIds: string[],
  options: Partial<PusherServerOptions> = {},
  nodeTtlMs?: number,
): Promise<{ nodes: RealtimeNode[]; close(): Promise<void> }> {
  const nodes: RealtimeNode[] = [];
  for (const nodeId of nodeIds) nodes.push(await startNode(options, { prefix, nodeId, nodeTtlMs }));
  return {
    nodes,
    async close() {
      await Promise.all(nodes.map((node) => node.close()));
      await deleteRedisKeys(prefix);
    },
  };
}
