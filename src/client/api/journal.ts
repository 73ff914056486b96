import type { FlagReason, FlagResult, LikeResult } from '@contracts/community';
import type {
  JournalComment,
  JournalCommentPage,
  JournalEmbedRef,
  JournalFeed,
  JournalPost,
  JournalVisibility,
} from '@contracts/journal';
import { api } from '../lib/http';

type Message = { message: string };
export type JournalDraft = {
  title: string;
  body_html: string;
  visibility: JournalVisibility;
  embeds: JournalEmbedRef[];
};

/** Page paths of the journal. */
export const journalPaths = {
  index: '/journal',
  create: '/journal/create',
  show: (id: string) => `/journal/${id}`,
  edit: (id: string) => `/journal/${id}/edit`,
  atom: (handle: string) => `/journal/authors/${handle}/feed.atom`,
  feedAfter: (cursor: string) => `/journal?cursor=${encodeURIComponent(cursor)}`,
};

export const journalApi = {
  feed: (cursor?: string) => api.get<JournalFeed>('/api/journal', { query: { cursor } }),
  create: (body: JournalDraft) => api.post<Message & { post: JournalPost }>('/api/journal', body),
  update: (id: string, body: Partial<JournalDraft>) =>
    api.patch<Message & { post: JournalPost }>(`/api/journal/${id}`, body),
  publish: (id: string, publishAt: string | null) =>
    api.post<Message & { post: JournalPost }>(`/api/journal/${id}/publish`, { publish_at: publishAt }),
  unpublish: (id: string) => api.post<Message & { post: JournalPost }>(`/api/journal/${id}/unpublish`),
  remove: (id: string) => api.delete<Message>(`/api/journal/${id}`),
  uploadImage: (file: File) => {
    const form = new FormData();
    form.append('image', file);
    return api.post<{ image: { url: string } }>('/api/journal/images', form);
  },
  comments: (id: string, page = 1) => api.get<JournalCommentPage>(`/api/journal/${id}/comments`, { query: { page } }),
  comment: (id: string, bodyHtml: string) =>
    api.post<Message & { comment: JournalComment }>(`/api/journal/${id}/comments`, { body_html: bodyHtml }),
  like: (id: string, liked: boolean) =>
    liked ? api.put<LikeResult>(`/api/journal/${id}/like`) : api.delete<LikeResult>(`/api/journal/${id}/like`),
  flag: (id: string, reason: FlagReason) => api.post<FlagResult>(`/api/journal/${id}/flag`, { reason }),
};
