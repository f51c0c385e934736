import { addDays, isCalendarDate } from '../../../shared/dates';
import { REBOOKING_SLOT_THRESHOLD, REBOOKING_WINDOW_DAYS } from '../../../shared/rebooking';

/**
 * The rules of the older time picker's window (docs/booking/accounts-and-money.md §4 Older rebooking,
 * §9): 3 days, starting tomorrow in the salon's calendar unless a day is given; EARLIER moves it
 * one day back but never before today, LATER one day on. Dates are salon-local 'YYYY-MM-DD'.
 */

/** The window's first day: the given day when it is a date from today on, otherwise tomorrow. */
export function windowStart(given: string | null, today: string): string {
  return given && isCalendarDate(given) && given >= today ? given : addDays(today, 1);
}

/** The days the window shows, in order. */
export function windowDays(start: string): string[] {
  return Array.from({ length: REBOOKING_WINDOW_DAYS }, (_, i) => addDays(start, i));
}

export const canGoEarlier = (start: string, today: string) => start > today;

/** EARLIER: one day back, never before today. */
export const earlierStart = (start: string, today: string) => (canGoEarlier(start, today) ? addDays(start, -1) : today);

/** LATER: one day on. */
export const laterStart = (start: string) => addDays(start, 1);

/** The availability answer's key of a day ('2026-03-03' → '20260303'). */
export const dayKey = (date: string) => date.replaceAll('-', '');

/** A day with fewer than 12 times (none included) has limited availability. */
export const isLimited = (times: readonly string[]) => times.length < REBOOKING_SLOT_THRESHOLD;
