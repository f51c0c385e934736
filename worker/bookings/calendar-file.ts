export interface CalendarEntry {
  appointmentId: number;
  title: string;
  /** UTC ms */
  start: number;
  end: number;
  location: string;
  description: string;
  cancelled: boolean;
  /** the booking's moves so far: each new time is a higher SEQUENCE, and a cancellation one more */
  sequence: number;
}

/**
 * The booking as an iCalendar file (RFC 5545), with a UID that stays the same for the booking's
 * whole life ('appointment-{id}@bookwell'): calendar apps update the event when its time changes
 * (PUBLISH) and remove it once cancelled (METHOD:CANCEL with STATUS:CANCELLED and a higher
 * SEQUENCE; each move raises SEQUENCE too). Times are UTC, which every calendar shows in its own
 * zone. Written here rather than with a library: one event of a few properties is all it takes,
 * and the ics library brought yup with it into the Worker (70 KB raw).
 */
export function calendarFile(e: CalendarEntry, now = Date.now()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'PRODID:bookwell/salon-booking',
    `METHOD:${e.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'X-PUBLISHED-TTL:PT1H',
    'BEGIN:VEVENT',
    `UID:appointment-${e.appointmentId}@bookwell`,
    `SUMMARY:${text(e.title)}`,
    `DTSTAMP:${utc(now)}`,
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(e.end)}`,
    `SEQUENCE:${e.sequence + (e.cancelled ? 1 : 0)}`,
    `DESCRIPTION:${text(e.description)}`,
    `LOCATION:${text(e.location)}`,
    `STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `X-MICROSOFT-CDO-BUSYSTATUS:${e.cancelled ? 'FREE' : 'BUSY'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** A UTC date-time, '20261203T093000Z' (RFC 5545 3.3.5, form 2). */
function utc(ms: number): string {
  if (!Number.isFinite(ms)) throw new Error('Could not make the calendar file: a time is not a date');
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks escaped. */
const text = (s: string) => s.replace(/[\\;,]/g, (ch) => `\\${ch}`).replace(/\r?\n/g, '\\n');

const encoder = new TextEncoder();

/** A content line folded to at most 75 octets a line, never inside a character (RFC 5545 3.1). */
export function fold(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // a continuation line starts with one space, which counts towards its 75
    if (octets + size > 75) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}
