import type { ObjectStat } from './storage.driver';

/** Byte range of a representation, both ends included. */
export interface MediaRange {
  start: number;
  end: number;
}

/**
 * A strong validator. S3 gives its own ETag; on local disk it is nginx's format
 * ("<mtime seconds hex>-<size hex>") so a front proxy that takes over with X-Accel-Redirect answers
 * with the same validator and a client's cached copy stays valid. Strong is honest here: a stored
 * key is written once (uuid or random names; HLS files only once per transcode, before publishing).
 */
export function etagFor(stat: ObjectStat): string {
  if (stat.etag) return stat.etag.startsWith('"') ? stat.etag : `"${stat.etag}"`;
  return `"${Math.floor(stat.modifiedAt.getTime() / 1000).toString(16)}-${stat.size.toString(16)}"`;
}

/**
 * Playlists may be rewritten while renditions are added (the first rendition is published before
 * the others), so caches keep them but ask again (a 304 costs a few bytes). Everything else under a
 * key never changes: a year, immutable. Files only some people may read stay out of shared caches.
 */
export function cacheControlFor(key: string, isPublic: boolean): string {
  const scope = isPublic ? 'public' : 'private';
  return key.endsWith('.m3u8') ? `${scope}, no-cache` : `${scope}, max-age=31536000, immutable`;
}

/** If-None-Match against our ETag (weak comparison, as the rule for GET/HEAD says; `*` matches any). */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** Whether the client's copy is fresh: If-None-Match wins; If-Modified-Since only without it (second precision). */
export function isNotModified(
  headers: { 'if-none-match'?: string; 'if-modified-since'?: string },
  etag: string,
  modifiedAt: Date,
): boolean {
  if (headers['if-none-match']) return noneMatchHits(headers['if-none-match'], etag);
  const since = headers['if-modified-since'] ? Date.parse(headers['if-modified-since']) : NaN;
  return Number.isFinite(since) && Math.floor(modifiedAt.getTime() / 1000) * 1000 <= since;
}

/**
 * The Range header for one representation of `size` bytes:
 *   null      serve the whole file (no header, another unit, several ranges: a server may ignore those);
 *   'invalid' 416 (a single byte range that starts past the end);
 *   a range   206.
 */
export function parseRange(header: string | undefined, size: number): MediaRange | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  if (match[1] === '' && match[2] === '') return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    if (Number(match[2]) === 0) return 'invalid';
    start = Math.max(size - Number(match[2]), 0);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return 'invalid';
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/**
 * If-Range: the range applies only when the client's validator is still current (an ETag must match
 * strongly; a date must equal Last-Modified); otherwise the whole, current file is sent.
 */
export function rangeStillApplies(ifRange: string | undefined, etag: string, modifiedAt: Date): boolean {
  if (!ifRange) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  return Date.parse(value) === Math.floor(modifiedAt.getTime() / 1000) * 1000;
}
