import { api } from '../lib/http';

/** The notification calls; `P` is the notifications page's list shape. */
export const notificationsApi = {
  count: () => api.get<{ unread_count: number }>('/api/notifications/count'),
  page: <P>(page: number, limit: number) =>
    api.get<{ notifications: P; unread_count: number }>('/api/notifications', { query: { page, limit } }),
  markRead: (id: string) => api.post<{ unread_count: number }>(`/notifications/${id}/mark-as-read`),
  markAllRead: () => api.post('/notifications/mark-all-as-read'),
};
