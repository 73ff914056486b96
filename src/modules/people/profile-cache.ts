import type { ProfileJson } from './people.mapper';

/** How many guest profile pages one process keeps (least recently used out first; ~20-60 KB each). */
export const PROFILE_CACHE_ENTRIES = 256;

export interface CachedProfile {
  version: string;
  /** When the answer stops being true without any write: the end of the first upcoming open house it lists. */
  untilMs: number;
  json: ProfileJson;
}

/**
 * Guest profile pages by user and page, each stored with the profile's version (`profile_versions`, raised by the
 * database on every write a profile shows). An entry answers only while the version read for the request is the one
 * it was built under and before its first listed open house ends, so a cached page is never older than the last
 * committed write. In-process: every web node proves freshness against the same database row.
 */
export class ProfileCache {
  private readonly entries = new Map<string, CachedProfile>();

  get(userId: string, page: number, version: string, nowMs: number): CachedProfile | null {
    const key = `${userId}:${page}`;
    const entry = this.entries.get(key);
    if (!entry) return null;
    this.entries.delete(key);
    if (entry.version !== version || entry.untilMs <= nowMs) return null;
    this.entries.set(key, entry);
    return entry;
  }

  set(userId: string, page: number, version: string, json: ProfileJson): CachedProfile {
    const ends = json.listings.data.flatMap((l) => l.open_houses.map((h) => Date.parse(h.ends_at)));
    const entry = { version, json, untilMs: Math.min(Infinity, ...ends) };
    this.entries.delete(`${userId}:${page}`);
    this.entries.set(`${userId}:${page}`, entry);
    if (this.entries.size > PROFILE_CACHE_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }
}

/**
 * A guest profile page's validator (a weak ETag): the user, the page, the profile's version and when the page stops
 * being true without a write (the end of its first listed open house, base 36; `x` for never). The same facts that
 * prove a cached page fresh prove a browser's copy fresh, so a conditional GET is answered without the page.
 */
export function profileTag(userId: string, page: number, version: string, untilMs: number): string {
  return `${tagPrefix(userId, page, version)}${Number.isFinite(untilMs) ? untilMs.toString(36) : 'x'}"`;
}

/** What every tag of this page under this version starts with (only the open house's end follows). */
const tagPrefix = (userId: string, page: number, version: string) => `W/"p.${userId}.${page}.${version}.`;

/** The tag among those a request holds that is this page's under this version and has not run out at `nowMs`. */
export function heldProfileTag(
  held: string[],
  userId: string,
  page: number,
  version: string,
  nowMs: number,
): string | null {
  const prefix = tagPrefix(userId, page, version);
  for (const given of held) {
    const tag = given.startsWith('W/') ? given : `W/${given}`;
    if (!tag.startsWith(prefix) || !tag.endsWith('"')) continue;
    const until = tag.slice(prefix.length, -1);
    if (until === 'x' || parseInt(until, 36) > nowMs) return tag;
  }
  return null;
}
