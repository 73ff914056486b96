import { useCallback, useRef, useState } from 'react';
import type { PropertySummary } from '@contracts/properties';
import type { LinkedPage } from '@contracts/common';
import { marketQuery, type MarketFilters } from '@/components/market/rules';
import { apiErrorMessage } from '@/components/property/rules';
import { api } from '@/lib/http';

export interface MarketResult extends PropertySummary {
  distance_miles: number;
}

export interface MarketAnswer {
  center: { lat: number; lng: number; label: string | null; note?: string | null };
  radius: number;
  unit: 'mi';
  /** `total_is_capped`: there are more than `total` matches (shown as "1,000+"). */
  results: LinkedPage<MarketResult> & { total_is_capped?: boolean };
}

/** Runs GET /api/market/search; the newest request wins. */
export function useMarketSearch() {
  const [answer, setAnswer] = useState<MarketAnswer | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const generation = useRef(0);

  const search = useCallback(async (filters: MarketFilters): Promise<MarketAnswer | null> => {
    const mine = ++generation.current;
    setLoading(true);
    try {
      const res = await api.get<MarketAnswer>('/api/market/search', { query: marketQuery(filters) });
      if (mine !== generation.current) return null;
      setAnswer(res);
      setError(null);
      setFieldErrors({});
      return res;
    } catch (e) {
      if (mine !== generation.current) return null;
      const errors = (e as { fieldErrors?: Record<string, string[] | string> }).fieldErrors ?? {};
      setFieldErrors(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])));
      setError(apiErrorMessage(e, 'Search failed'));
      return null;
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  return { answer, loading, error, fieldErrors, search };
}
