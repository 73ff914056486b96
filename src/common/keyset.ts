import { isUuid } from './uuid.pipe';
import { ValidationFailedException } from './validation';

/**
 * Keyset paging for feeds ordered newest first by (timestamp, id): the cursor is the last row's key, so a deep
 * page costs what the first one does (no OFFSET). Cursors are opaque base64url strings; a bad one is a 422.
 */
export interface KeysetCursor {
  at: Date;
  id: string;
}

export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

export function decodeCursor(raw: string | undefined, field = 'cursor'): KeysetCursor | null {
  if (raw === undefined || raw === '') return null;
  const [iso, id] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  if (!id || !isUuid(id) || Number.isNaN(at.getTime()) || raw.length > 120)
    throw ValidationFailedException.of(field, 'The cursor is not one this list gave out.');
  return { at, id };
}

/** The page's rows and the cursor of the next page (fetch `limit + 1` rows to know whether there is one). */
export function keysetPage<R, T>(
  rows: R[],
  limit: number,
  key: (row: R) => KeysetCursor,
  map: (row: R) => T,
): { data: T[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const next = rows.length > limit && last ? key(last) : null;
  return { data: page.map(map), next_cursor: next ? encodeCursor(next.at, next.id) : null };
}
