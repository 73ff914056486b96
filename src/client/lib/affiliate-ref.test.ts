import { AFFILIATE_REF_KEY, captureAffiliateRef, readAffiliateRef, watchAffiliateRef } from './affiliate-ref';
import { setLogLevel } from './logger';

const stored = () => JSON.parse(localStorage.getItem(AFFILIATE_REF_KEY) ?? 'null');

describe('affiliate ref capture (spec 4)', () => {
  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('stores the ref from the URL with the time (ms) and source "url"', () => {
    captureAffiliateRef('https://reelty.test/listings?ref=agent42', localStorage, () => 1_700_000_000_000);
    expect(stored()).toEqual({ ref: 'agent42', timestamp: 1_700_000_000_000, source: 'url' });
  });

  it('overwrites an earlier ref', () => {
    captureAffiliateRef('/?ref=first', localStorage, () => 1);
    captureAffiliateRef('/feed?ref=second', localStorage, () => 2);
    expect(stored()).toEqual({ ref: 'second', timestamp: 2, source: 'url' });
  });

  it('keeps the stored ref when the URL has none', () => {
    captureAffiliateRef('/?ref=keepme', localStorage, () => 5);
    const result = captureAffiliateRef('/market?page=2', localStorage, () => 9);
    expect(result).toEqual({ ref: 'keepme', timestamp: 5, source: 'url' });
    expect(stored()).toEqual({ ref: 'keepme', timestamp: 5, source: 'url' });
  });

  it('ignores an empty ref', () => {
    captureAffiliateRef('/?ref=', localStorage);
    expect(readAffiliateRef()).toBeNull();
  });

  it('only logs an error when storing fails', () => {
    setLogLevel('warn');
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => captureAffiliateRef('/?ref=x')).not.toThrow();
    expect(error).toHaveBeenCalledWith('[reelty]', 'Could not store the affiliate ref', expect.any(Error));
    setItem.mockRestore();
    error.mockRestore();
  });

  it('checks at load, on each navigation and on back/forward', () => {
    let navigate: ((url: string) => void) | undefined;
    window.history.replaceState(null, '', '/?ref=onload');
    const stop = watchAffiliateRef((listener) => {
      navigate = listener;
      return () => (navigate = undefined);
    });
    expect(stored().ref).toBe('onload');

    navigate!('/listings?ref=navigated');
    expect(stored().ref).toBe('navigated');

    window.history.replaceState(null, '', '/?ref=popped');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(stored().ref).toBe('popped');

    stop();
    expect(navigate).toBeUndefined();
    window.history.replaceState(null, '', '/?ref=after-stop');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(stored().ref).toBe('popped');
  });
});
