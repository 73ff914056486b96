import type { FeedPage, Spot, Video, Walkthrough } from '@contracts/video';
import { api } from '../lib/http';

/** The video pages: walkthrough and spot editors. */
export const videoPaths = {
  walkthrough: (slug: string) => `/walkthroughs/${slug}`,
  walkthroughEdit: (slug: string) => `/walkthroughs/${slug}/edit`,
  spotEdit: (slug: string) => `/spots/${slug}/edit`,
};

/** Where resumable (tus) video uploads go when the video does not name its own endpoint. */
export const VIDEO_UPLOADS_ENDPOINT = '/api/video-uploads';

/** The /api calls of videos, walkthroughs, spots and the feed. */
export const videoApi = {
  update: (id: string, fields: Record<string, unknown>) =>
    api.post<{ message: string; video: Video }>(`/api/video/${id}/update`, fields),
  remove: (id: string) => api.delete(`/api/video/${id}`),
  retry: (id: string) => api.post<{ video: Video }>(`/api/video/${id}/retry`),
  /** A video not yet attached to anything (a spot attaches it next). */
  createBlank: (title: string) => api.post<{ video: Video }>('/api/video/blank', { title }),
  addToWalkthrough: (walkthroughSlug: string, title: string) =>
    api.post<{ video: Video }>(`/api/video/walkthrough/${walkthroughSlug}`, { title }),
  updateWalkthrough: (slug: string, fields: Record<string, unknown>) =>
    api.patch<{ message: string; walkthrough: Walkthrough }>(`/api/walkthrough/${slug}`, fields),
  /** A spot (short teaser) made from a walkthrough. */
  createSpot: (walkthroughSlug: string, title: string) =>
    api.post<{ spot: Spot }>(`/api/spot/${walkthroughSlug}`, { title }),
  updateSpot: (slug: string, fields: Record<string, unknown>) => api.patch<{ spot: Spot }>(`/api/spot/${slug}`, fields),
  /** The feed below `cursor` (a previous page's `next_cursor`); `page` only numbers the answer. */
  feedPage: (page: number, cursor?: string | null) =>
    api.get<FeedPage>('/api/feed', { query: { page, cursor: cursor ?? undefined } }),
};
