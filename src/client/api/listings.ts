import type { LinkedPage } from '@contracts/common';
import type { Listing } from '@contracts/listings';
import { api } from '../lib/http';

export interface ListingsDashboardPage {
  success: boolean;
  message: string;
  listings: LinkedPage<Listing>;
}

/** The listing pages. */
export const listingPaths = {
  dashboard: '/listings',
  show: (id: string) => `/listing/${id}`,
};

/** The listing /api calls. */
export const listingsApi = {
  dashboard: (query: Record<string, string | number>) =>
    api.get<ListingsDashboardPage>('/api/listings/dashboard', { query }),
  /** A further page, from the next-page address the previous answer gave. */
  nextPage: (nextPageUrl: string) => api.get<ListingsDashboardPage>(nextPageUrl),
};
