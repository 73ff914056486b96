import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// Every browser has TextEncoder (the draw's hashing library uses it); jsdom does not.
const globals = globalThis as { TextEncoder?: unknown; TextDecoder?: unknown };
globals.TextEncoder ??= TextEncoder;
globals.TextDecoder ??= TextDecoder;

// jsdom gaps that @inertiajs/core and the shell touch at import/render time.
// Typed loosely on purpose: the server tsconfig (no DOM lib) also type-checks this file.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const jsdomWindow = (globalThis as { window?: any }).window;
if (jsdomWindow) {
  if (typeof jsdomWindow.performance.getEntriesByType !== 'function') {
    jsdomWindow.performance.getEntriesByType = () => [];
  }
  if (typeof jsdomWindow.matchMedia !== 'function') {
    // Default: no media query matches (tests that need one replace window.matchMedia).
    jsdomWindow.matchMedia = (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    });
  }
}
