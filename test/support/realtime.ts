import Pusher from 'pusher-js';
import type { TestApp, TestClient } from './app';

type Channel = ReturnType<Pusher['subscribe']>;

/**
 * A real pusher-js client on the app's own WebSocket server, authorised through
 * POST /broadcasting/auth with the test client's session. Push it to `sockets` to disconnect later.
 */
export function pusherFor(t: TestApp, client: TestClient, sockets: Pusher[] = []): Pusher {
  const pusher = new Pusher(t.config.broadcasting.key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: Number(new URL(t.baseUrl).port),
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
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
