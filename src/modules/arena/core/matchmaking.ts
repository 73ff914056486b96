/**
 * Matchmaking windows: a queued entry accepts opponents within ±WINDOW_START rating points, widened by WINDOW_STEP
 * every WINDOW_STEP_MS of waiting, never beyond ±WINDOW_CAP. Opponents never share a creator or a team, and two
 * entries that met less than REMATCH_COOLDOWN_MS ago are not paired again. The longest-waiting entry picks first
 * (its window is the widest) and takes the closest-rated acceptable opponent; ties go to the longer-waiting one.
 */
export const WINDOW_START = 100;
export const WINDOW_STEP = 50;
export const WINDOW_STEP_MS = 30_000;
export const WINDOW_CAP = 400;
export const REMATCH_COOLDOWN_MS = 30 * 60_000;

export interface QueuedEntry {
  ticketId: string;
  entryId: string;
  creatorId: string;
  teamId: string | null;
  rating: number;
  queuedAt: number;
}

export function windowAt(queuedAt: number, now: number): number {
  const steps = Math.floor(Math.max(0, now - queuedAt) / WINDOW_STEP_MS);
  return Math.min(WINDOW_CAP, WINDOW_START + WINDOW_STEP * steps);
}

/** Whether two queued entries may meet: different creators, different teams, no recent meeting. */
export function compatible(x: QueuedEntry, y: QueuedEntry, recentlyMet: (a: string, b: string) => boolean): boolean {
  if (x.creatorId === y.creatorId) return false;
  if (x.teamId && x.teamId === y.teamId) return false;
  return !recentlyMet(x.entryId, y.entryId);
}

/**
 * The best opponent for `seeker` among `candidates` (sorted by rating, as the Redis sorted set returns a range):
 * within the seeker's window, compatible, closest rating, then longest waiting. Null when nobody fits yet.
 */
export function pickOpponent(
  seeker: QueuedEntry,
  candidates: readonly QueuedEntry[],
  now: number,
  recentlyMet: (a: string, b: string) => boolean,
): QueuedEntry | null {
  const window = windowAt(seeker.queuedAt, now);
  let best: QueuedEntry | null = null;
  for (const c of candidates) {
    if (c.ticketId === seeker.ticketId || Math.abs(c.rating - seeker.rating) > window) continue;
    if (!compatible(seeker, c, recentlyMet)) continue;
    const distance = Math.abs(c.rating - seeker.rating);
    const bestDistance = best ? Math.abs(best.rating - seeker.rating) : Infinity;
    if (distance < bestDistance || (distance === bestDistance && best && c.queuedAt < best.queuedAt)) best = c;
  }
  return best;
}

/**
 * Pairs a whole queue in one pass (oldest first); every entry appears in at most one pair. The queue is kept sorted
 * by rating as a linked list of the entries still free, and each seeker scans outward from its own place, closest
 * rating first, stopping at the edge of its window: a pass costs about n log n, not n^2, at 10,000 queued entries.
 */
export function matchQueue(
  queue: readonly QueuedEntry[],
  now: number,
  recentlyMet: (a: string, b: string) => boolean,
): Array<[QueuedEntry, QueuedEntry]> {
  const sorted = [...queue].sort((x, y) => x.rating - y.rating || x.ticketId.localeCompare(y.ticketId));
  const place = new Map(sorted.map((q, i) => [q.ticketId, i]));
  const prev = Int32Array.from(sorted, (_, i) => i - 1);
  const next = Int32Array.from(sorted, (_, i) => (i + 1 < sorted.length ? i + 1 : -1));
  const taken = new Uint8Array(sorted.length);
  const remove = (i: number) => {
    taken[i] = 1;
    if (prev[i] >= 0) next[prev[i]] = next[i];
    if (next[i] >= 0) prev[next[i]] = prev[i];
  };
  const pairs: Array<[QueuedEntry, QueuedEntry]> = [];
  for (const seeker of [...queue].sort((x, y) => x.queuedAt - y.queuedAt || x.ticketId.localeCompare(y.ticketId))) {
    const i = place.get(seeker.ticketId)!;
    if (taken[i]) continue;
    const window = windowAt(seeker.queuedAt, now);
    let lo = prev[i];
    let hi = next[i];
    let best = -1;
    let bestDistance = Infinity;
    for (;;) {
      const dLo = lo >= 0 ? seeker.rating - sorted[lo].rating : Infinity;
      const dHi = hi >= 0 ? sorted[hi].rating - seeker.rating : Infinity;
      const distance = Math.min(dLo, dHi);
      if (distance > window || distance > bestDistance) break;
      const candidate = dLo <= dHi ? lo : hi;
      if (candidate === lo) lo = prev[lo];
      else hi = next[hi];
      if (!compatible(seeker, sorted[candidate], recentlyMet)) continue;
      if (best < 0 || distance < bestDistance || sorted[candidate].queuedAt < sorted[best].queuedAt) {
        best = candidate;
        bestDistance = distance;
      }
    }
    if (best < 0) continue;
    remove(i);
    remove(best);
    pairs.push([seeker, sorted[best]]);
  }
  return pairs;
}
