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

/** Pairs a whole queue in one pass (oldest first); every entry appears in at most one pair. */
export function matchQueue(
  queue: readonly QueuedEntry[],
  now: number,
  recentlyMet: (a: string, b: string) => boolean,
): Array<[QueuedEntry, QueuedEntry]> {
  const byRating = [...queue].sort((x, y) => x.rating - y.rating);
  const taken = new Set<string>();
  const pairs: Array<[QueuedEntry, QueuedEntry]> = [];
  for (const seeker of [...queue].sort((x, y) => x.queuedAt - y.queuedAt || x.ticketId.localeCompare(y.ticketId))) {
    if (taken.has(seeker.ticketId)) continue;
    const window = windowAt(seeker.queuedAt, now);
    const lo = lowerBound(byRating, seeker.rating - window);
    const slice: QueuedEntry[] = [];
    for (let i = lo; i < byRating.length && byRating[i].rating <= seeker.rating + window; i++) {
      if (!taken.has(byRating[i].ticketId)) slice.push(byRating[i]);
    }
    const opponent = pickOpponent(seeker, slice, now, recentlyMet);
    if (!opponent) continue;
    taken.add(seeker.ticketId);
    taken.add(opponent.ticketId);
    pairs.push([seeker, opponent]);
  }
  return pairs;
}

function lowerBound(sorted: readonly QueuedEntry[], rating: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid].rating < rating) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
