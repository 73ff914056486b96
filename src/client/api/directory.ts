import type {
  Offering,
  ProviderAwaitingPage,
  ProviderReview,
  ProviderReviewPage,
  ServiceProviderDetail,
} from '@contracts/directory';
import { api } from '../lib/http';

type Message = { message: string };
/** Words, industry, city, and a distance search: `near` a place, `within_km` of it. */
export type DirectoryFilters = { q: string; industry: string; city: string; near: string; within_km: string };
/** The profile form: the provider's own fields as the server sends them, and the industry by slug. */
export type ProviderProfileForm = Pick<
  ServiceProviderDetail,
  'name' | 'headline' | 'bio' | 'city' | 'website' | 'licence_number'
> & { industry: string };
export type OfferingForm = { title: string; description: string; price_minor: number | null; currency: string };

function withQuery(path: string, filters: Partial<DirectoryFilters>, page?: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
  if (page && page > 1) params.set('page', String(page));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Page paths of the directory. */
export const directoryPaths = {
  industries: '/industries',
  providers: (filters: Partial<DirectoryFilters> = {}, page?: number) => withQuery('/service-providers', filters, page),
  provider: (id: string) => `/service-providers/${id}`,
  edit: '/service-profile/edit',
  offerings: (filters: Partial<DirectoryFilters> = {}, page?: number) => withQuery('/offerings', filters, page),
  verify: (page?: number) =>
    page && page > 1 ? `/admin/service-providers/verify?page=${page}` : '/admin/service-providers/verify',
};

export const directoryApi = {
  saveProfile: (body: ProviderProfileForm) =>
    api.put<Message & { provider: ServiceProviderDetail }>('/api/service-profile', body),
  addOffering: (body: OfferingForm) =>
    api.post<Message & { offering: Offering }>('/api/service-profile/offerings', body),
  updateOffering: (id: string, body: Partial<OfferingForm>) =>
    api.patch<Message & { offering: Offering }>(`/api/offerings/${id}`, body),
  removeOffering: (id: string) => api.delete<Message>(`/api/offerings/${id}`),
  reviews: (id: string, page = 1) =>
    api.get<ProviderReviewPage>(`/api/service-providers/${id}/reviews`, { query: { page } }),
  review: (id: string, body: { rating: number; body_html: string }) =>
    api.put<Message & { review: ProviderReview }>(`/api/service-providers/${id}/review`, body),
  removeReview: (id: string) => api.delete<Message>(`/api/service-providers/${id}/review`),
  uploadLicence: (file: File) => {
    const form = new FormData();
    form.append('document', file);
    return api.post<Message & { provider: ServiceProviderDetail }>('/api/service-profile/licence', form);
  },
  verify: (id: string, verified: boolean) =>
    api.post<Message & { provider: ServiceProviderDetail }>(`/api/service-providers/${id}/verify`, { verified }),
  awaiting: (page = 1) => api.get<ProviderAwaitingPage>('/api/admin/service-providers/awaiting', { query: { page } }),
};
