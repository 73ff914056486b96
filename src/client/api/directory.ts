import type { Offering, ServiceProviderDetail } from '@contracts/directory';
import { api } from '../lib/http';

type Message = { message: string };
export type DirectoryFilters = { q: string; industry: string; city: string };
export type ProviderProfileForm = {
  industry: string;
  name: string;
  headline: string;
  bio: string;
  city: string;
  website: string | null;
  licence_number: string | null;
};
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
};

export const directoryApi = {
  saveProfile: (body: ProviderProfileForm) =>
    api.put<Message & { provider: ServiceProviderDetail }>('/api/service-profile', body),
  addOffering: (body: OfferingForm) =>
    api.post<Message & { offering: Offering }>('/api/service-profile/offerings', body),
  updateOffering: (id: string, body: Partial<OfferingForm>) =>
    api.patch<Message & { offering: Offering }>(`/api/offerings/${id}`, body),
  removeOffering: (id: string) => api.delete<Message>(`/api/offerings/${id}`),
};
