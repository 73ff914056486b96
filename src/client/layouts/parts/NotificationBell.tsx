import { Link } from '@inertiajs/react';
import { BellIcon } from '@/components/icons';
import { routes } from '@/routes';

/**
 * Placeholder bell: links to the notifications list. The notifications area
 * replaces `count` with the live unread count (which never goes below zero).
 */
export function NotificationBell({ count = 0 }: { count?: number }) {
  const unread = Math.max(0, count);
  return (
    <Link
      href={routes.notifications}
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      className="relative inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <BellIcon className="h-5 w-5" />
      {unread > 0 && (
        <span className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] font-semibold leading-4 text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
