import type { Metrics } from 'bullmq';

/** The monitor charts each queue's finished jobs per minute over the last hour. */
export const THROUGHPUT_MINUTES = 60;
const MINUTE_MS = 60_000;
const minuteOf = (ms: number) => Math.floor(ms / MINUTE_MS);

/** When the charted hour's first minute starts (ISO), the last being the minute `nowMs` falls in. */
export function throughputSince(nowMs: number): string {
  return new Date((minuteOf(nowMs) - THROUGHPUT_MINUTES + 1) * MINUTE_MS).toISOString();
}

/**
 * BullMQ's per-minute metrics as THROUGHPUT_MINUTES counts, oldest first, the last being the minute now runs in.
 * How BullMQ stores them (its collectMetrics script): `data` holds closed minutes newest first, the first being the
 * minute before `meta.prevTS`'s; the minute of `prevTS` is still open and counts `meta.count - meta.prevCount`;
 * nothing is written for minutes without a finished job, so the minutes after `prevTS`'s up to now are zeros.
 */
export function perMinuteFromMetrics(metrics: Metrics, nowMs: number): number[] {
  const series = new Array<number>(THROUGHPUT_MINUTES).fill(0);
  const prevTs = Number(metrics.meta.prevTS);
  if (!prevTs) return series;
  const place = (minute: number, count: number) => {
    const index = THROUGHPUT_MINUTES - 1 - (minuteOf(nowMs) - minute);
    if (index >= 0 && index < THROUGHPUT_MINUTES) series[index] += count;
  };
  const open = minuteOf(prevTs);
  place(open, Number(metrics.meta.count) - Number(metrics.meta.prevCount));
  metrics.data.forEach((count, i) => place(open - 1 - i, Number(count)));
  return series;
}

/** Finished jobs per minute for the in-process runner: the same series as BullMQ's metrics give, kept in memory. */
export class MinuteCounter {
  private readonly counts = new Map<number, number>();

  record(nowMs: number): void {
    const minute = minuteOf(nowMs);
    this.counts.set(minute, (this.counts.get(minute) ?? 0) + 1);
    for (const old of this.counts.keys()) if (old <= minute - THROUGHPUT_MINUTES) this.counts.delete(old);
  }

  series(nowMs: number): number[] {
    const now = minuteOf(nowMs);
    return Array.from({ length: THROUGHPUT_MINUTES }, (_, i) => this.counts.get(now - THROUGHPUT_MINUTES + 1 + i) ?? 0);
  }
}
