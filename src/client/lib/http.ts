import { useSyncExternalStore } from 'react';
import { logger } from './logger';

/**
 * The one HTTP client for `/api` calls (spec 7 preamble). Every request sends
 * the session cookie, `X-Requested-With: XMLHttpRequest`, JSON `Accept`, the
 * anti-forgery token (cookie XSRF-TOKEN → X-XSRF-TOKEN, and the csrf-token meta
 * value → X-CSRF-TOKEN) and `X-Socket-Id` once the realtime socket is connected
 * (so the server can leave this tab out of its own broadcasts).
 *
 * Failures throw `ApiError` and are recorded as the last API error (spec 8),
 * readable with `useApiError()`.
 */

export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(message: string, status: number, data: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }

  /** Field errors of a 422 answer, e.g. `errors.handle`. */
  get fieldErrors(): Record<string, string[] | string> {
    const errors = (this.data as { errors?: unknown } | null)?.errors;
    return errors && typeof errors === 'object' ? (errors as Record<string, string[] | string>) : {};
  }
}

// ---- headers ---------------------------------------------------------------

let socketId: string | null = null;

/** Called by the realtime client when its socket connects (null on disconnect). */
export function setSocketId(id: string | null): void {
  socketId = id;
}

export function getSocketId(): string | null {
  return socketId;
}

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const match = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  if (!match) return null;
  try {
    return decodeURIComponent(match.slice(prefix.length));
  } catch {
    return match.slice(prefix.length);
  }
}

export function readMetaCsrfToken(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content || null;
}

/**
 * Keeps the meta tag current: the session (and its token) changes at login and
 * logout, and the server sends the new token as the `csrfToken` shared prop.
 */
export function updateCsrfToken(token: string | null | undefined): void {
  if (!token) return;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'csrf-token';
    document.head.appendChild(meta);
  }
  meta.content = token;
}

export function csrfHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const cookieToken = readCookie('XSRF-TOKEN');
  const metaToken = readMetaCsrfToken();
  if (cookieToken) headers['X-XSRF-TOKEN'] = cookieToken;
  if (metaToken) headers['X-CSRF-TOKEN'] = metaToken;
  return headers;
}

export function defaultHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    ...csrfHeaders(),
  };
  if (socketId) headers['X-Socket-Id'] = socketId;
  return headers;
}

// ---- last-error store ------------------------------------------------------

export interface ApiErrorRecord {
  status: number;
  message: string;
  /** The response data when there was any, otherwise the message (spec 8). */
  details: unknown;
  url: string;
  at: number;
}

let lastError: ApiErrorRecord | null = null;
const errorListeners = new Set<() => void>();

function notifyErrorListeners(): void {
  errorListeners.forEach((listener) => listener());
}

export function recordApiError(error: ApiError, url: string): void {
  lastError = {
    status: error.status,
    message: error.message,
    details: error.data ?? error.message,
    url,
    at: Date.now(),
  };
  notifyErrorListeners();
}

export function getLastApiError(): ApiErrorRecord | null {
  return lastError;
}

export function clearApiError(): void {
  lastError = null;
  notifyErrorListeners();
}

/** The last failed API call, re-rendering when it changes. */
export function useApiError(): { error: ApiErrorRecord | null; clear: () => void } {
  const error = useSyncExternalStore(
    (listener) => {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
    getLastApiError,
    () => null,
  );
  return { error, clear: clearApiError };
}

// ---- requests --------------------------------------------------------------

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Query parameters; null, undefined and empty strings are left out (spec 5: empty values are not sent). */
  query?: Record<string, QueryValue | QueryValue[]>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function buildUrl(url: string, query?: RequestOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value === null || value === undefined || value === '') continue;
      params.append(Array.isArray(raw) ? `${key}[]` : key, String(value));
    }
  }
  const queryString = params.toString();
  if (!queryString) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${queryString}`;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function messageFrom(data: unknown, fallback: string): string {
  if (data && typeof data === 'object') {
    const { message, error } = data as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message) return message;
    if (Array.isArray(message) && message.length) return message.join(', ');
    if (typeof error === 'string' && error) return error;
  }
  if (typeof data === 'string' && data && data.length < 300) return data;
  return fallback;
}

export async function request<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const target = buildUrl(url, options.query);
  const headers: Record<string, string> = { ...defaultHeaders(), ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(target, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : 'Network error';
    const error = new ApiError(message, 0, null);
    if (!(cause instanceof DOMException && cause.name === 'AbortError')) recordApiError(error, target);
    logger.warn(`${method} ${target} failed:`, message);
    throw error;
  }

  const data = await parseBody(response);
  if (!response.ok) {
    const error = new ApiError(
      messageFrom(data, response.statusText || `Request failed (${response.status})`),
      response.status,
      data ?? null,
    );
    recordApiError(error, target);
    logger.warn(`${method} ${target} → ${response.status}`, data);
    throw error;
  }
  return data as T;
}

export const api = {
  get: <T = unknown>(url: string, options?: RequestOptions) => request<T>('GET', url, undefined, options),
  post: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => request<T>('POST', url, body, options),
  put: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', url, body, options),
  patch: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', url, body, options),
  delete: <T = unknown>(url: string, options?: RequestOptions) => request<T>('DELETE', url, undefined, options),
};

/**
 * Guard for actions that need a signed-in user (spec 5: they refuse to run,
 * with a warning only).
 *
 *   if (!requireUser(user, 'follow')) return;
 */
export function requireUser<U>(user: U | null | undefined, action: string): user is U {
  if (user) return true;
  logger.warn(`"${action}" needs a signed-in user; nothing was done.`);
  return false;
}
