import { useEffect, useRef, useSyncExternalStore } from 'react';
import { connectionState, type ConnectionState } from './connection-state';
import { getEcho, subscribeToEcho } from './echo-instance';
import type { AppEcho } from './createEcho';

export type ChannelKind = 'public' | 'private' | 'presence' | 'encrypted';
// Handlers are typed by their callers; the channel itself carries unknown JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EventHandlers = Record<string, (payload: any) => void>;

/** The app's Echo instance, or null while real-time is disabled or not configured yet. */
export function useEcho(): AppEcho | null {
  return useSyncExternalStore(subscribeToEcho, getEcho, () => null);
}

// Several components may listen on one channel; leave it only when the last one unmounts.
const channelUsers = new Map<string, number>();

function echoChannel(echo: AppEcho, name: string, kind: ChannelKind) {
  switch (kind) {
    case 'private':
      return echo.private(name);
    case 'presence':
      return echo.join(name);
    case 'encrypted':
      return echo.encryptedPrivate(name);
    default:
      return echo.channel(name);
  }
}

/** The pusher-js channel under Echo's wrapper, where subscription events can be bound and unbound. */
type RawSubscription = {
  subscribed?: boolean;
  bind(event: string, listener: () => void): void;
  unbind(event: string, listener: () => void): void;
};

/**
 * Listens on a channel while the component is mounted.
 *   useChannel(`design.${id}`, 'private', { '.design.progress': (e) => ..., DesignGenerated: (e) => ... }, reload)
 * Names are given without the Pusher prefix (Echo adds it). Custom event names take a leading
 * dot; class-style names resolve in the App.Events namespace. Handlers may change every render.
 *
 * `onSubscribed` is the one way a page that waits on pushes stays right: it runs each time the subscription
 * succeeds, the first time and again after every reconnect (pusher-js subscribes again and events sent meanwhile
 * are lost to this socket), and at once when the channel was subscribed already. It should load the current state
 * from the server; the page's rules then ignore events older than what it holds.
 */
export function useChannel(
  channelName: string | null | undefined,
  kind: ChannelKind,
  events: EventHandlers,
  onSubscribed?: () => void,
): void {
  const echo = useEcho();
  const handlers = useRef(events);
  handlers.current = events;
  const synced = useRef(onSubscribed);
  synced.current = onSubscribed;
  const eventNames = Object.keys(events).sort().join('|');

  useEffect(() => {
    if (!echo || !channelName) return;
    const channel = echoChannel(echo, channelName, kind);
    const names = eventNames ? eventNames.split('|') : [];
    const bound = names.map((event) => {
      const listener = (payload: unknown) => handlers.current[event]?.(payload);
      channel.listen(event, listener);
      return [event, listener] as const;
    });
    const raw = (channel as unknown as { subscription?: RawSubscription }).subscription;
    const resync = () => synced.current?.();
    raw?.bind('pusher:subscription_succeeded', resync);
    if (raw?.subscribed) resync();
    const fullName = channel.name;
    channelUsers.set(fullName, (channelUsers.get(fullName) ?? 0) + 1);
    return () => {
      for (const [event, listener] of bound) channel.stopListening(event, listener);
      raw?.unbind('pusher:subscription_succeeded', resync);
      const left = (channelUsers.get(fullName) ?? 1) - 1;
      if (left > 0) channelUsers.set(fullName, left);
      else {
        channelUsers.delete(fullName);
        // A replaced connection (logout, new settings) is closing: there is nothing left to unsubscribe from.
        if (getEcho() === echo) echo.leaveChannel(fullName);
      }
    };
  }, [echo, channelName, kind, eventNames]);
}

function readState(): ConnectionState {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
  return connectionState.get();
}

function subscribeState(listener: () => void): () => void {
  const unsubscribe = connectionState.subscribe(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    unsubscribe();
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** 'connected' | 'connecting' | 'unavailable' | 'offline' (the browser's own offline flag wins). */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribeState, readState, () => 'connecting');
}
