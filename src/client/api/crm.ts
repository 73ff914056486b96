import type { Page } from '@contracts/common';
import type {
  ContactJson,
  ContactShowProps,
  ContactStage,
  CrmSettingsJson,
  DisputeKind,
  ImportReport,
  LeadJson,
  MaskedOfferJson,
  PurchaseJson,
  RoutingRuleJson,
} from '@contracts/crm';
import { api } from '../lib/http';

/** Page paths of the CRM. */
export const crmPaths = {
  contacts: '/contacts',
  contact: (id: string) => `/contacts/${id}`,
  myLeads: '/leads',
  routing: '/leads/routing',
  marketplace: (page = 1) => (page > 1 ? `/leads/marketplace?page=${page}` : '/leads/marketplace'),
  export: '/api/crm/contacts/export',
};

export const crmApi = {
  search: (q: string) => api.get<Page<ContactJson>>('/api/crm/contacts', { query: { q, per_page: 8 } }),
  consent: () => api.get<{ version: string; text: string }>('/api/crm/consent'),
  inquire: (
    propertyId: string,
    body: { name: string; email: string; phone: string; message: string; consent_version: string; website: string },
  ) => api.post<{ message: string }>(`/api/crm/properties/${propertyId}/inquiries`, body),
  note: (id: string, body: string) => api.post<ContactShowProps>(`/api/crm/contacts/${id}/notes`, { body }),
  stage: (id: string, stage: ContactStage) => api.put<ContactShowProps>(`/api/crm/contacts/${id}/stage`, { stage }),
  tags: (id: string, tags: string[]) => api.put<ContactShowProps>(`/api/crm/contacts/${id}/tags`, { tags }),
  addTask: (id: string, body: { title: string; due_at: string }) =>
    api.post<ContactShowProps>(`/api/crm/contacts/${id}/tasks`, body),
  taskDone: (taskId: string, done: boolean) => api.put<ContactShowProps>(`/api/crm/tasks/${taskId}`, { done }),
  merge: (id: string, mergeId: string) =>
    api.post<{ merge_id: string }>(`/api/crm/contacts/${id}/merge`, { merge_id: mergeId }),
  undoMerge: (mergeId: string) => api.post<{ contact_id: string }>(`/api/crm/merges/${mergeId}/undo`),
  importCsv: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<ImportReport>('/api/crm/contacts/import', form);
  },
  claim: (leadId: string) => api.post<{ lead: LeadJson }>(`/api/crm/leads/${leadId}/claim`),
  contacted: (leadId: string) => api.post<{ lead: LeadJson }>(`/api/crm/leads/${leadId}/contacted`),
  paused: (paused: boolean) => api.put<{ paused: boolean }>('/api/crm/me/paused', { paused }),
  rules: () => api.get<{ rules: RoutingRuleJson[] }>('/api/crm/routing-rules'),
  saveRules: (rules: Array<Omit<RoutingRuleJson, 'id' | 'position'>>) =>
    api.put<{ rules: RoutingRuleJson[] }>('/api/crm/routing-rules', { rules }),
  settings: () => api.get<CrmSettingsJson>('/api/crm/settings'),
  offerLead: (
    leadId: string,
    body: { price_credits?: number; price_minor?: number; currency?: string; timeline: string; max_buyers?: number },
  ) => api.post<MaskedOfferJson>(`/api/crm/leads/${leadId}/offer`, body),
  claimOffer: (offerId: string) => api.post<PurchaseJson>(`/api/crm/marketplace/${offerId}/claim`),
  /** A money-priced offer: the commerce variant to put in the cart. */
  buyOffer: (offerId: string) =>
    api.post<{ product_slug: string; variant_id: string }>(`/api/crm/marketplace/${offerId}/purchase`),
  disputeOffer: (offerId: string, reason: string, kind: DisputeKind) =>
    api.post<PurchaseJson>(`/api/crm/marketplace/${offerId}/dispute`, { reason, kind }),
  purchases: (page: number) => api.get<Page<PurchaseJson>>('/api/crm/marketplace/purchases', { query: { page } }),
};

/** The agent's live lead channel and its events (names as the server broadcasts them). */
export const crmLive = {
  agentChannel: (userId: string) => `crm.agent.${userId}`,
  routed: '.lead.routed',
  claimed: '.lead.claimed',
};
