/** The wall clock of `instant` in `timeZone` (an unknown zone reads as UTC). */
function wallClock(
  instant: Date,
  timeZone: string,
): { y: number; m: number; d: number; h: number; min: number; dow: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
      weekday: 'short',
    }).formatToParts(instant);
  } catch {
    return wallClock(instant, 'UTC');
  }
  const v = (type: string) => parts.find((p) => p.type === type)!.value;
  const dow = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(v('weekday'));
  return { y: +v('year'), m: +v('month'), d: +v('day'), h: +v('hour') % 24, min: +v('minute'), dow };
}

/** The offset of `timeZone` from UTC at `instant`, in ms (Chicago in winter: -6 h). */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(new Date(instant), timeZone);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min) - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The instant a wall-clock time happens in `timeZone` (day overflow allowed: day 32 is the 1st of next month).
 * Across a daylight-saving change the offset is taken again at the first guess, so 08:00 stays 08:00.
 */
export function zonedTimeToUtc(y: number, m: number, d: number, hour: number, timeZone: string): Date {
  const guess = Date.UTC(y, m - 1, d, hour);
  const first = guess - offsetAt(guess, timeZone);
  return new Date(guess - offsetAt(first, timeZone));
}

/**
 * The weekend "open house this weekend" means, in the searcher's time zone: Saturday 00:00 to Monday 00:00 of the
 * current weekend on a Saturday or Sunday, otherwise of the coming one.
 */
export function comingWeekend(now: Date, timeZone = 'UTC'): { start: Date; end: Date } {
  const w = wallClock(now, timeZone);
  const back = w.dow === 0 ? 1 : w.dow === 6 ? 0 : -(6 - w.dow);
  const saturday = w.d - back;
  return {
    start: zonedTimeToUtc(w.y, w.m, saturday, 0, timeZone),
    end: zonedTimeToUtc(w.y, w.m, saturday + 2, 0, timeZone),
  };
}

/** The next time strictly after `now` that the clock in `timeZone` shows `hour`:00. */
export function nextLocalHour(now: Date, hour: number, timeZone = 'UTC'): Date {
  const w = wallClock(now, timeZone);
  const today = zonedTimeToUtc(w.y, w.m, w.d, hour, timeZone);
  return today > now ? today : zonedTimeToUtc(w.y, w.m, w.d + 1, hour, timeZone);
}
