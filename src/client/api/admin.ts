import type {
  AdminAuditPage,
  AdminDashboardJson,
  AdminMetricsJson,
  AdminUserRow,
  UserBulkAction,
  UserBulkJson,
} from '@contracts/admin';
import type {
  AnnouncementJson,
  BroadcastJson,
  DesignAssetJson,
  DesignChatFlagJson,
  StickerJson,
  StickerPackJson,
} from '@contracts/admin-content';
import { api, request } from '../lib/http';

/** The admin pages. */
export const adminPaths = {
  home: '/admin',
  credits: '/admin/credits',
  queueMonitor: (queue: string, state: string) => `/admin/queue-monitor?queue=${queue}&state=${state}`,
  users: '/admin/users',
  audit: '/admin/audit',
  metrics: (period?: string) => (period ? `/admin/metrics?period=${period}` : '/admin/metrics'),
  auditOf: (subjectType: string, subjectId: string) =>
    `/admin/audit?subject_type=${encodeURIComponent(subjectType)}&subject_id=${encodeURIComponent(subjectId)}`,
  /** Asks for the password (when not confirmed lately), then comes back to `back`. */
  confirmPassword: (back: string) => `/admin/confirm-password?return=${encodeURIComponent(back)}`,
  designAssets: '/admin/design-assets',
  designChat: '/admin/design-chat',
  marketing: '/admin/marketing',
  stickers: '/admin/stickers',
  user: (id: string) => `/admin/users/${id}`,
};

type UserAnswer = { message: string; user: AdminUserRow };

/** Admin /api calls: credit grants, the queue monitor, users and the audit trail. */
export const adminApi = {
  grantCredits: (grant: { user: string; amount: number; reason: string }) =>
    api.post<{ message: string }>('/api/admin/credits/grant', grant),
  queues: <O>(query: { queue: string; state: string; page: number }) => api.get<O>('/api/admin/queues', { query }),
  retryJob: (queue: string, id: string) => api.post(`/api/admin/queues/${queue}/jobs/${encodeURIComponent(id)}/retry`),
  removeJob: (queue: string, id: string) => api.delete(`/api/admin/queues/${queue}/jobs/${encodeURIComponent(id)}`),
  pauseQueue: (queue: string) => api.post<{ message: string }>(`/api/admin/queues/${queue}/pause`),
  resumeQueue: (queue: string) => api.post<{ message: string }>(`/api/admin/queues/${queue}/resume`),
  retryFailed: (queue: string) =>
    api.post<{ message: string; count: number }>(`/api/admin/queues/${queue}/failed/retry`),
  removeFailed: (queue: string) => api.delete<{ message: string; count: number }>(`/api/admin/queues/${queue}/failed`),
  audit: (query: Record<string, string | number>) => api.get<AdminAuditPage>('/api/admin/audit', { query }),
  changeRole: (id: string, change: { type?: string; role?: string }) =>
    api.patch<UserAnswer>(`/api/admin/users/${id}`, change),
  suspend: (id: string, reason: string) => api.post<UserAnswer>(`/api/admin/users/${id}/suspend`, { reason }),
  restore: (id: string) => api.post<UserAnswer>(`/api/admin/users/${id}/restore`),
  resendVerification: (id: string) => api.post<{ message: string }>(`/api/admin/users/${id}/verification`),
  impersonate: (id: string) => api.post<{ redirect: string }>(`/api/admin/users/${id}/impersonate`),
  deleteUser: (id: string, confirm: string) => request<UserAnswer>('DELETE', `/api/admin/users/${id}`, { confirm }),
  /** One action on the chosen users (`user_ids`) or on every user matching a search (`match`), run as a job. */
  startBulk: (bulk: { action: UserBulkAction; reason?: string; user_ids?: string[]; match?: string }) =>
    api.post<{ message: string; bulk: UserBulkJson }>('/api/admin/user-bulk-actions', bulk),
  bulk: (id: string) => api.get<UserBulkJson>(`/api/admin/user-bulk-actions/${id}`),
  endImpersonation: () => api.post<{ redirect: string }>('/api/impersonation/end'),
  dashboard: () => api.get<AdminDashboardJson>('/api/admin/metrics/dashboard'),
  metrics: (period: string) => api.get<AdminMetricsJson>('/api/admin/metrics', { query: { period } }),
  rollupNow: () => api.post<{ message: string }>('/api/admin/metrics/rollup'),
};

const upload = (field: string, file: File, extra: Record<string, string> = {}) => {
  const body = new FormData();
  body.append(field, file);
  for (const [k, v] of Object.entries(extra)) body.append(k, v);
  return body;
};

/** Admin content: design assets, stickers, design-chat moderation, announcements and broadcasts. */
export const adminContentApi = {
  createAsset: (asset: { category: string; name: string; prompt_fragment?: string; colors?: string[] }) =>
    api.post<{ message: string; asset: DesignAssetJson }>('/api/admin/design-assets', asset),
  updateAsset: (id: string, change: Partial<Omit<DesignAssetJson, 'id' | 'category'>>) =>
    api.patch<{ message: string; asset: DesignAssetJson }>(`/api/admin/design-assets/${id}`, change),
  uploadPreview: (id: string, file: File) =>
    api.post<{ message: string; asset: DesignAssetJson }>(
      `/api/admin/design-assets/${id}/preview`,
      upload('preview', file),
    ),
  createPack: (pack: { name: string; description?: string; price_minor?: number }) =>
    api.post<{ message: string; pack: StickerPackJson }>('/api/admin/sticker-packs', pack),
  updatePack: (id: string, change: { enabled?: boolean; name?: string; price_minor?: number }) =>
    api.patch<{ message: string; pack: StickerPackJson }>(`/api/admin/sticker-packs/${id}`, change),
  addSticker: (packId: string, name: string, file: File) =>
    api.post<{ message: string; sticker: StickerJson }>(
      `/api/admin/sticker-packs/${packId}/stickers`,
      upload('image', file, { name }),
    ),
  removeSticker: (id: string) => api.delete<{ message: string }>(`/api/admin/stickers/${id}`),
  moderate: (flagId: string, action: 'hide' | 'dismiss' | 'warn', note?: string) =>
    api.post<{ message: string; flag: DesignChatFlagJson }>(`/api/admin/design-chat/flags/${flagId}/moderate`, {
      action,
      ...(note ? { note } : {}),
    }),
  suspendAuthor: (flagId: string, reason: string) =>
    api.post<{ message: string; flag: DesignChatFlagJson }>(`/api/admin/design-chat/flags/${flagId}/suspend-author`, {
      reason,
    }),
  announce: (a: Record<string, unknown>) =>
    api.post<{ message: string; announcement: AnnouncementJson }>('/api/admin/announcements', a),
  endAnnouncement: (id: string) =>
    api.post<{ message: string; announcement: AnnouncementJson }>(`/api/admin/announcements/${id}/end`),
  broadcast: (b: Record<string, unknown>) =>
    api.post<{ message: string; broadcast: BroadcastJson }>('/api/admin/broadcasts', b),
};

/** The admins' private channel: a rollup finished, figures may have changed. */
export const adminLive = {
  metricsChannel: 'admin.metrics',
  metricsUpdated: '.metrics.updated',
  broadcastProgress: '.broadcast.progress',
  userBulkProgress: '.users-bulk.progress',
};

/** Announcements as their readers see them: a signed-in user's dismissal holds on every device. */
export const announcementsApi = {
  dismiss: (id: string) => api.post<{ message: string }>(`/api/announcements/${id}/dismiss`),
};
