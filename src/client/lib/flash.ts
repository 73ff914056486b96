import type { FlashMessages } from '@/types';
import { notify } from './toast';

/**
 * Server flash messages as toasts. Inertia v3 sends them as `page.flash`
 * (router "flash" event); older-style servers put them in `props.flash`.
 * Both paths can carry the same message for one response, so a message
 * shown in the last moments is not shown twice.
 */
export type FlashKind = 'success' | 'error' | 'info' | 'warning';
const KINDS: FlashKind[] = ['success', 'error', 'info', 'warning'];
const DUPLICATE_WINDOW_MS = 1500;

export function flashEntries(flash: unknown): Array<{ kind: FlashKind; message: string }> {
  if (!flash || typeof flash !== 'object') return [];
  const messages = flash as FlashMessages;
  return KINDS.flatMap((kind) => {
    const message = messages[kind];
    return typeof message === 'string' && message.trim() ? [{ kind, message }] : [];
  });
}

const recentlyShown = new Map<string, number>();

export function showFlash(flash: unknown, now: () => number = Date.now): number {
  let shown = 0;
  for (const { kind, message } of flashEntries(flash)) {
    const key = `${kind}:${message}`;
    const last = recentlyShown.get(key);
    if (last !== undefined && now() - last < DUPLICATE_WINDOW_MS) continue;
    recentlyShown.set(key, now());
    notify[kind](message);
    shown++;
  }
  return shown;
}

/** For tests. */
export function resetFlashHistory(): void {
  recentlyShown.clear();
}
