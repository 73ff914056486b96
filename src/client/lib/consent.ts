import { isInstalledApp } from './installed-app';
import { logger } from './logger';

/**
 * Cookie consent (spec 4): required until the visitor accepts; in installed-app
 * mode it is recorded as accepted automatically and no banner is shown.
 */
export const COOKIE_CONSENT_KEY = 'cookie_consent';
export const CONSENT_ACCEPTED = 'accepted';

export function hasConsent(storage: Storage = localStorage): boolean {
  try {
    return storage.getItem(COOKIE_CONSENT_KEY) === CONSENT_ACCEPTED;
  } catch {
    return false;
  }
}

export function acceptConsent(storage: Storage = localStorage): void {
  try {
    storage.setItem(COOKIE_CONSENT_KEY, CONSENT_ACCEPTED);
  } catch (error) {
    logger.error('Could not store cookie consent', error);
  }
}

/** Decides at start-up whether the banner is needed, auto-accepting in installed-app mode. */
export function needsConsentBanner(win: Window = window, storage: Storage = localStorage): boolean {
  if (isInstalledApp(win)) {
    if (!hasConsent(storage)) acceptConsent(storage);
    return false;
  }
  return !hasConsent(storage);
}
