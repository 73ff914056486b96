import { isUuid } from './uuid.pipe';
import { ValidationFailedException } from './validation';

/**
 * Keyset paging for feeds ordered newest first by (timestamp, id): the cursor is the last row's key, so a deep
 * page costs what the first one does (no OFFSET). Cursors are opaque base64url strings; a bad one is a 422.
 *
 * PostgreSQL keeps microseconds and a JS Date only milliseconds: a cursor made from a Date skips the rows that
 * share the last row's millisecond but are older by microseconds. Lists whose timestamps come from `now()` select
 * the exact key with `KEYSET_AT_SQL` and bind `cursor.exact` (the ISO text with microseconds).
 */
export interface KeysetCursor {
  at: Date;
  id: string;
  /** The timestamp as ISO 8601 UTC text, to the microsecond when the cursor was made from the database's text. */
  exact: string;
}

/** `KEYSET_AT_SQL('s.published_at')`: the column as ISO text with microseconds, for `encodeCursor`. */
export const KEYSET_AT_SQL = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

export function encodeCursor(at: Date | string, id: string): string {
  return Buffer.from(`${typeof at === 'string' ? at : at.toISOString()}|${id}`).toString('base64url');
}

export function decodeCursor(raw: string | undefined, field = 'cursor'): KeysetCursor | null {
  if (raw === undefined || raw === '') return null;
  const [iso, id] = raw.length > 120 ? [] : Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  // A date JS rolls over (Feb 30 -> Mar 2) would reach PostgreSQL as text and fail there: the seconds must round-trip.
  const valid =
    ISO_UTC.test(iso ?? '') && !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 19) === iso?.slice(0, 19);
  if (!id || !isUuid(id) || !valid)
    throw ValidationFailedException.of(field, 'The cursor is not one this list gave out.');
  return { at, id, exact: iso };
}

/** The page's rows and the cursor of the next page (fetch `limit + 1` rows to know whether there is one). */
export function keysetPage<R, T>(
  rows: R[],
  limit: number,
  key: (row: R) => { at: Date | string; id: string },
  map: (row: R) => T,
): { data: T[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const next = rows.length > limit && last ? key(last) : null;
  return { data: page.map(map), next_cursor: next ? encodeCursor(next.at, next.id) : null };
}

/**
 * `keysetPage` for rows that carry their exact key (`cursor_at` selected with KEYSET_AT_SQL, and `id`) and whose page
 * is mapped in one call (the authors looked up together).
 */
export async function keysetPageOf<R extends { cursor_at: string; id: string }, T>(
  rows: R[],
  limit: number,
  mapPage: (page: R[]) => Promise<T[]>,
): Promise<{ data: T[]; next_cursor: string | null }> {
  const page = keysetPage(
    rows,
    limit,
    (r) => ({ at: r.cursor_at, id: r.id }),
    (r) => r,
  );
  return { data: await mapPage(page.data), next_cursor: page.next_cursor };
}
