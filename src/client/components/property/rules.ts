/**
 * Client rules of spec 5 and 8 for properties and listings, as small pure functions.
 */

export type PublishFilter = 'all' | 'draft' | 'published' | 'archived';

export interface DashboardFilters {
  publish?: PublishFilter | string | null;
  search?: string | null;
  sort?: string | null;
  count?: number | string | null;
  page?: number | null;
  /** mine (default, not sent) or team: the current team's records. */
  scope?: 'mine' | 'team' | null;
}

/** spec 5: a publish filter of `all` is omitted, search is trimmed, empty values are not sent. */
export function dashboardQuery(filters: DashboardFilters): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  if (filters.publish && filters.publish !== 'all') query.publish = filters.publish;
  const search = typeof filters.search === 'string' ? filters.search.trim() : '';
  if (search) query.search = search;
  if (filters.sort) query.sort = filters.sort;
  if (filters.count !== null && filters.count !== undefined && filters.count !== '')
    query.count = Number(filters.count);
  if (filters.page) query.page = filters.page;
  if (filters.scope === 'team') query.scope = 'team';
  return query;
}

export const NO_SLUG_MESSAGE = 'no property slug available';

/** spec 5: loading property resources fails when no slug is set. */
export function requireSlug(slug: string | null | undefined): string {
  if (!slug || !slug.trim()) throw new Error(NO_SLUG_MESSAGE);
  return slug;
}

export const LISTINGS_FETCH_ERROR = 'Failed to fetch listings';
export const LISTINGS_MORE_ERROR = 'Failed to fetch more listings';

/** "1250000.5" + USD → "$1,250,000.50" without going through a float. */
export function formatPrice(
  price: string | null | undefined,
  currency: string,
  symbols: Record<string, string> = DEFAULT_SYMBOLS,
): string {
  if (price === null || price === undefined || price === '') return 'Price on request';
  const [whole, fraction = ''] = String(price).split('.');
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = fraction.replace(/0+$/, '') ? `.${(fraction + '00').slice(0, 2)}` : '';
  const symbol = symbols[currency];
  return symbol ? `${symbol}${grouped}${cents}` : `${grouped}${cents} ${currency}`;
}

export const DEFAULT_SYMBOLS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  CAD: 'CA$',
  AUD: 'A$',
  MXN: 'MX$',
  JPY: '¥',
};

export const PUBLISH_TABS: Array<{ value: PublishFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: 'Drafts' },
  { value: 'published', label: 'Published' },
  { value: 'archived', label: 'Archived' },
];

export const SORT_LABELS: Record<string, string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  updated: 'Recently updated',
  name: 'Name',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

/** "multi_family" → "Multi family". */
export function humanize(value: string | null | undefined): string {
  if (!value) return '';
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
