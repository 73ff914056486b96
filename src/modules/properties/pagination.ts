/** Laravel-style page of results (spec 7 shows current_page, last_page, per_page, total). */
export interface Paginated<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
  /** The same route with page + 1 and the same filters, or null on the last page. */
  next_page_url: string | null;
  prev_page_url: string | null;
  path: string;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export function pageUrl(path: string, query: QueryParams, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || key === 'page') continue;
    params.set(key, String(value));
  }
  params.set('page', String(page));
  return `${path}?${params.toString()}`;
}

export function paginate<T>(data: T[], total: number, page: number, perPage: number, path: string, query: QueryParams = {}): Paginated<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = data.length ? (page - 1) * perPage + 1 : null;
  return {
    data,
    current_page: page,
    last_page: lastPage,
    per_page: perPage,
    total,
    from,
    to: from === null ? null : from + data.length - 1,
    next_page_url: page < lastPage ? pageUrl(path, query, page + 1) : null,
    prev_page_url: page > 1 ? pageUrl(path, query, page - 1) : null,
    path,
  };
}

export function pageParams(page: unknown, perPage: unknown, defaultPerPage: number, maxPerPage = 100): { page: number; perPage: number; offset: number } {
  const p = Math.max(1, Math.min(100000, Math.floor(Number(page) || 1)));
  const size = Math.max(1, Math.min(maxPerPage, Math.floor(Number(perPage) || defaultPerPage)));
  return { page: p, perPage: size, offset: (p - 1) * size };
}
