import { NotificationBell } from '@/layouts/parts/NotificationBell';
import { useChatsLive } from '@/hooks/useChats';
import { useNotificationCount, useNotificationsLive } from '@/hooks/useNotifications';

/** The layout's bell with the live unread count; also keeps the chats store live on every page. */
export function LiveNotificationBell() {
  useNotificationsLive();
  useChatsLive();
  return <NotificationBell count={useNotificationCount()} />;
}
