import Pusher from 'pusher-js';
import { bootTestApp, type TestApp, type TestClient } from '../support/app';

export const BROADCAST_ENV = { BROADCAST_KEY: 'chat-key', BROADCAST_SECRET: 'chat-secret', BROADCAST_APP_ID: 'chat-app' };

/** The app (createApp attaches the WebSocket server to the app's own port) with known broadcast keys. */
export async function bootChatApp(env: Record<string, string> = {}): Promise<TestApp> {
  return bootTestApp({ ...BROADCAST_ENV, ...env });
}

/** A real pusher-js client authorised through POST /broadcasting/auth with the client's session. */
export function connect(t: TestApp, client: TestClient, sockets: Pusher[] = []): Pusher {
  const pusher = new Pusher(BROADCAST_ENV.BROADCAST_KEY, {
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
  });
  sockets.push(pusher);
  return pusher;
}

export async function connected(pusher: Pusher): Promise<string> {
  if (pusher.connection.state === 'connected') return pusher.connection.socket_id;
  await new Promise<void>((resolve, reject) => {
    pusher.connection.bind('connected', () => resolve());
    pusher.connection.bind('failed', () => reject(new Error('pusher connection failed')));
  });
  return pusher.connection.socket_id;
}

/** Subscribes and resolves when the server accepted, rejects with the status when it refused. */
export function subscribe(pusher: Pusher, name: string): Promise<ReturnType<Pusher['subscribe']>> {
  const channel = pusher.subscribe(name);
  return new Promise((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve(channel));
    channel.bind('pusher:subscription_error', (e: unknown) => reject(Object.assign(new Error('subscription refused'), { detail: e })));
  });
}

/** Collects every event of a name on a channel. */
export function collect<T = unknown>(channel: ReturnType<Pusher['subscribe']>, event: string): T[] {
  const seen: T[] = [];
  channel.bind(event, (data: T) => seen.push(data));
  return seen;
}

export async function waitFor(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
