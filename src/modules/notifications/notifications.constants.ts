/** Spec 9: notifications page size 20, first page 1. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_LIMIT = 100;

export const userChannel = (userId: string) => `private-App.Models.User.${userId}`;

/** Event names (clients listen with a leading dot). */
export const NOTIFICATION_EVENTS = {
  created: 'notification.created',
  read: 'notification.read',
} as const;
