import { DAY_MS } from './clock';

/** UTC calendar days as 'YYYY-MM-DD' strings, for rollups keyed by day (admin and creator metrics). */
export type Period = 'day' | 'week' | 'month';

export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00.000Z`);
export const addDays = (day: string, n: number): string => isoDay(new Date(dayStart(day).getTime() + n * DAY_MS));
/** Monday of the ISO week the day is in (what date_trunc('week') gives). */
export const weekOf = (day: string): string => addDays(day, -((dayStart(day).getUTCDay() + 6) % 7));
/** The first day of the bucket a day falls in: itself, its week's Monday, or its month's 1st. */
export const bucketOf = (day: string, period: Period): string =>
  period === 'day' ? day : period === 'week' ? weekOf(day) : `${day.slice(0, 7)}-01`;

/**
 * Where a daily rollup starts: the day before the latest rolled one (late rows land there; never after today), or on
 * a first run the day that makes `backfillDays` days through today.
 */
export const firstDayToRoll = (latest: string | null, today: string, backfillDays: number): string =>
  latest ? addDays(latest < today ? latest : today, -1) : addDays(today, -(backfillDays - 1));

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Whether a 'YYYY-MM-DD' string names a real day (2026-02-30 does not). */
export const isRealDay = (day: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(day) && isoDay(dayStart(day)) === day;
