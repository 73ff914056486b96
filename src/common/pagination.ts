import type { LinkedPage, Page } from '../contracts/common';

export type { LinkedPage, Page };

export function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

export function pageOf<T>(data: T[], page: number, perPage: number, total: number): Page<T> {
  return { data, current_page: page, last_page: lastPage(total, perPage), per_page: perPage, total };
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

export function paginate<T>(
  data: T[],
  total: number,
  page: number,
  perPage: number,
  path: string,
  query: QueryParams = {},
): LinkedPage<T> {
  const last = lastPage(total, perPage);
  const from = data.length ? (page - 1) * perPage + 1 : null;
  return {
    ...pageOf(data, page, perPage, total),
    from,
    to: from === null ? null : from + data.length - 1,
    next_page_url: page < last ? pageUrl(path, query, page + 1) : null,
    prev_page_url: page > 1 ? pageUrl(path, query, page - 1) : null,
    path,
  };
}
