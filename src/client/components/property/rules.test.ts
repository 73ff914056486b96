import { ApiError } from '@/lib/http';
import { errorMessage } from '@/lib/errors';
import { dashboardQuery, formatPrice, LISTINGS_FETCH_ERROR, NO_SLUG_MESSAGE, requireSlug } from './rules';
import { shareUrl } from '../listing/share';

describe('dashboard filters (spec 5)', () => {
  it('omits a publish filter of all, trims search and drops empty values', () => {
    expect(dashboardQuery({ publish: 'all', search: '  loft  ', sort: 'newest', count: 12 })).toEqual({
      search: 'loft',
      sort: 'newest',
      count: 12,
    });
    expect(dashboardQuery({ publish: 'draft', search: '   ', sort: '', count: '' })).toEqual({ publish: 'draft' });
    expect(dashboardQuery({ publish: null, search: null, sort: null, count: null })).toEqual({});
    expect(dashboardQuery({ publish: 'published', page: 3 })).toEqual({ publish: 'published', page: 3 });
  });
});

describe('property slug rule (spec 5)', () => {
  it('refuses to load resources without a slug', () => {
    expect(() => requireSlug(undefined)).toThrow(NO_SLUG_MESSAGE);
    expect(() => requireSlug('  ')).toThrow('no property slug available');
    expect(requireSlug('sunny-loft-abc123')).toBe('sunny-loft-abc123');
  });
});

describe('error messages (spec 8)', () => {
  it("uses the server's message, then its error, then the fallback", () => {
    expect(errorMessage(new ApiError('x', 429, { message: 'Slow down' }), LISTINGS_FETCH_ERROR)).toBe('Slow down');
    expect(errorMessage(new ApiError('x', 500, { error: 'Boom' }), LISTINGS_FETCH_ERROR)).toBe('Boom');
    expect(errorMessage(new ApiError('Bad Gateway', 502, null), LISTINGS_FETCH_ERROR)).toBe('Failed to fetch listings');
  });
});

describe('prices', () => {
  it('formats decimal strings exactly', () => {
    expect(formatPrice('1250000.50', 'USD')).toBe('$1,250,000.50');
    expect(formatPrice('999999999999.99', 'EUR')).toBe('€999,999,999,999.99');
    expect(formatPrice('450000.00', 'USD')).toBe('$450,000');
    expect(formatPrice('12.5', 'BTC')).toBe('12.50 BTC');
    expect(formatPrice(null, 'USD')).toBe('Price on request');
  });
});

describe('share links (spec 5)', () => {
  it('builds known networks and refuses unknown ones', () => {
    expect(shareUrl('facebook', 'https://x.test/p')).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fx.test%2Fp',
    );
    expect(() => shareUrl('myspace', 'https://x.test/p')).toThrow('Network myspace does not exist');
  });
});
