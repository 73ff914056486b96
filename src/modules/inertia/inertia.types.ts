import type { Request } from 'express';

/** The page object of the Inertia protocol (v3). */
export interface InertiaPage {
  component: string;
  props: Record<string, unknown>;
  url: string;
  version: string;
  flash?: Record<string, unknown>;
  deferredProps?: Record<string, string[]>;
  mergeProps?: string[];
  encryptHistory?: boolean;
  clearHistory?: boolean;
}

export type PropResolver<T = unknown> = (req: Request) => T | Promise<T>;

/** A prop that is sent only when a partial reload asks for it by name. */
export class OptionalProp<T = unknown> {
  constructor(readonly resolve: () => T | Promise<T>) {}
}

/** A prop left out of the first response; the client fetches it right after with a partial reload. */
export class DeferredProp<T = unknown> {
  constructor(
    readonly resolve: () => T | Promise<T>,
    readonly group = 'default',
  ) {}
}

/** A prop sent on every response, even when a partial reload does not name it. */
export class AlwaysProp<T = unknown> {
  constructor(readonly value: T | (() => T | Promise<T>)) {}
}

/** A prop whose new value the client appends to the one it already has (infinite lists). */
export class MergeProp<T = unknown> {
  constructor(readonly value: T | (() => T | Promise<T>)) {}
}

/** What a controller returns; the interceptor turns it into HTML or JSON for the request. */
export class InertiaResponse {
  constructor(
    readonly component: string,
    readonly props: Record<string, unknown>,
    readonly status = 200,
  ) {}
}

/** An Inertia-aware redirect to an outside (non-Inertia) URL: 409 + X-Inertia-Location for Inertia requests. */
export class InertiaLocation {
  constructor(readonly url: string) {}
}

export const INERTIA_HEADERS = {
  inertia: 'x-inertia',
  version: 'x-inertia-version',
  location: 'x-inertia-location',
  partialComponent: 'x-inertia-partial-component',
  partialData: 'x-inertia-partial-data',
  partialExcept: 'x-inertia-partial-except',
  errorBag: 'x-inertia-error-bag',
  reset: 'x-inertia-reset',
} as const;

export function isInertiaRequest(req: Request): boolean {
  return req.headers[INERTIA_HEADERS.inertia] === 'true';
}
