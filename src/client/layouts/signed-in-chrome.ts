import { useEffect, useSyncExternalStore } from 'react';
import { logger } from '@/lib/logger';
import type { SignedInChrome } from './parts/SignedInChrome';

export type { SignedInChrome };

let chrome: SignedInChrome | null = null;
let pending: Promise<SignedInChrome> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads AppLayout's signed-in parts (main navigation, bell, team switcher, account menu) once. Guests never download
 * them; the page resolver loads them before a signed-in user's page renders.
 */
export function loadSignedInChrome(): Promise<SignedInChrome> {
  if (chrome) return Promise.resolve(chrome);
  pending ??= import('./parts/SignedInChrome').then(
    (module) => {
      chrome = module.signedInChrome;
      for (const listener of listeners) listener();
      return chrome;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => chrome;

/** The signed-in parts for a signed-in user (null for guests); loads them if the resolver has not. */
export function useSignedInChrome(signedIn: boolean): SignedInChrome | null {
  const loadedChrome = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    if (signedIn && !loadedChrome) {
      loadSignedInChrome().catch((error: unknown) => logger.error('Could not load the navigation', error));
    }
  }, [signedIn, loadedChrome]);
  return signedIn ? loadedChrome : null;
}
