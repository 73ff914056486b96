import { Head, Link } from '@inertiajs/react';
import { useState, type ReactNode } from 'react';
import { BellIcon } from '@/components/icons';
import { Button, Card, EmptyState, Spinner } from '@/components/ui';
import { setNotificationCount, useNotificationsLive, type NotificationCreatedEvent } from '@/hooks/useNotifications';
import { notificationsApi } from '@/api/notifications';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import type { Notification, NotificationPage } from '@contracts/notifications';
import type { PageProps } from '@/types';

export type NotificationItem = Notification;

type Props = PageProps<{ notifications: NotificationPage; unread_count: number }>;

/** Spec 9: page size 20, first page 1; later pages append. */
export default function NotificationsIndex({ notifications: first, unread_count }: Props) {
  const [items, setItems] = useState(first.data);
  const [page, setPage] = useState(first.current_page);
  const [lastPage, setLastPage] = useState(first.last_page);
  const [unread, setUnread] = useState(unread_count);
  const [loading, setLoading] = useState(false);

  useNotificationsLive((e: NotificationCreatedEvent) => {
    setItems((list) => (list.some((n) => n.id === e.notification.id) ? list : [e.notification, ...list]));
    setUnread(e.unread_count);
  });

  const more = async () => {
    setLoading(true);
    try {
      const res = await notificationsApi.page<NotificationPage>(page + 1, 20);
      const known = new Set(items.map((n) => n.id));
      setItems([...items, ...res.notifications.data.filter((n) => !known.has(n.id))]);
      setPage(res.notifications.current_page);
      setLastPage(res.notifications.last_page);
      setUnread(res.unread_count);
    } catch {
      notify.error('Could not load more notifications');
    } finally {
      setLoading(false);
    }
  };

  const markRead = async (n: NotificationItem) => {
    if (n.read) return;
    try {
      const res = await notificationsApi.markRead(n.id);
      setItems((list) => list.map((x) => (x.id === n.id ? { ...x, read: true } : x)));
      setUnread(Math.max(0, res.unread_count));
      setNotificationCount(res.unread_count);
    } catch {
      /* the list stays as it is */
    }
  };

  const renderItem = (n: NotificationItem, content: ReactNode) =>
    n.url ? (
      <Link
        href={n.url}
        onClick={() => markRead(n)}
        className="flex gap-3 rounded-lg p-1 hover:bg-slate-50 dark:hover:bg-slate-800/60"
      >
        {content}
      </Link>
    ) : (
      <button
        type="button"
        onClick={() => markRead(n)}
        className="flex w-full gap-3 rounded-lg p-1 text-left hover:bg-slate-50 dark:hover:bg-slate-800/60"
      >
        {content}
      </button>
    );

  const markAll = async () => {
    try {
      await notificationsApi.markAllRead();
      setItems((list) => list.map((x) => ({ ...x, read: true })));
      setUnread(0);
      setNotificationCount(0);
    } catch {
      notify.error('Could not mark notifications as read');
    }
  };

  return (
    <>
      <Head title="Notifications" />
      <div className="mx-auto max-w-2xl">
        <div className="mb-4 flex items-center justify-between gap-2">
          <h1 className="text-xl font-semibold">
            Notifications{' '}
            {unread > 0 && (
              <span className="text-sm font-normal text-slate-500 dark:text-slate-400">({unread} unread)</span>
            )}
          </h1>
          <Button variant="secondary" size="sm" disabled={unread === 0} onClick={markAll}>
            Mark all as read
          </Button>
        </div>
        {items.length === 0 ? (
          <EmptyState
            icon={<BellIcon className="h-8 w-8" />}
            title="No notifications yet"
            description="New followers, chat requests and finished designs and videos show up here."
          />
        ) : (
          <Card>
            <ul className="-my-2 divide-y divide-line" data-testid="notifications">
              {items.map((n) => {
                const content = (
                  <>
                    <span
                      className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', n.read ? 'bg-transparent' : 'bg-brand-600')}
                      aria-hidden="true"
                    />
                    <span className="min-w-0 flex-1">
                      <span className={cn('block text-sm', !n.read && 'font-semibold')}>{n.title}</span>
                      {n.body && <span className="block text-sm text-slate-600 dark:text-slate-300">{n.body}</span>}
                      <span className="block text-xs text-slate-400">{new Date(n.created_at).toLocaleString()}</span>
                    </span>
                  </>
                );
                return (
                  <li key={n.id} className="flex items-start gap-2 py-2">
                    <div className="min-w-0 flex-1">{renderItem(n, content)}</div>
                    {!n.read && (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="shrink-0"
                        aria-label={`Mark “${n.title}” as read`}
                        onClick={() => void markRead(n)}
                      >
                        Mark as read
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          </Card>
        )}
        {page < lastPage && (
          <div className="mt-4 flex justify-center">
            {loading ? (
              <Spinner label="Loading" />
            ) : (
              <Button variant="secondary" onClick={more}>
                Load more
              </Button>
            )}
          </div>
        )}
      </div>
    </>
  );
}
