import { act, renderHook, waitFor } from '@testing-library/react';
import { clearApiError, getLastApiError } from '@/lib/http';
import { respondJson } from '@/test-utils';
import { useListingsDashboard } from './useListingsDashboard';
import { loadPropertyResources } from './usePropertyResources';

jest.mock('@/lib/toast', () => ({
  notify: { error: jest.fn(), success: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));

const page = (names: string[], next: string | null) => ({
  success: true,
  message: 'Listings loaded',
  listings: {
    data: names.map((n) => ({ id: n, name: n, property: {}, open_houses: [] })),
    current_page: 1,
    last_page: next ? 2 : 1,
    per_page: 2,
    total: 3,
    next_page_url: next,
    prev_page_url: null,
  },
});

describe('useListingsDashboard', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    clearApiError();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('sends the filters without "all" and with a trimmed search, then pages through the supplied route', async () => {
    fetchMock.mockImplementationOnce(() =>
      respondJson(200, page(['a', 'b'], '/api/listings/dashboard/paginate?search=loft&page=2')),
    );
    const { result } = renderHook(() =>
      useListingsDashboard({ publish: 'all', search: '  loft ', sort: 'newest', count: 2 }),
    );
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/listings/dashboard?search=loft&sort=newest&count=2');
    expect(result.current.listings.map((l) => l.id)).toEqual(['a', 'b']);
    expect(result.current.hasMore).toBe(true);

    fetchMock.mockImplementationOnce(() => respondJson(200, page(['c'], null)));
    await act(() => result.current.loadMore());
    expect(fetchMock.mock.calls[1][0]).toBe('/api/listings/dashboard/paginate?search=loft&page=2');
    expect(result.current.listings.map((l) => l.id)).toEqual(['a', 'b', 'c']);
    expect(result.current.hasMore).toBe(false);
  });

  it('reports "Failed to fetch listings" and stores the API error', async () => {
    fetchMock.mockImplementationOnce(() => respondJson(500, undefined));
    const { result } = renderHook(() => useListingsDashboard({ publish: 'draft' }));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.error).toBe('Failed to fetch listings');
    expect(getLastApiError()?.status).toBe(500);
    expect(getLastApiError()?.url).toBe('/api/listings/dashboard?publish=draft');
  });

  it('prefers the server\'s message, and reports "Failed to fetch more listings" when paging fails', async () => {
    fetchMock.mockImplementationOnce(() =>
      respondJson(200, page(['a', 'b'], '/api/listings/dashboard/paginate?page=2')),
    );
    const { result } = renderHook(() => useListingsDashboard({}));
    await waitFor(() => expect(result.current.loading).toBe(false));
    fetchMock.mockImplementationOnce(() => respondJson(502, undefined));
    await act(() => result.current.loadMore());
    expect(result.current.error).toBe('Failed to fetch more listings');
    expect(getLastApiError()?.status).toBe(502);

    fetchMock.mockImplementationOnce(() => respondJson(429, { message: 'Too many requests, slow down' }));
    const second = renderHook(() => useListingsDashboard({ search: 'x' }));
    await waitFor(() => expect(second.result.current.loading).toBe(false));
    expect(second.result.current.error).toBe('Too many requests, slow down');
  });
});

describe('loadPropertyResources', () => {
  it('fails with "no property slug available" when no slug is set', async () => {
    await expect(loadPropertyResources(null)).rejects.toThrow('no property slug available');
    await expect(loadPropertyResources('')).rejects.toThrow('no property slug available');
  });
});
