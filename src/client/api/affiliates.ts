import type {
  AffiliateJson,
  AffiliateLinkJson,
  BalanceJson,
  CommissionJson,
  GuidelinesJson,
  MaterialJson,
  PayoutBatchJson,
  PayoutJson,
  PayoutPreviewJson,
  TaxFormJson,
} from '@contracts/affiliates';
import type { Page } from '@contracts/common';
import { api } from '../lib/http';

/** Pages of the affiliate programme (the server owns the routes; these are the paths it serves). */
export const affiliatePaths = {
  landing: '/affiliate',
  signup: '/affiliate/signup',
  dashboard: '/affiliate/dashboard',
  links: '/affiliate/links',
  referrals: '/affiliate/referrals',
  payouts: '/affiliate/payouts',
  documents: '/affiliate/documents',
  materials: '/affiliate/marketing-materials',
  recruitment: '/affiliate/recruitment',
  recruits: '/affiliate/recruits',
  userPayouts: '/user/payouts',
  admin: '/admin/affiliates',
  adminAffiliate: (id: string, page?: number) => `/admin/affiliates/${id}${page ? `?page=${page}` : ''}`,
  adminPayouts: '/admin/payouts',
  batchCsv: (batchId: string) => `/admin/payouts/batches/${batchId}/export.csv`,
  taxFormUpload: (affiliateId: string, expires: string, signature: string) =>
    `/tax-form/${affiliateId}?expires=${encodeURIComponent(expires)}&signature=${encodeURIComponent(signature)}`,
};

export interface ApplyInput extends Record<string, unknown> {
  website: string;
  audience: string;
  payout_method: 'manual' | 'paypal' | 'crypto';
  payout_destination: string;
  payout_destination_confirmation: string;
  accepted_guidelines_version: number;
  recruiter_code: string;
}

const withoutEmpty = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== null && v !== undefined));

export const affiliatesApi = {
  apply: (input: ApplyInput) =>
    api.post<{ affiliate: AffiliateJson }>('/api/affiliate/applications', withoutEmpty(input)),
  acceptGuidelines: (version: number) =>
    api.post<{ affiliate: AffiliateJson }>('/api/affiliate/guidelines/accept', { version }),
  payoutSettings: (input: Record<string, unknown>) =>
    api.put<{ affiliate: AffiliateJson }>('/api/affiliate/payout-settings', withoutEmpty(input)),
  links: (page: number) => api.get<Page<AffiliateLinkJson>>('/api/affiliate/links', { query: { page } }),
  createLink: (input: { destination: string; campaign: string }) =>
    api.post<{ link: AffiliateLinkJson }>('/api/affiliate/links', withoutEmpty(input)),
  commissions: (page: number) => api.get<Page<CommissionJson>>('/api/affiliate/commissions', { query: { page } }),
  balance: () => api.get<{ balance: BalanceJson }>('/api/affiliate/balance'),
  payouts: (page: number) => api.get<Page<PayoutJson>>('/api/affiliate/payouts', { query: { page } }),
  uploadTaxForm: (kind: string, file: File) => {
    const body = new FormData();
    body.append('kind', kind);
    body.append('file', file);
    return api.post<{ tax_form: TaxFormJson }>('/api/affiliate/tax-forms', body);
  },
  uploadTaxFormByLink: (affiliateId: string, expires: string, signature: string, kind: string, file: File) => {
    const body = new FormData();
    body.append('kind', kind);
    body.append('file', file);
    return api.post<{ tax_form: TaxFormJson }>(affiliatePaths.taxFormUpload(affiliateId, expires, signature), body);
  },
};

export const affiliatesAdminApi = {
  list: (query: { status?: string; search?: string; page?: number }) =>
    api.get<Page<AffiliateJson>>('/api/admin/affiliates', { query }),
  approve: (id: string) => api.post<{ affiliate: AffiliateJson }>(`/api/admin/affiliates/${id}/approve`),
  reject: (id: string, reason: string) =>
    api.post<{ affiliate: AffiliateJson }>(`/api/admin/affiliates/${id}/reject`, { reason }),
  ban: (id: string, reason: string) =>
    api.post<{ affiliate: AffiliateJson }>(`/api/admin/affiliates/${id}/ban`, { reason }),
  unban: (id: string) => api.post<{ affiliate: AffiliateJson }>(`/api/admin/affiliates/${id}/unban`),
  setMinimum: (id: string, minimumMinor: number | null) =>
    api.put<{ affiliate: AffiliateJson }>(`/api/admin/affiliates/${id}/minimum`, {
      minimum_payout_minor: minimumMinor,
    }),
  releaseCommission: (id: string, reason: string) =>
    api.post<{ commission: CommissionJson }>(`/api/admin/affiliates/commissions/${id}/release`, { reason }),
  taxLink: (id: string) => api.post<{ sent: boolean }>(`/api/admin/affiliates/${id}/tax-link`),
  publishGuidelines: (body: string) =>
    api.post<{ guidelines: GuidelinesJson }>('/api/admin/affiliates/guidelines', { body }),
  addMaterial: (title: string, body: string, image: File | null) => {
    const form = new FormData();
    form.append('title', title);
    if (body) form.append('body', body);
    if (image) form.append('image', image);
    return api.post<{ material: MaterialJson }>('/api/admin/affiliates/materials', form);
  },
  reviewTaxForm: (id: string, status: 'approved' | 'rejected') =>
    api.post<{ tax_form: TaxFormJson }>(`/api/admin/affiliates/tax-forms/${id}/review`, { status }),
  dismissFlag: (id: string) => api.post(`/api/admin/affiliates/flags/${id}/dismiss`),
  previewBatch: () => api.post<{ preview: PayoutPreviewJson }>('/api/admin/payouts/batches'),
  confirmBatch: (id: string) => api.post<{ batch: PayoutBatchJson }>(`/api/admin/payouts/batches/${id}/confirm`),
  batches: (page: number) => api.get<Page<PayoutBatchJson>>('/api/admin/payouts/batches', { query: { page } }),
  batchPayouts: (id: string, page: number) =>
    api.get<Page<PayoutJson>>(`/api/admin/payouts/batches/${id}/payouts`, { query: { page } }),
  bankReceived: (batchId: string) =>
    api.post<{ batch: PayoutBatchJson }>(`/api/admin/payouts/batches/${batchId}/bank-received`),
  bankReturned: (payoutId: string, reason: string) =>
    api.post<{ batch: PayoutBatchJson }>(`/api/admin/payouts/${payoutId}/bank-returned`, { reason }),
  retryPayout: (id: string) => api.post<{ message: string; payout: PayoutJson }>(`/api/admin/payouts/${id}/retry`),
};
