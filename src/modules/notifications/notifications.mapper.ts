import type { Notification as NotificationJson } from '../../contracts/notifications';
import type { Notification } from './notification.entity';
import { iso } from '../../common/iso';

export type { NotificationJson };

export function toNotificationJson(n: Notification): NotificationJson {
  return {
    id: n.id,
    kind: n.kind,
    type: n.kind,
    title: n.title,
    body: n.body,
    url: n.url,
    data: n.data ?? {},
    read: n.readAt !== null,
    read_at: n.readAt ? iso(n.readAt) : null,
    created_at: iso(n.createdAt),
  };
}
