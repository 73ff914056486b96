import { comingWeekend, nextLocalHour, zonedTimeToUtc } from './weekend';

describe('time zones for "this weekend" and the digest hour', () => {
  it('finds the weekend in the searcher’s zone, not the server’s', () => {
    // Friday 20:00 in Los Angeles is already Saturday 04:00 UTC: the weekend there has not begun.
    const fridayEveningLA = new Date('2026-11-21T04:00:00Z');
    expect(comingWeekend(fridayEveningLA, 'UTC')).toEqual({
      start: new Date('2026-11-21T00:00:00Z'),
      end: new Date('2026-11-23T00:00:00Z'),
    });
    expect(comingWeekend(fridayEveningLA, 'America/Los_Angeles')).toEqual({
      start: new Date('2026-11-21T08:00:00Z'),
      end: new Date('2026-11-23T08:00:00Z'),
    });
    // Sunday 23:30 in Tokyo (14:30 UTC Sunday): still this weekend there.
    expect(comingWeekend(new Date('2026-11-22T14:30:00Z'), 'Asia/Tokyo').start).toEqual(
      new Date('2026-11-20T15:00:00Z'),
    );
    // Across a month end and an unknown zone (read as UTC).
    expect(comingWeekend(new Date('2026-01-29T12:00:00Z'), 'Nope/Zone').end).toEqual(new Date('2026-02-02T00:00:00Z'));
  });

  it('keeps a weekend across the daylight-saving change (New York, 1 November 2026)', () => {
    const w = comingWeekend(new Date('2026-10-30T12:00:00Z'), 'America/New_York');
    expect(w.start).toEqual(new Date('2026-10-31T04:00:00Z')); // EDT
    expect(w.end).toEqual(new Date('2026-11-02T05:00:00Z')); // EST
  });

  it('sends the digest at 08:00 on the reader’s clock', () => {
    expect(nextLocalHour(new Date('2026-11-19T12:00:00Z'), 8, 'UTC')).toEqual(new Date('2026-11-20T08:00:00Z'));
    expect(nextLocalHour(new Date('2026-11-19T12:00:00Z'), 8, 'America/Chicago')).toEqual(
      new Date('2026-11-19T14:00:00Z'),
    );
    expect(nextLocalHour(new Date('2026-11-19T12:00:00Z'), 8, 'Asia/Kolkata')).toEqual(
      new Date('2026-11-20T02:30:00Z'),
    );
    expect(zonedTimeToUtc(2026, 3, 8, 8, 'America/Chicago')).toEqual(new Date('2026-03-08T13:00:00Z')); // CDT that day
  });
});
