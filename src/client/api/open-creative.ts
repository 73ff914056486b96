import type {
  CreativeManager,
  CreativeSkill,
  DelegatedActivityPage,
  DelegationGrant,
  DelegationScope,
  GrantListingChoicePage,
} from '@contracts/open-creative';
import { api } from '../lib/http';

type Message = { message: string };
export type ManagerFilters = { q: string; skill: string };
export type ManagerProfileForm = {
  headline: string;
  bio: string;
  skills: CreativeSkill[];
  rate_text: string;
  portfolio: string[];
};
export type GrantForm = {
  manager_id: string;
  scopes: DelegationScope[];
  listing_ids: string[] | null;
  expires_at: string | null;
};

/** Page paths of OpenCreative. */
export const openCreativePaths = {
  managers: (filters: Partial<ManagerFilters> = {}, page?: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
    if (page && page > 1) params.set('page', String(page));
    const qs = params.toString();
    return qs ? `/open-creative/managers?${qs}` : '/open-creative/managers';
  },
};

export const openCreativeApi = {
  saveProfile: (body: ManagerProfileForm) =>
    api.put<Message & { manager: CreativeManager }>('/api/open-creative/profile', body),
  removeProfile: () => api.delete<Message>('/api/open-creative/profile'),
  grant: (body: GrantForm) => api.post<Message & { grant: DelegationGrant }>('/api/open-creative/grants', body),
  accept: (id: string) => api.post<Message & { grant: DelegationGrant }>(`/api/open-creative/grants/${id}/accept`),
  decline: (id: string) => api.post<Message & { grant: DelegationGrant }>(`/api/open-creative/grants/${id}/decline`),
  revoke: (id: string) => api.post<Message & { grant: DelegationGrant }>(`/api/open-creative/grants/${id}/revoke`),
  /** The caller's own listings, a page at a time, for scoping a grant. */
  listings: (page = 1) => api.get<GrantListingChoicePage>('/api/open-creative/listings', { query: { page } }),
  activity: (page = 1) => api.get<DelegatedActivityPage>('/api/open-creative/activity', { query: { page } }),
};
