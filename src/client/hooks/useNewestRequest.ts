import { useMemo, useRef } from 'react';

/** Asks whether the request it was handed to is still the newest one. */
export type StillNewest = () => boolean;

/**
 * The newest request wins: an answer that arrives after a newer request was started is dropped,
 * so a filter changed while the first page was still loading never shows the old filter's list.
 * `start()` opens a new request; `join()` belongs to the current one (a "load more" of the same list).
 */
export function useNewestRequest() {
  const generation = useRef(0);
  return useMemo(() => {
    const tracker =
      (mine: number): StillNewest =>
      () =>
        mine === generation.current;
    return {
      start: () => tracker(++generation.current),
      join: () => tracker(generation.current),
    };
  }, []);
}
