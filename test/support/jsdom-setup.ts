import '@testing-library/jest-dom';

// jsdom gaps that @inertiajs/core and the shell touch at import/render time.
if (typeof window !== 'undefined') {
  if (typeof window.performance.getEntriesByType !== 'function') {
    window.performance.getEntriesByType = (() => []) as Performance['getEntriesByType'];
  }
  if (typeof window.matchMedia !== 'function') {
    // Default: no media query matches (tests that need one replace window.matchMedia).
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
  }
}
