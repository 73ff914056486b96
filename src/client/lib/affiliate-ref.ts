import { logger } from './logger';

/**
 * Affiliate referral capture (spec 4): when the address carries `?ref=…` the
 * value is stored with the current time and source "url", replacing any earlier
 * one; without it the stored value is kept. Checked at load, after each Inertia
 * navigation and on back/forward. A storage failure is only logged (spec 8).
 */
export const AFFILIATE_REF_KEY = 'affiliate_ref';

export interface StoredAffiliateRef {
  ref: string;
  /** Milliseconds since the epoch (Date.now()). */
  timestamp: number;
  source: 'url';
}

function refFromUrl(url: string): string | null {
  try {
    const value = new URL(url, 'http://localhost').searchParams.get('ref');
    return value && value.trim() ? value.trim() : null;
  } catch {
    return null;
  }
}

export function readAffiliateRef(storage: Storage = localStorage): StoredAffiliateRef | null {
  try {
    const raw = storage.getItem(AFFILIATE_REF_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredAffiliateRef>;
    return typeof parsed.ref === 'string' ? (parsed as StoredAffiliateRef) : null;
  } catch (error) {
    logger.error('Could not read the affiliate ref', error);
    return null;
  }
}

/** Stores the URL's ref if present; returns what is stored afterwards. */
export function captureAffiliateRef(
  url: string = window.location.href,
  storage: Storage = localStorage,
  now: () => number = Date.now,
): StoredAffiliateRef | null {
  const ref = refFromUrl(url);
  if (!ref) return readAffiliateRef(storage);

  const entry: StoredAffiliateRef = { ref, timestamp: now(), source: 'url' };
  try {
    storage.setItem(AFFILIATE_REF_KEY, JSON.stringify(entry));
  } catch (error) {
    logger.error('Could not store the affiliate ref', error);
  }
  return entry;
}

/** A source of "the URL changed" signals, e.g. Inertia's router.on('navigate'). */
export type NavigationSubscriber = (onNavigate: (url: string) => void) => () => void;

/** Checks now, on every navigation and on popstate. Returns a function that stops listening. */
export function watchAffiliateRef(subscribeToNavigation?: NavigationSubscriber): () => void {
  captureAffiliateRef();
  const onPopState = () => captureAffiliateRef();
  window.addEventListener('popstate', onPopState);
  const stopNavigation = subscribeToNavigation?.((url) => captureAffiliateRef(url));
  return () => {
    window.removeEventListener('popstate', onPopState);
    stopNavigation?.();
  };
}
