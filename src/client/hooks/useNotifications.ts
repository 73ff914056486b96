import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useChannel } from '@/echo';
import { useAuthUser } from '@/hooks/useSharedProps';
import { notificationsApi } from '@/api/notifications';
import type { NotificationCreatedEvent } from '@contracts/notifications';

/** The bell's unread count: loaded from the server (0 when that fails), then kept live. */
let unread = 0;
const listeners = new Set<() => void>();
export function setNotificationCount(count: number | null | undefined): void {
  const next = Math.max(0, Number(count) || 0);
  if (next === unread) return;
  unread = next;
  listeners.forEach((l) => l());
}
export function getNotificationCount(): number {
  return unread;
}

export async function loadNotificationCount(): Promise<void> {
  try {
    const res = await notificationsApi.count();
    setNotificationCount(res.unread_count);
  } catch {
    setNotificationCount(0);
  }
}

export function useNotificationCount(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getNotificationCount,
    () => 0,
  );
}

export type { NotificationCreatedEvent };

/**
 * Loads the count and follows `.notification.created` / `.notification.read` on the user's channel; loads the count
 * again after every (re)subscription, so notifications pushed while the socket was away still count.
 */
export function useNotificationsLive(onCreated?: (e: NotificationCreatedEvent) => void): void {
  const user = useAuthUser();
  useEffect(() => {
    if (user) void loadNotificationCount();
  }, [user?.id]);
  const reload = useCallback(() => void loadNotificationCount(), []);
  useChannel(
    user ? `App.Models.User.${user.id}` : null,
    'private',
    {
      '.notification.created': (e: NotificationCreatedEvent) => {
        setNotificationCount(e.unread_count);
        onCreated?.(e);
      },
      '.notification.read': (e: { unread_count: number }) => setNotificationCount(e.unread_count),
    },
    reload,
  );
}
