/**
 * An iCalendar (RFC 5545) file for one tour. Times are written in UTC ("Z"), which every calendar converts to its
 * own time zone, so no VTIMEZONE block can be wrong. The UID is derived from the tour id and never changes; each
 * reschedule raises SEQUENCE so calendars replace the event, and a cancelled tour is sent as METHOD:CANCEL.
 */
export interface IcsEvent {
  uid: string;
  sequence: number;
  start: Date;
  durationMinutes: number;
  stamp: Date;
  summary: string;
  description: string;
  location: string | null;
  url: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  cancelled: boolean;
}

/** 20261121T150000Z */
export function icsUtc(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT escaping: backslash, semicolon, comma and newlines. */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (continuations start with a space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const param = (value: string) => `"${value.replace(/["\r\n]/g, '')}"`;

export function buildIcs(e: IcsEvent): string {
  const end = new Date(e.start.getTime() + e.durationMinutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Reelty//Tours//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.cancelled ? 'CANCEL' : 'REQUEST'}`,
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${icsUtc(e.stamp)}`,
    `DTSTART:${icsUtc(e.start)}`,
    `DTEND:${icsUtc(end)}`,
    `SUMMARY:${icsText(e.summary)}`,
    `DESCRIPTION:${icsText(e.description)}`,
    ...(e.location ? [`LOCATION:${icsText(e.location)}`] : []),
    `URL:${e.url}`,
    `ORGANIZER;CN=${param(e.organizer.name)}:mailto:${e.organizer.email}`,
    `ATTENDEE;CN=${param(e.attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${e.attendee.email}`,
    `STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    ...(e.cancelled
      ? []
      : ['BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${icsText(e.summary)}`, 'TRIGGER:-PT1H', 'END:VALARM']),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** "Sat 21 Nov 2026, 09:00 (America/Chicago)" in the reader's time zone (an unknown zone falls back to UTC). */
export function localTime(d: Date, timeZone: string): string {
  const format = (tz: string) => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: tz,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(d);
    const v = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${v('weekday')} ${v('day')} ${v('month')} ${v('year')}, ${v('hour')}:${v('minute')} (${tz})`;
  };
  try {
    return format(timeZone || 'UTC');
  } catch {
    return format('UTC');
  }
}
