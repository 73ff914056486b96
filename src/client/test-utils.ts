/** Test helpers for the jsdom project (not shipped: nothing in the app imports this). */

/** Replaces window.matchMedia so the given queries match; returns a restore function. */
export function mockMatchMedia(matchingQueries: string[]): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: matchingQueries.includes(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
