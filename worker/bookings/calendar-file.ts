import { createEvent } from 'ics';

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
 * The booking as an iCalendar file (RFC 5545, made with the ics library), with a UID that stays
 * the same for the booking's whole life ('appointment-{id}@bookwell'): calendar apps update the
 * event when its time changes (PUBLISH) and remove it once cancelled (METHOD:CANCEL with
 * STATUS:CANCELLED and a higher SEQUENCE; each move raises SEQUENCE too). Times are UTC, which every calendar shows in its own zone.
 */
export function calendarFile(e: CalendarEntry): string {
  const { error, value } = createEvent({
    uid: `appointment-${e.appointmentId}@bookwell`,
    productId: 'bookwell/salon-booking',
    method: e.cancelled ? 'CANCEL' : 'PUBLISH',
    status: e.cancelled ? 'CANCELLED' : 'CONFIRMED',
    sequence: e.sequence + (e.cancelled ? 1 : 0),
    title: e.title,
    start: e.start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end: e.end,
    endInputType: 'utc',
    endOutputType: 'utc',
    location: e.location,
    description: e.description,
    busyStatus: e.cancelled ? 'FREE' : 'BUSY',
  });
  if (error || !value) throw new Error(`Could not make the calendar file: ${error?.message ?? 'unknown error'}`);
  return value;
}
