import type { AdminAuditPage, AdminDashboardJson, AdminMetricsJson, AdminUserRow } from '@contracts/admin';
import { api, request } from '../lib/http';

/** The admin pages. */
export const adminPaths = {
  home: '/admin',
  credits: '/admin/credits',
  queueMonitor: (queue: string, state: string) => `/admin/queue-monitor?queue=${queue}&state=${state}`,
  users: '/admin/users',
  user: (id: string) => `/admin/users/${id}`,
  audit: '/admin/audit',
  metrics: (period?: string) => (period ? `/admin/metrics?period=${period}` : '/admin/metrics'),
  auditOf: (subjectType: string, subjectId: string) =>
    `/admin/audit?subject_type=${encodeURIComponent(subjectType)}&subject_id=${encodeURIComponent(subjectId)}`,
  /** Asks for the password (when not confirmed lately), then comes back to `back`. */
  confirmPassword: (back: string) => `/admin/confirm-password?return=${encodeURIComponent(back)}`,
};

type UserAnswer = { message: string; user: AdminUserRow };

/** Admin /api calls: credit grants, the queue monitor, users and the audit trail. */
export const adminApi = {
  grantCredits: (grant: { user: string; amount: number; reason: string }) =>
    api.post<{ message: string }>('/api/admin/credits/grant', grant),
  queues: <O>(query: { queue: string; state: string; page: number }) => api.get<O>('/api/admin/queues', { query }),
  retryJob: (queue: string, id: string) => api.post(`/api/admin/queues/${queue}/jobs/${encodeURIComponent(id)}/retry`),
  removeJob: (queue: string, id: string) => api.delete(`/api/admin/queues/${queue}/jobs/${encodeURIComponent(id)}`),
  audit: (query: Record<string, string | number>) => api.get<AdminAuditPage>('/api/admin/audit', { query }),
  changeRole: (id: string, change: { type?: string; role?: string }) =>
    api.patch<UserAnswer>(`/api/admin/users/${id}`, change),
  suspend: (id: string, reason: string) => api.post<UserAnswer>(`/api/admin/users/${id}/suspend`, { reason }),
  restore: (id: string) => api.post<UserAnswer>(`/api/admin/users/${id}/restore`),
  resendVerification: (id: string) => api.post<{ message: string }>(`/api/admin/users/${id}/verification`),
  impersonate: (id: string) => api.post<{ redirect: string }>(`/api/admin/users/${id}/impersonate`),
  deleteUser: (id: string, confirm: string) => request<UserAnswer>('DELETE', `/api/admin/users/${id}`, { confirm }),
  endImpersonation: () => api.post<{ redirect: string }>('/api/impersonation/end'),
  dashboard: () => api.get<AdminDashboardJson>('/api/admin/metrics/dashboard'),
  metrics: (period: string) => api.get<AdminMetricsJson>('/api/admin/metrics', { query: { period } }),
  rollupNow: () => api.post<{ message: string }>('/api/admin/metrics/rollup'),
};

/** The admins' private channel: a rollup finished, figures may have changed. */
export const adminLive = {
  metricsChannel: 'admin.metrics',
  metricsUpdated: '.metrics.updated',
};
