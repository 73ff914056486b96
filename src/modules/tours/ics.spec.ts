import { buildIcs, foldLine, icsText, localTime } from './ics';

describe('tour calendar file', () => {
  const base = {
    uid: 'tour-1b2c@reelty.test',
    sequence: 2,
    start: new Date('2026-11-21T15:00:00Z'),
    durationMinutes: 30,
    stamp: new Date('2026-11-19T12:00:00Z'),
    summary: 'Tour: Sunny loft, Austin',
    description: 'In person; bring ID.\nSee you there',
    location: '12 Main St, Austin; TX',
    url: 'https://reelty.test/tours',
    organizer: { name: 'Rita "R" Realtor', email: 'rita@reelty.test' },
    attendee: { name: 'Bella', email: 'bella@reelty.test' },
    cancelled: false,
  };

  it('writes UTC times, a stable UID, SEQUENCE, escaped text and CRLF lines', () => {
    const ics = buildIcs(base);
    expect(ics).toContain('\r\nUID:tour-1b2c@reelty.test\r\n');
    expect(ics).toContain('\r\nSEQUENCE:2\r\n');
    expect(ics).toContain('\r\nDTSTART:20261121T150000Z\r\n');
    expect(ics).toContain('\r\nDTEND:20261121T153000Z\r\n');
    expect(ics).toContain('DESCRIPTION:In person\\; bring ID.\\nSee you there');
    expect(ics).toContain('LOCATION:12 Main St\\, Austin\\; TX');
    expect(ics).toContain('ORGANIZER;CN="Rita R Realtor":mailto:rita@reelty.test');
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('a cancelled tour keeps its UID and says CANCEL', () => {
    const ics = buildIcs({ ...base, cancelled: true, sequence: 3 });
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('UID:tour-1b2c@reelty.test');
    expect(ics).not.toContain('VALARM');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const folded = foldLine('SUMMARY:' + 'é'.repeat(80));
    const parts = folded.split('\r\n ');
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => Buffer.byteLength(p) <= 75)).toBe(true);
    expect(parts.join('')).toBe('SUMMARY:' + 'é'.repeat(80));
    expect(icsText('a,b;c\\d')).toBe('a\\,b\\;c\\\\d');
  });

  it('shows the time in the reader’s zone, across daylight saving', () => {
    expect(localTime(new Date('2026-11-21T15:00:00Z'), 'America/Chicago')).toContain('09:00');
    expect(localTime(new Date('2026-07-21T15:00:00Z'), 'America/Chicago')).toContain('10:00');
    expect(localTime(new Date('2026-11-21T15:00:00Z'), 'Not/AZone')).toBe('Sat 21 Nov 2026, 15:00 (UTC)');
  });
});
