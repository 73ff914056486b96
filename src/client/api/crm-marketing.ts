import type { Page } from '@contracts/common';
import type {
  CampaignArea,
  CampaignCodeJson,
  CampaignJson,
  CodeKind,
  FarmProps,
  GiftJson,
  RedeemedJson,
  RenderedTemplate,
  SendReport,
  TemplateJson,
  TemplateKind,
  UnsubscribeProps,
} from '@contracts/crm-marketing';
import { api } from '../lib/http';

/** Page paths of farm campaigns and their public pages. */
export const farmPaths = {
  analytics: (days: number) => `/leads/analytics?days=${days}`,
  farm: (campaignId?: string, tab?: FarmProps['tab']) => {
    const q = new URLSearchParams();
    if (campaignId) q.set('campaign', campaignId);
    if (tab) q.set('tab', tab);
    const s = q.toString();
    return s ? `/farm?${s}` : '/farm';
  },
};

/** What a lead form sends (the public campaign form, a QR code's form). */
export interface LeadFormValues {
  name: string;
  email: string;
  phone: string;
  message: string;
  consent_version: string;
  website: string;
  [key: string]: string;
}

export const farmApi = {
  create: (body: { name: string; headline: string; area: CampaignArea | null }) =>
    api.post<CampaignJson>('/api/crm/campaigns', body),
  update: (
    id: string,
    body: { name?: string; headline?: string; area?: CampaignArea | null; open_house_ids?: string[] },
  ) => api.put<CampaignJson>(`/api/crm/campaigns/${id}`, body),
  makeCodes: (
    id: string,
    body: { kind: CodeKind; count: number; credits?: number; expires_in_days: number; label: string },
  ) => api.post<{ codes: CampaignCodeJson[] }>(`/api/crm/campaigns/${id}/codes`, body),
  codes: (id: string, page: number) =>
    api.get<Page<CampaignCodeJson>>(`/api/crm/campaigns/${id}/codes`, { query: { page } }),
  gift: (body: { contact_id: string; campaign_id: string | null; description: string; cost_minor: number }) =>
    api.post<GiftJson>('/api/crm/gifts', body),
  submitForm: (slug: string, body: LeadFormValues & { form_token: string }) =>
    api.post<{ redirect: string }>(`/webhooks/crm/forms/${slug}`, body),
  redeemQr: (code: string, body: LeadFormValues) =>
    api.post<{ redirect: string }>(`/api/campaign-codes/${encodeURIComponent(code)}/redeem`, body),
  redeemCredits: (code: string) => api.post<RedeemedJson>(`/api/campaign-codes/${encodeURIComponent(code)}/credits`),
};

export const templatePaths = {
  email: '/email-templates',
  marketing: '/templates',
  emailPage: (page: number) => `/email-templates?page=${page}`,
};

export const templatesApi = {
  create: (body: { kind: TemplateKind; name: string; subject: string; body: string }) =>
    api.post<TemplateJson>('/api/crm/templates', body),
  update: (id: string, body: { kind: TemplateKind; name: string; subject: string; body: string }) =>
    api.put<TemplateJson>(`/api/crm/templates/${id}`, body),
  remove: (id: string) => api.delete<void>(`/api/crm/templates/${id}`),
  preview: (body: { subject: string; body: string; property_slug?: string | null; contact_id?: string | null }) =>
    api.post<RenderedTemplate>('/api/crm/templates/preview', body),
  send: (id: string, body: { stage?: string; tag?: string }) =>
    api.post<SendReport>(`/api/crm/templates/${id}/send`, body),
  /** One email template to one contact (Contacts/Show): suppression list checked, tracked per recipient. */
  sendToContact: (contactId: string, templateId: string) =>
    api.post<SendReport>(`/api/crm/contacts/${contactId}/emails`, { template_id: templateId }),
  unsubscribe: (token: string) => api.post<UnsubscribeProps>(`/webhooks/crm/unsubscribe/${token}`),
};
