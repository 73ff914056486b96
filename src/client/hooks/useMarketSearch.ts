import { useCallback, useState } from 'react';
import { marketApi, type MarketAnswer } from '@/api/market';
import { marketQuery, type MarketFilters } from '@/components/market/rules';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { useNewestRequest } from './useNewestRequest';

export type { MarketAnswer, MarketResult } from '@/api/market';

/** Runs the market search; the newest request wins. */
export function useMarketSearch() {
  const [answer, setAnswer] = useState<MarketAnswer | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const requests = useNewestRequest();

  const search = useCallback(
    async (filters: MarketFilters): Promise<MarketAnswer | null> => {
      const newest = requests.start();
      setLoading(true);
      try {
        const res = await marketApi.search(marketQuery(filters));
        if (!newest()) return null;
        setAnswer(res);
        setError(null);
        setFieldErrors({});
        return res;
      } catch (e) {
        if (!newest()) return null;
        setFieldErrors(fieldErrorsOf(e));
        setError(errorMessage(e, 'Search failed'));
        return null;
      } finally {
        if (newest()) setLoading(false);
      }
    },
    [requests],
  );

  return { answer, loading, error, fieldErrors, search };
}
