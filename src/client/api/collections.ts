import type {
  CollectionComment,
  CollectionDetail,
  CollectionMember,
  CollectionRole,
  CollectionSummary,
} from '@contracts/collections';
import type { Page } from '@contracts/common';
import { api } from '../lib/http';

export type {
  CollectionAccess,
  CollectionComment,
  CollectionDetail,
  CollectionItem,
  CollectionMember,
  CollectionRole,
  CollectionSummary,
} from '@contracts/collections';

export const collectionPaths = {
  index: (page?: number) => (page && page > 1 ? `/collections?page=${page}` : '/collections'),
  show: (id: string, page?: number) => `/collections/${id}${page && page > 1 ? `?page=${page}` : ''}`,
  property: (slug: string) => `/properties/${slug}`,
};

export const collectionsApi = {
  list: (editable = false) =>
    api.get<Page<CollectionSummary>>('/api/collections', { query: editable ? { editable: 1, per_page: 100 } : {} }),
  create: (name: string) => api.post<{ collection: CollectionSummary }>('/api/collections', { name }),
  rename: (id: string, name: string) =>
    api.patch<{ collection: CollectionSummary }>(`/api/collections/${id}`, { name }),
  remove: (id: string) => api.delete(`/api/collections/${id}`),
  show: (id: string) => api.get<CollectionDetail>(`/api/collections/${id}`),
  addItem: (id: string, propertyId: string) =>
    api.post<{ item_id: string }>(`/api/collections/${id}/items`, { property_id: propertyId }),
  removeItem: (id: string, itemId: string) => api.delete(`/api/collections/${id}/items/${itemId}`),
  comment: (id: string, itemId: string, body: string) =>
    api.post<{ comment: CollectionComment }>(`/api/collections/${id}/items/${itemId}/comments`, { body }),
  share: (id: string) => api.post<{ share_url: string }>(`/api/collections/${id}/share-link`),
  revokeShare: (id: string) => api.delete(`/api/collections/${id}/share-link`),
  addMember: (id: string, who: string, role: CollectionRole) =>
    api.post<{ member: CollectionMember }>(`/api/collections/${id}/members`, { who, role }),
  removeMember: (id: string, userId: string) => api.delete(`/api/collections/${id}/members/${userId}`),
};
