/** Test helpers for the jsdom project (not shipped: nothing in the app imports this). */
import { createElement, type ReactNode } from 'react';

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

/** A fetch Response answering `body` as JSON with `status`. */
export function jsonResponse(status: number, body: unknown): Response {
  return {
    ok: status < 400,
    status,
    statusText: '',
    headers: new Headers({ 'content-type': 'application/json' }),
    text: async () => JSON.stringify(body),
  } as Response;
}

/**
 * A stand-in for @inertiajs/react on page `url` with a signed-in user: no <Head>, router.visit a mock, Link a plain
 * anchor; everything else the real module. Use inside jest.mock's factory (which may only require):
 *   jest.mock('@inertiajs/react', () => require('@/test-utils').inertiaOnPage('/designer'));
 */
export function inertiaOnPage(url: string) {
  return {
    ...jest.requireActual('@inertiajs/react'),
    usePage: () => ({
      url,
      props: { appName: 'Reelty', auth: { user: { id: 'me', name: 'Me' } }, errors: {}, csrfToken: 't' },
    }),
    Head: () => null,
    router: { visit: jest.fn() },
    Link: ({ children, href }: { children: ReactNode; href: string }) => createElement('a', { href }, children),
  };
}
