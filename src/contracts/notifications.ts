/** Wire shapes of notifications (the bell, the Notifications page, `.notification.created`). Type-only. */
import type { Page } from './common';

export type NotificationKind =
  | 'new_follower'
  | 'chat_request'
  | 'chat_message'
  | 'design_ready'
  | 'design_failed'
  | 'video_ready'
  | 'video_failed'
  | 'open_house_rsvp'
  | 'saved_search_match'
  | 'system'
  | 'journal_post'
  | 'community'
  | 'product_news'
  | 'tour'
  | 'collection';

export interface Notification {
  id: string;
  kind: NotificationKind;
  /** The same as kind (older clients read `type`). */
  type: NotificationKind;
  title: string;
  body: string | null;
  url: string | null;
  data: Record<string, unknown>;
  read: boolean;
  read_at: string | null;
  created_at: string;
}

export type NotificationPage = Page<Notification>;

/** `.notification.created` on the user's private channel. */
export interface NotificationCreatedEvent {
  notification: Notification;
  unread_count: number;
}
