import { mockMatchMedia } from '@/test-utils';
import { acceptConsent, COOKIE_CONSENT_KEY, hasConsent, needsConsentBanner } from './consent';
import { isInstalledApp } from './installed-app';

describe('cookie consent (spec 4)', () => {
  let restore: () => void = () => undefined;
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    restore();
    delete (window.navigator as { standalone?: boolean }).standalone;
  });

  it('needs the banner in a browser tab until accepted', () => {
    expect(needsConsentBanner()).toBe(true);
    acceptConsent();
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('accepted');
    expect(needsConsentBanner()).toBe(false);
  });

  it('is accepted automatically in installed-app mode (display-mode standalone)', () => {
    restore = mockMatchMedia(['(display-mode: standalone)']);
    expect(isInstalledApp()).toBe(true);
    expect(needsConsentBanner()).toBe(false);
    expect(hasConsent()).toBe(true);
  });

  it('recognises the iOS home-screen app (navigator.standalone)', () => {
    Object.defineProperty(window.navigator, 'standalone', { value: true, configurable: true });
    expect(needsConsentBanner()).toBe(false);
    expect(hasConsent()).toBe(true);
  });
});
