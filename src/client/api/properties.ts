import type { LinkedPage } from '@contracts/common';
import type { Component, Currency, Property, PropertySummary, Upload } from '@contracts/properties';
import { requireSlug, type PublishFilter } from '@/components/property/rules';
import { api } from '../lib/http';

export type EditorStep = 'address' | 'details' | 'price' | 'components' | 'media' | 'publish';

/** The property pages. */
export const propertyPaths = {
  dashboard: '/properties',
  /** The editor before the property exists: its first save creates the draft. */
  create: '/properties/new',
  edit: (slug: string, step?: EditorStep) => `/properties/${slug}/edit${step ? `?step=${step}` : ''}`,
  show: (slug: string) => `/properties/${slug}`,
  openHouses: (listingId: string) => `/listing/${listingId}/open-houses`,
};

export interface PropertyResources {
  property: Property;
  photos: Upload[];
  currencies: Currency[];
  component_types: string[];
}

export interface RealtorDashboard {
  properties: LinkedPage<PropertySummary>;
  counts: Record<PublishFilter, number>;
}

/** The property /api calls. */
export const propertiesApi = {
  /** The editor's first save: creates the draft from the step's fields. */
  create: (fields: Record<string, unknown>) => api.post<{ property: Property }>('/api/properties', fields),
  update: (slug: string, fields: Record<string, unknown>) =>
    api.post<{ property: Property }>(`/api/properties/${slug}`, fields),
  setPublished: (slug: string, publish: boolean) =>
    api.post<{ message: string; publish: boolean }>(`/api/properties/${slug}/publish/`, { publish }),
  /** Refuses to run without a slug ("no property slug available"). */
  resources: (slug: string | null | undefined) => {
    let checked: string;
    try {
      checked = requireSlug(slug);
    } catch (error) {
      return Promise.reject(error);
    }
    return api.get<PropertyResources>(`/api/property/${encodeURIComponent(checked)}/resources`);
  },
  currencies: () => api.get<{ currencies: Currency[] }>('/api/currency/'),
  saveComponent: (id: string, content: Record<string, unknown>) =>
    api.post<{ component: Component }>(`/api/component/${id}`, { content }),
  uploadPhoto: (slug: string, file: File) => {
    const body = new FormData();
    body.append('photo', file);
    return api.post<{ upload: Upload }>(`/api/properties/${slug}/uploads`, body);
  },
  deleteUpload: (id: string) => api.delete(`/api/upload/${id}`),
  realtorDashboard: (query: Record<string, string | number>) =>
    api.get<RealtorDashboard>('/api/properties/dashboard/realtor', { query }),
};
