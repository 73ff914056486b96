import { useCallback, useRef, useState } from 'react';
import { marketApi, type MarketAnswer } from '@/api/market';
import { marketQuery, type MarketFilters } from '@/components/market/rules';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';

export type { MarketAnswer, MarketResult } from '@/api/market';

/** Runs the market search; the newest request wins. */
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
      const res = await marketApi.search(marketQuery(filters));
      if (mine !== generation.current) return null;
      setAnswer(res);
      setError(null);
      setFieldErrors({});
      return res;
    } catch (e) {
      if (mine !== generation.current) return null;
      setFieldErrors(fieldErrorsOf(e));
      setError(errorMessage(e, 'Search failed'));
      return null;
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  return { answer, loading, error, fieldErrors, search };
}
