import type { WikiArticle, WikiCategory, WikiRevision, WikiTalkComment, WikiTalkFeed } from '@contracts/wiki';
import { api } from '../lib/http';

type Message = { message: string };

/** What an edit sends: the article as it should read now and what changed. */
export type WikiEdit = {
  title: string;
  category: WikiCategory;
  body_html: string;
  summary: string;
  base_revision?: number;
};

export const WIKI_CATEGORY_LABELS: Record<WikiCategory, string> = {
  term: 'Term',
  brand: 'Brand',
  architect: 'Architect',
  neighbourhood: 'Neighbourhood',
};

/** Page paths of WikiLuxury. */
export const wikiPaths = {
  index: (query: { q?: string; category?: WikiCategory | null; page?: number } = {}) => {
    const params = new URLSearchParams();
    if (query.q) params.set('q', query.q);
    if (query.category) params.set('category', query.category);
    if (query.page && query.page > 1) params.set('page', String(query.page));
    const qs = params.toString();
    return qs ? `/wiki?${qs}` : '/wiki';
  },
  create: '/wiki/new',
  show: (slug: string) => `/wiki/${slug}`,
  edit: (slug: string) => `/wiki/${slug}/edit`,
  history: (slug: string, page?: number) => `/wiki/${slug}/history${page && page > 1 ? `?page=${page}` : ''}`,
  diff: (slug: string, from: number, to: number) => `/wiki/${slug}/diff?from=${from}&to=${to}`,
};

export const wikiApi = {
  create: (body: WikiEdit & { slug: string }) =>
    api.post<Message & { article: WikiArticle }>('/api/wiki/articles', body),
  edit: (slug: string, body: WikiEdit) =>
    api.put<Message & { revision: WikiRevision }>(`/api/wiki/articles/${slug}`, body),
  rollback: (slug: string, revision: number, reason?: string) =>
    api.post<Message & { revision: WikiRevision }>(`/api/wiki/articles/${slug}/rollback`, { revision, reason }),
  talk: (slug: string, cursor?: string) =>
    api.get<WikiTalkFeed>(`/api/wiki/articles/${slug}/talk`, { query: { cursor } }),
  addTalk: (slug: string, bodyHtml: string) =>
    api.post<Message & { comment: WikiTalkComment }>(`/api/wiki/articles/${slug}/talk`, { body_html: bodyHtml }),
};
