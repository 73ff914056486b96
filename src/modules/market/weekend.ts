const DAY = 24 * 60 * 60 * 1000;

/**
 * The weekend "open house this weekend" means: Saturday 00:00 to Monday 00:00 UTC of the current weekend on a
 * Saturday or Sunday, otherwise of the coming one.
 */
export function comingWeekend(now: Date): { start: Date; end: Date } {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dow = now.getUTCDay(); // 0 Sunday .. 6 Saturday
  const back = dow === 0 ? 1 : dow === 6 ? 0 : -(6 - dow);
  const start = midnight - back * DAY;
  return { start: new Date(start), end: new Date(start + 2 * DAY) };
}
