/** Test helpers for the jsdom project (not shipped: nothing in the app imports this). */
import type { Design } from '@contracts/designs';
import type { AuthUser } from '@contracts/users';
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

/** A fetch Response answering `body` as JSON with `status` (no body: an empty one). jsdom has no Response. */
export function jsonResponse(status: number, body: unknown): Response {
  return {
    ok: status < 400,
    status,
    statusText: '',
    headers: new Headers({ 'content-type': 'application/json' }),
    text: async () => (body === undefined ? '' : JSON.stringify(body)),
  } as Response;
}

/** The promise fetch gives for `jsonResponse(status, body)`, for fetch mocks. */
export const respondJson = (status: number, body: unknown): Promise<Response> =>
  Promise.resolve(jsonResponse(status, body));

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

/** A design as the API answers it: a pending 1024x768 generation, with `over` on top. */
export const aDesign = (over: Partial<Design> = {}): Design => ({
  id: 'd1',
  image: null,
  high_res_image: null,
  original_image: '/media/designs/u/d1/o.jpg',
  generatedDesigns: [],
  options: {},
  prompt: null,
  status: 'pending',
  progress: 0,
  current_step: null,
  progress_steps: [],
  failure_reason: null,
  job_kind: 'generate',
  created_at: '2026-01-01T00:00:00Z',
  image_width: 1024,
  image_height: 768,
  image_orientation: 'landscape',
  favorite: false,
  provider: 'local',
  shared: false,
  share_url: null,
  ...over,
});

/** A signed-in user as the `auth.user` shared prop carries them, with `over` on top. */
export const aUser = (over: Partial<AuthUser> = {}): AuthUser => ({
  id: 'u1',
  name: 'Ana Realtor',
  email: 'ana@example.com',
  handle: 'ana',
  type: 'realtor',
  role: 'user',
  emailVerifiedAt: null,
  avatarUrl: null,
  twoFactorEnabled: false,
  bio: null,
  timezone: 'UTC',
  ...over,
});
