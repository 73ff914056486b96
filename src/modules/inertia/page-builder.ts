import type { Request } from 'express';
import { AlwaysProp, DeferredProp, INERTIA_HEADERS, InertiaPage, MergeProp, OptionalProp } from './inertia.types';

const list = (header: unknown): string[] | null =>
  typeof header === 'string' && header.length > 0
    ? header
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean)
    : null;

async function resolveValue(value: unknown): Promise<unknown> {
  if (value instanceof AlwaysProp || value instanceof MergeProp) return resolveValue(value.value);
  if (value instanceof OptionalProp || value instanceof DeferredProp) return value.resolve();
  if (typeof value === 'function') return (value as () => unknown)();
  return value;
}

/**
 * Applies the protocol's prop rules: partial reloads (only/except) for the same component,
 * optional and deferred props only when asked for, always-props and errors on every response.
 */
export async function buildPage(
  req: Request,
  component: string,
  props: Record<string, unknown>,
  version: string,
  flash: Record<string, unknown>,
): Promise<InertiaPage> {
  const isPartial = req.headers[INERTIA_HEADERS.partialComponent] === component;
  const only = isPartial ? list(req.headers[INERTIA_HEADERS.partialData]) : null;
  const except = isPartial ? list(req.headers[INERTIA_HEADERS.partialExcept]) : null;
  const reset = list(req.headers[INERTIA_HEADERS.reset]) ?? [];

  const deferredProps: Record<string, string[]> = {};
  const mergeProps: string[] = [];
  const resolved: Record<string, unknown> = {};
  const pending: Promise<void>[] = [];

  for (const [key, value] of Object.entries(props)) {
    const always = value instanceof AlwaysProp || key === 'errors';
    if (!always) {
      if (only && !only.includes(key)) continue;
      if (except && except.includes(key)) continue;
      if (!isPartial && value instanceof OptionalProp) continue;
      if (!isPartial && value instanceof DeferredProp) {
        (deferredProps[value.group] ??= []).push(key);
        continue;
      }
    }
    if (value instanceof MergeProp && !reset.includes(key)) mergeProps.push(key);
    resolved[key] = undefined; // the props keep their order whichever resolves first
    pending.push(resolveValue(value).then((v) => void (resolved[key] = v)));
  }
  // Every prop starts at once, so the shared props' reads (teams, announcements) share one wait for the database.
  await Promise.all(pending);

  const page: InertiaPage = { component, props: resolved, url: req.originalUrl, version };
  if (Object.keys(flash).length > 0) page.flash = flash;
  if (Object.keys(deferredProps).length > 0) page.deferredProps = deferredProps;
  if (mergeProps.length > 0) page.mergeProps = mergeProps;
  return page;
}

/** JSON safe to place inside a <script type="application/json"> element. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
