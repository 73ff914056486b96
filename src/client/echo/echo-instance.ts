import { setSocketId } from '@/lib/http';
import { connectionState } from './connection-state';
import type { AppEcho } from './createEcho';
import { settingsKey, type EchoSettings } from './settings';

type Listener = () => void;

let current: { key: string; echo: AppEcho } | null = null;
// The settings asked for last; a slower load for older settings must not win.
let wantedKey: string | null = null;
const listeners = new Set<Listener>();

const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * Called with the `realtime` shared prop on every page. Keeps one Echo across Inertia visits;
 * rebuilds it only when the settings change; disconnects when disabled. The Echo/pusher-js code
 * (about 25 KB gzip) is fetched only when real-time is first enabled, so guests never download it;
 * `useChannel` subscribers re-render once it has loaded.
 */
export async function configureEcho(settings: EchoSettings | null | undefined): Promise<AppEcho | null> {
  const enabled = Boolean(settings?.enabled && settings.key) && typeof window !== 'undefined';
  const key = enabled ? settingsKey(settings!) : null;
  if (current && current.key === key) return current.echo;
  wantedKey = key;
  if (current) {
    // pusher-js sends on the next tick: an unsubscribe queued by a component leaving its channel during this very
    // visit (logout) must go out before the socket closes, or the browser warns about a CLOSING socket.
    const closing = current.echo;
    setTimeout(() => closing.disconnect(), 0);
    current = null;
    setSocketId(null);
    connectionState.set('offline');
    notify();
  }
  if (!enabled) return null;
  const { createEcho } = await import('./createEcho');
  // Settings changed while loading, or a parallel call already built this one.
  if (wantedKey !== key || getEcho()) return getEcho();
  const echo = createEcho(settings!);
  current = { key: key!, echo };
  notify();
  return echo;
}

export function getEcho(): AppEcho | null {
  return current?.echo ?? null;
}

export function subscribeToEcho(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
