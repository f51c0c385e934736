/** Texts of docs/booking/journey.md §8 for availability; the API and the screens use the same words. */
export const MSG_KEEP_SCROLLING = 'Please keep scrolling to a future date to find availability for your appointment.';
export const MSG_NO_SLOTS_ON_DATE =
  "Sorry, it looks like there's no availability for your chosen date. Please select another date to check availability.";
export const MSG_NO_SLOTS_WAITLIST = "Sorry looks like there's no availability for your selected date. Select another day";
export const MSG_FULLY_BOOKED = 'The salon is fully booked for the next 6 months, please call the salon.';
export const MSG_EXCEEDS_MAX_DAYS = 'Exceeds Maximum days';
export const MSG_NO_SLOTS = 'No slots';
export const MSG_PICK_A_DAY = 'Click on a day that you wish to come in.';
export const MSG_PATCH_TIME_SELECTED = 'Patch test time selected, hit next to choose appointment time';

/** '{stylist} is only accepting bookings {n} days in advance and unfortunately has no availability between now and {date}' */
export function exceedsMaxDaysMessage(stylist: string, days: number, date: string): string {
  return `${stylist} is only accepting bookings ${days} days in advance and unfortunately has no availability between now and ${date}`;
}

/** Days searched ahead: the slider's 181 days, about 6 months. */
export const SEARCH_DAYS = 181;
export const PATCH_TEST_MINUTES = 5;
export const PATCH_LEAD_HOURS = 48;

/**
 * How far back from a day's start a busy time may still reach into it: a procedure is shorter
 * than a day. The engine looks no further back, so the Worker never reads busy times that start
 * earlier than this before the window asked about (docs/booking/availability.md).
 */
export const BUSY_LOOKBACK_MS = 24 * 60 * 60_000;
