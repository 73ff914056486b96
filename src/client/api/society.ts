import type { FlagReason, FlagResult } from '@contracts/community';
import type {
  Society,
  SocietyComment,
  SocietyCommentPage,
  SocietyFeed,
  SocietyPost,
  SocietyVisibility,
} from '@contracts/society';
import { api } from '../lib/http';

type Message = { message: string };

/** Page paths of societies. */
export const societyPaths = {
  index: '/societies',
  page: (p: number) => `/societies?page=${p}`,
  show: (id: string) => `/societies/${id}`,
};

export const societyApi = {
  create: (body: { name: string; description: string; visibility: SocietyVisibility }) =>
    api.post<Message & { society: Society }>('/api/societies', body),
  join: (id: string) => api.post<Message & { society: Society }>(`/api/societies/${id}/join`),
  leave: (id: string) => api.post<Message>(`/api/societies/${id}/leave`),
  invite: (id: string, userId: string) => api.post<Message>(`/api/societies/${id}/invites`, { user_id: userId }),
  feed: (id: string, cursor?: string) => api.get<SocietyFeed>(`/api/societies/${id}/posts`, { query: { cursor } }),
  post: (id: string, bodyHtml: string) =>
    api.post<Message & { post: SocietyPost }>(`/api/societies/${id}/posts`, { body_html: bodyHtml }),
  comments: (postId: string) => api.get<SocietyCommentPage>(`/api/society-posts/${postId}/comments`),
  comment: (postId: string, bodyHtml: string) =>
    api.post<Message & { comment: SocietyComment }>(`/api/society-posts/${postId}/comments`, { body_html: bodyHtml }),
  flag: (postId: string, reason: FlagReason) => api.post<FlagResult>(`/api/society-posts/${postId}/flag`, { reason }),
};
