import { setSocketId } from '@/lib/http';
import { connectionState } from './connection-state';
import { createEcho, type AppEcho } from './createEcho';
import { settingsKey, type EchoSettings } from './settings';

type Listener = () => void;

let current: { key: string; echo: AppEcho } | null = null;
const listeners = new Set<Listener>();

/**
 * Called by the layout with the `realtime` shared prop on every page. Keeps one Echo across
 * Inertia visits; rebuilds it only when the settings change; disconnects when disabled.
 */
export function configureEcho(settings: EchoSettings | null | undefined): AppEcho | null {
  const enabled = Boolean(settings?.enabled && settings.key);
  const key = enabled ? settingsKey(settings!) : null;
  if (current && current.key === key) return current.echo;
  if (current) {
    // pusher-js sends on the next tick: an unsubscribe queued by a component leaving its channel during this very
    // visit (logout) must go out before the socket closes, or the browser warns about a CLOSING socket.
    const closing = current.echo;
    setTimeout(() => closing.disconnect(), 0);
    current = null;
    setSocketId(null);
    connectionState.set('offline');
  }
  if (enabled && typeof window !== 'undefined') current = { key: key!, echo: createEcho(settings!) };
  for (const listener of listeners) listener();
  return current?.echo ?? null;
}

export function getEcho(): AppEcho | null {
  return current?.echo ?? null;
}

export function subscribeToEcho(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
