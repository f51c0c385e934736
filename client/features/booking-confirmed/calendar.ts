import { createEvent } from 'ics';

export interface CalendarEvent {
  uid: string;
  title: string;
  start: number;
  minutes: number;
  location: string;
  description: string;
  url?: string;
}

/**
 * An .ics file (RFC 5545) for calendar apps, made with the ics library. Times are written in UTC,
 * which every calendar app shows correctly in its own zone; the description names the salon's
 * local time and timezone.
 */
export function icsFile(e: CalendarEvent): string {
  const { error, value } = createEvent({
    uid: e.uid,
    title: e.title,
    start: e.start,
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: e.minutes },
    location: e.location,
    description: e.description,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    productId: 'bookwell/salon-booking',
    ...(e.url ? { url: e.url } : {}),
  });
  if (error || !value) throw new Error(`Could not make the calendar file: ${error?.message ?? 'unknown error'}`);
  return value;
}
