import { useCallback, useRef, useState } from 'react';
import type { FeedPage, Spot } from '@contracts/video';
import { videoApi } from '@/api/video';
import { logger } from '@/lib/logger';

export interface Feed {
  spots: Spot[];
  hasMore: boolean;
  loading: boolean;
  loadMore(): Promise<void>;
}

/**
 * The swipe feed's infinite paging over GET /api/feed, starting from the server-rendered first page: each next
 * page continues below the last spot shown (keyset cursor), so spots published meanwhile never repeat one.
 */
export function useFeed(initial: FeedPage): Feed {
  const [spots, setSpots] = useState<Spot[]>(initial.data);
  const [page, setPage] = useState(initial.current_page);
  const [cursor, setCursor] = useState(initial.next_cursor);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);

  const loadMore = useCallback(async () => {
    if (busy.current || !cursor) return;
    busy.current = true;
    setLoading(true);
    try {
      const next = await videoApi.feedPage(page + 1, cursor);
      setSpots((existing) => {
        const seen = new Set(existing.map((s) => s.id));
        return [...existing, ...next.data.filter((s) => !seen.has(s.id))];
      });
      setPage(next.current_page);
      setCursor(next.next_cursor);
    } catch (error) {
      logger.warn('feed page failed', error);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [page, cursor]);

  return { spots, hasMore: cursor !== null, loading, loadMore };
}
