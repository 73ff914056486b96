import { api } from '../lib/http';

/** The admin pages. */
export const adminPaths = {
  credits: '/admin/credits',
  queueMonitor: (queue: string, state: string) => `/admin/queue-monitor?queue=${queue}&state=${state}`,
};

/** Admin /api calls: credit grants and the queue monitor (`O` is the monitor page's overview shape). */
export const adminApi = {
  grantCredits: (grant: { user: string; amount: number; reason: string }) =>
    api.post<{ message: string }>('/api/admin/credits/grant', grant),
  queues: <O>(query: { queue: string; state: string; page: number }) => api.get<O>('/api/admin/queues', { query }),
  retryJob: (queue: string, id: string) => api.post(`/api/admin/queues/${queue}/jobs/${encodeURIComponent(id)}/retry`),
  removeJob: (queue: string, id: string) => api.delete(`/api/admin/queues/${queue}/jobs/${encodeURIComponent(id)}`),
};
