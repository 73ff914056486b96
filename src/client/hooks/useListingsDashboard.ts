import { useCallback, useEffect, useState } from 'react';
import { listingsApi } from '@/api/listings';
import type { Listing } from '@contracts/listings';
import {
  dashboardQuery,
  type DashboardFilters,
  LISTINGS_FETCH_ERROR,
  LISTINGS_MORE_ERROR,
} from '@/components/property/rules';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useNewestRequest } from './useNewestRequest';

/**
 * Listings dashboard with incremental paging: the first page from GET /api/listings/dashboard,
 * further pages from the next-page route the server supplies (spec 7). Failures keep the spec 8
 * messages (the HTTP client stores the API error itself).
 */
export function useListingsDashboard(filters: DashboardFilters) {
  const [listings, setListings] = useState<Listing[]>([]);
  const [nextUrl, setNextUrl] = useState<string | null>(null);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const requests = useNewestRequest();
  const key = JSON.stringify(dashboardQuery(filters));

  const reload = useCallback(async () => {
    const newest = requests.start();
    setLoading(true);
    setError(null);
    try {
      const res = await listingsApi.dashboard(JSON.parse(key));
      if (!newest()) return;
      setListings(res.listings.data);
      setNextUrl(res.listings.next_page_url);
      setTotal(res.listings.total);
    } catch (e) {
      if (!newest()) return;
      const message = errorMessage(e, LISTINGS_FETCH_ERROR);
      setError(message);
      notify.error(message);
    } finally {
      if (newest()) setLoading(false);
    }
  }, [key, requests]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const loadMore = useCallback(async () => {
    if (!nextUrl || loadingMore || loading) return;
    const newest = requests.join();
    setLoadingMore(true);
    try {
      const res = await listingsApi.nextPage(nextUrl);
      if (!newest()) return;
      setListings((current) => {
        const seen = new Set(current.map((l) => l.id));
        return [...current, ...res.listings.data.filter((l) => !seen.has(l.id))];
      });
      setNextUrl(res.listings.next_page_url);
      setTotal(res.listings.total);
    } catch (e) {
      const message = errorMessage(e, LISTINGS_MORE_ERROR);
      setError(message);
      notify.error(message);
    } finally {
      setLoadingMore(false);
    }
  }, [nextUrl, loadingMore, loading, requests]);

  return { listings, total, loading, loadingMore, error, hasMore: !!nextUrl, loadMore, reload };
}
