import { DAY_MS } from '../../common/clock';
import type { BoostState } from '../../contracts/boosts';

/** How many sponsored listings lead one page of market results (the first page only). */
export const SPONSORED_SLOTS = 3;

export interface BoostTimes {
  starts_at: Date;
  ends_at: Date;
  ended_at: Date | null;
  end_reason: Exclude<BoostState, 'scheduled' | 'running'> | null;
}

/**
 * A new boost's period: it starts now, or when the listing's last running or queued boost ends (a second boost
 * extends the first instead of overlapping it), and lasts its days.
 */
export function boostWindow(now: Date, queuedUntil: Date | null, days: number): { startsAt: Date; endsAt: Date } {
  const start = queuedUntil && queuedUntil > now ? queuedUntil : now;
  return { startsAt: start, endsAt: new Date(start.getTime() + days * DAY_MS) };
}

export function boostState(b: BoostTimes, now: Date): BoostState {
  if (b.end_reason) return b.end_reason;
  if (b.ends_at <= now) return 'expired';
  return b.starts_at > now ? 'scheduled' : 'running';
}

/**
 * The unused share of what a boost cost when it ends at `at`: all of it before it starts, nothing after it ends,
 * otherwise paid × unused time / whole period, rounded down to the minor unit (the buyer is never paid more than the
 * unused days are worth). BigInt keeps the product exact: minor units times milliseconds passes 2^53.
 */
export function unusedShare(paidMinor: number, b: Pick<BoostTimes, 'starts_at' | 'ends_at'>, at: Date): number {
  const start = b.starts_at.getTime();
  const end = b.ends_at.getTime();
  if (at.getTime() <= start) return paidMinor;
  if (at.getTime() >= end) return 0;
  return Number((BigInt(paidMinor) * BigInt(end - at.getTime())) / BigInt(end - start));
}
