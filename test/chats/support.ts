import Pusher from 'pusher-js';
export { pusherFor as connect, subscribe } from '../support/realtime';
import { bootTestApp, type TestApp } from '../support/app';

export const BROADCAST_ENV = {
  BROADCAST_KEY: 'chat-key',
  BROADCAST_SECRET: 'chat-secret',
  BROADCAST_APP_ID: 'chat-app',
};

/** The app (createApp attaches the WebSocket server to the app's own port) with known broadcast keys. */
export async function bootChatApp(env: Record<string, string> = {}): Promise<TestApp> {
  return bootTestApp({ ...BROADCAST_ENV, ...env });
}

export async function connected(pusher: Pusher): Promise<string> {
  if (pusher.connection.state === 'connected') return pusher.connection.socket_id;
  await new Promise<void>((resolve, reject) => {
    pusher.connection.bind('connected', () => resolve());
    pusher.connection.bind('failed', () => reject(new Error('pusher connection failed')));
  });
  return pusher.connection.socket_id;
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
