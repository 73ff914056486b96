import { useCallback, useRef, useState } from 'react';
import type { Page } from '@contracts/common';
import type { Spot } from '@contracts/video';
import { videoApi } from '@/api/video';
import { logger } from '@/lib/logger';

export interface Feed {
  spots: Spot[];
  hasMore: boolean;
  loading: boolean;
  loadMore(): Promise<void>;
}

/** The swipe feed's infinite paging over GET /api/feed, starting from the server-rendered first page. */
export function useFeed(initial: Page<Spot>): Feed {
  const [spots, setSpots] = useState<Spot[]>(initial.data);
  const [page, setPage] = useState(initial.current_page);
  const [lastPage, setLastPage] = useState(initial.last_page);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);

  const loadMore = useCallback(async () => {
    if (busy.current || page >= lastPage) return;
    busy.current = true;
    setLoading(true);
    try {
      const next = await videoApi.feedPage(page + 1);
      setSpots((existing) => {
        const seen = new Set(existing.map((s) => s.id));
        return [...existing, ...next.data.filter((s) => !seen.has(s.id))];
      });
      setPage(next.current_page);
      setLastPage(next.last_page);
    } catch (error) {
      logger.warn('feed page failed', error);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [page, lastPage]);

  return { spots, hasMore: page < lastPage, loading, loadMore };
}
