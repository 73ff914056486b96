import { act, renderHook } from '@testing-library/react';
import {
  api,
  ApiError,
  buildUrl,
  clearApiError,
  getLastApiError,
  requireUser,
  setSocketId,
  updateCsrfToken,
  useApiError,
} from './http';

type FetchCall = [string, RequestInit];

function jsonResponse(status: number, body: unknown): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 422 ? 'Unprocessable Entity' : 'Status',
    headers: new Headers({ 'content-type': 'application/json' }),
    text: async () => (body === undefined ? '' : JSON.stringify(body)),
  } as Response;
}

describe('http client (spec 7 preamble, spec 8)', () => {
  let fetchMock: jest.Mock<Promise<Response>, [string, RequestInit]>;

  beforeEach(() => {
    fetchMock = jest.fn(async (_url: string, _init: RequestInit) => jsonResponse(200, { ok: true }));
    global.fetch = fetchMock as unknown as typeof fetch;
    document.head.innerHTML = '<meta name="csrf-token" content="meta-token">';
    document.cookie = 'XSRF-TOKEN=' + encodeURIComponent('cookie token/with=chars');
    setSocketId(null);
    clearApiError();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  const lastCall = (): FetchCall => fetchMock.mock.calls.at(-1) as FetchCall;
  const lastHeaders = () => lastCall()[1].headers as Record<string, string>;

  it('sends cookies, X-Requested-With, JSON accept and both anti-forgery tokens', async () => {
    await api.get('/api/followers');
    const [url, init] = lastCall();
    expect(url).toBe('/api/followers');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(lastHeaders()).toMatchObject({
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-CSRF-TOKEN': 'meta-token',
      'X-XSRF-TOKEN': 'cookie token/with=chars',
    });
    expect(lastHeaders()['X-Socket-Id']).toBeUndefined();
  });

  it('adds X-Socket-Id once a socket exists', async () => {
    setSocketId('1234.5678');
    await api.post('/api/markets', { name: 'Austin' });
    expect(lastHeaders()['X-Socket-Id']).toBe('1234.5678');
  });

  it('uses the refreshed token after login', async () => {
    updateCsrfToken('new-token');
    await api.get('/api/currency/');
    expect(lastHeaders()['X-CSRF-TOKEN']).toBe('new-token');
  });

  it('sends JSON bodies with a content type, and FormData untouched', async () => {
    await api.post('/api/user/1/update', { name: 'Ana' });
    expect(lastCall()[1].body).toBe('{"name":"Ana"}');
    expect(lastHeaders()['Content-Type']).toBe('application/json');

    const form = new FormData();
    form.append('image', new Blob(['x']), 'room.png');
    await api.post('/api/designs', form);
    expect(lastCall()[1].body).toBe(form);
    expect(lastHeaders()['Content-Type']).toBeUndefined();
  });

  it('supports put, patch and delete', async () => {
    await api.put('/api/a', {});
    expect(lastCall()[1].method).toBe('PUT');
    await api.patch('/api/a', {});
    expect(lastCall()[1].method).toBe('PATCH');
    await api.delete('/api/a');
    expect(lastCall()[1].method).toBe('DELETE');
  });

  it('returns the parsed JSON', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { status: 'available' }));
    await expect(api.post('/api/user/1/check-handle', { handle: 'ana' })).resolves.toEqual({ status: 'available' });
  });

  it('leaves empty query values out', () => {
    expect(buildUrl('/api/listings', { search: 'loft', publish: undefined, page: 2, tag: '', city: null })).toBe(
      '/api/listings?search=loft&page=2',
    );
    expect(buildUrl('/api/x', { ids: [1, 2] })).toBe('/api/x?ids%5B%5D=1&ids%5B%5D=2');
  });

  it('throws ApiError and stores the response data as the last error', async () => {
    const body = { message: 'The given data was invalid.', errors: { handle: ['Handle is taken'] } };
    fetchMock.mockResolvedValueOnce(jsonResponse(422, body));
    const failure = api.post('/api/user/1/check-handle', { handle: 'taken' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await failure.catch((error: ApiError) => {
      expect(error.status).toBe(422);
      expect(error.message).toBe('The given data was invalid.');
      expect(error.fieldErrors.handle).toEqual(['Handle is taken']);
    });
    expect(getLastApiError()).toMatchObject({ status: 422, details: body, url: '/api/user/1/check-handle' });
  });

  it('stores the message when there is no response data (network failure)', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/api/markets')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
    expect(getLastApiError()).toMatchObject({ status: 0, details: 'Failed to fetch' });
  });

  it('exposes the last error through useApiError()', async () => {
    const { result } = renderHook(() => useApiError());
    expect(result.current.error).toBeNull();
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { message: 'Boom' }));
    await act(async () => {
      await api.get('/api/profile/ana').catch(() => undefined);
    });
    expect(result.current.error?.message).toBe('Boom');
    act(() => result.current.clear());
    expect(result.current.error).toBeNull();
  });
});

describe('requireUser (spec 5: refuse with a warning only)', () => {
  it('warns and refuses when no user is loaded', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(requireUser(null, 'follow')).toBe(false);
    expect(warn).toHaveBeenCalledWith('[reelty]', expect.stringContaining('follow'));
    warn.mockRestore();
  });

  it('lets the action run with a user', () => {
    expect(requireUser({ id: '1' }, 'follow')).toBe(true);
  });
});
