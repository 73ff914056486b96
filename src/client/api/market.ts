import type {
  FairHousingWarning,
  MarketSearchAnswer as MarketAnswer,
  PropertyInsights,
  SavedSearch,
} from '@contracts/market';
import { api } from '../lib/http';

export type { MarketResult, MarketSearchAnswer as MarketAnswer, SavedSearch } from '@contracts/market';

export interface GeocodedPlace {
  lat: number;
  lng: number;
  label: string;
  country_code: string | null;
  /** Set when only the town was found for a street address: the pin is its centre, not the house. */
  note?: string | null;
}

/** The market pages. */
export const marketPaths = { search: '/market' };

/** Saved-search pages reached from emails. */
export const savedSearchPaths = { unsubscribe: (token: string) => `/saved-searches/unsubscribe/${token}` };

export type AlertEmails = 'instant' | 'daily' | 'off';

/** The market /api calls: radius search, geocoding, saved searches. */
export const marketApi = {
  /** "Open house this weekend" is read in the browser's time zone (the server falls back to the user's, else UTC). */
  search: (query: Record<string, string | number>) =>
    api.get<MarketAnswer>('/api/market/search', {
      query: query.open_house ? { tz: Intl.DateTimeFormat().resolvedOptions().timeZone, ...query } : query,
    }),
  geocode: (q: string) => api.get<{ results: GeocodedPlace[] }>('/api/market/geocode', { query: { q } }),
  savedSearches: () => api.get<{ saved_searches: SavedSearch[] }>('/api/market/saved-searches'),
  /** Blank filters ("Any type") are left out: the server validates every value it is sent. */
  saveSearch: (name: string, params: Record<string, unknown>) =>
    api.post<{ saved_search: SavedSearch }>('/api/market/saved-searches', {
      name,
      params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '' && v !== null && v !== undefined)),
    }),
  /** Place names for the offline basemap inside a bounding box; `P` is the map's place shape. */
  basemap: <P>(box: { south: number; north: number; west: number; east: number; limit: number }) =>
    api.get<{ places: P[] }>('/api/market/basemap', { query: box }),
  deleteSavedSearch: (id: string) => api.delete(`/api/market/saved-searches/${id}`),
  setSavedSearchAlerts: (id: string, alerts: boolean) =>
    api.patch<{ saved_search: SavedSearch }>(`/api/market/saved-searches/${id}`, { alerts }),
  alertSettings: () => api.get<{ email: AlertEmails }>('/api/saved-searches/settings'),
  /** The property page's history, demand and calculator defaults; `recordView` counts this visit. */
  insights: (propertyId: string) => api.get<PropertyInsights>(`/api/property-insights/${propertyId}`),
  recordView: (propertyId: string) =>
    api.post<{ views_this_week: number }>(`/api/property-insights/${propertyId}/views`),
  /** Phrases in a listing description commonly flagged under fair-housing rules. */
  fairHousingCheck: (text: string) => api.post<{ warnings: FairHousingWarning[] }>('/api/fair-housing/check', { text }),
  setAlertSettings: (email: AlertEmails) => api.put<{ email: AlertEmails }>('/api/saved-searches/settings', { email }),
};
