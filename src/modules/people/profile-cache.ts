import type { ProfileJson } from './people.mapper';

/** How many guest profile pages one process keeps (least recently used out first; ~20-60 KB each). */
export const PROFILE_CACHE_ENTRIES = 256;

interface Entry {
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
  private readonly entries = new Map<string, Entry>();

  get(userId: string, page: number, version: string, nowMs: number): ProfileJson | null {
    const key = `${userId}:${page}`;
    const entry = this.entries.get(key);
    if (!entry) return null;
    this.entries.delete(key);
    if (entry.version !== version || entry.untilMs <= nowMs) return null;
    this.entries.set(key, entry);
    return entry.json;
  }

  set(userId: string, page: number, version: string, json: ProfileJson): void {
    const ends = json.listings.data.flatMap((l) => l.open_houses.map((h) => Date.parse(h.ends_at)));
    this.entries.delete(`${userId}:${page}`);
    this.entries.set(`${userId}:${page}`, { version, json, untilMs: Math.min(Infinity, ...ends) });
    if (this.entries.size > PROFILE_CACHE_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}
