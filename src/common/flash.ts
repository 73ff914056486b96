import type { Request } from 'express';
import './session.types';

export type FlashKind = 'success' | 'error' | 'info' | 'warning';

/** Queues a one-shot message for the next page; the client shows it as a toast. */
export function flash(req: Request, kind: FlashKind | string, message: unknown): void {
  req.session.flash = { ...(req.session.flash ?? {}), [kind]: message };
}

/** Reads and clears the queued flash messages. */
export function takeFlash(req: Request): Record<string, unknown> {
  const value = req.session?.flash ?? {};
  if (req.session?.flash) delete req.session.flash;
  return value;
}

/** Reads and clears validation errors queued by a failed form post. */
export function takeErrors(req: Request): Record<string, unknown> {
  const bags = req.session?.errors;
  if (!bags) return {};
  delete req.session.errors;
  const { default: defaultBag, ...named } = bags;
  return { ...(defaultBag ?? {}), ...named };
}
