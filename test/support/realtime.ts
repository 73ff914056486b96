import PusherServerSdk from 'pusher';
import type Pusher from 'pusher-js';
import type { PusherServerOptions } from '../../src/modules/realtime/core';
import {
  APP,
  localPusher,
  pusherClients,
  RawClient,
  startCluster,
  type RealtimeNode,
} from '../realtime/support/harness';
import type { TestApp, TestClient } from './app';

type Channel = ReturnType<Pusher['subscribe']>;

/**
 * A real pusher-js client on the app's own WebSocket server, authorised through
 * POST /broadcasting/auth with the test client's session. Push it to `sockets` to disconnect later.
 */
export function pusherFor(t: TestApp, client: TestClient, sockets: Pusher[] = []): Pusher {
  const pusher = localPusher(t.config.broadcasting.key, Number(new URL(t.baseUrl).port), {
    channelAuthorization: {
      endpoint: '/broadcasting/auth',
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) => {
        client
          .post('/broadcasting/auth')
          .send({ socket_id: socketId, channel_name: channelName })
          .then(
            (res) => (res.status === 200 ? callback(null, res.body) : callback(new Error(`auth ${res.status}`), null)),
            (error: Error) => callback(error, null),
          );
      },
    },
    userAuthentication: {
      endpoint: '/broadcasting/user-auth',
      transport: 'ajax',
      customHandler: ({ socketId }, callback) => {
        client
          .post('/broadcasting/user-auth')
          .send({ socket_id: socketId })
          .then(
            (res) =>
              res.status === 200 ? callback(null, res.body) : callback(new Error(`user-auth ${res.status}`), null),
            (error: Error) => callback(error, null),
          );
      },
    },
  });
  sockets.push(pusher);
  return pusher;
}

/**
 * Subscribes and resolves with the channel once the server accepted; rejects with
 * "subscription refused" (the server's answer in `detail`) or after `timeoutMs`.
 */
export function subscribe(pusher: Pusher, name: string, timeoutMs = 5000): Promise<Channel> {
  const channel = pusher.subscribe(name);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no subscription on ${name} within ${timeoutMs} ms`)), timeoutMs);
    channel.bind('pusher:subscription_succeeded', () => {
      clearTimeout(timer);
      resolve(channel);
    });
    channel.bind('pusher:subscription_error', (detail: unknown) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`subscription refused on ${name}`), { detail }));
    });
  });
}

/**
 * Real-time nodes (the framework-free core, no app) sharing Redis for one test file: started before its tests and
 * stopped after them with their Redis keys. pusher-js clients (`client`) and raw sockets (`raw`) opened through it
 * are closed after each test; `sdk(port)` is the official server SDK aimed at a node.
 *
 *   const cluster = useRealtimeCluster('parity', ['parity-a', 'parity-b']);
 *   beforeAll(() => ([nodeA, nodeB] = cluster.nodes));
 */
export function useRealtimeCluster(
  name: string,
  nodeIds: string[],
  options: Partial<PusherServerOptions> = {},
  nodeTtlMs?: number,
) {
  const prefix = `test:realtime-${name}:${process.pid}:${Date.now()}:`;
  const clients = pusherClients();
  const raws: RawClient[] = [];
  let started: Awaited<ReturnType<typeof startCluster>> | undefined;
  const cluster = {
    prefix,
    nodes: [] as RealtimeNode[],
    client: clients.connect,
    raw(port: number): RawClient {
      const socket = RawClient.open(port);
      raws.push(socket);
      return socket;
    },
    sdk: (port: number) => new PusherServerSdk({ ...APP, host: '127.0.0.1', port: String(port), useTLS: false }),
  };
  const closeClients = () => {
    clients.disconnectAll();
    raws.splice(0).forEach((socket) => socket.close());
  };
  beforeAll(async () => {
    started = await startCluster(prefix, nodeIds, options, nodeTtlMs);
    cluster.nodes.push(...started.nodes);
  });
  afterEach(closeClients);
  afterAll(async () => {
    closeClients();
    await started?.close();
  });
  return cluster;
}
