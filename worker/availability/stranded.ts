import type { ExtraDay, WeekdayHours } from '../../shared/console/stylists';
import { dayHoursOf } from '../../shared/console/stylists';
import { workingSpans } from '../../shared/working-hours';
import { localDateOf, salonDays, wallClockToUtc } from './calendar';

/** A stylist's weekly hours and extra working days, as the console sends them. */
export interface StylistWeek {
  hours: WeekdayHours[];
  extra_days: ExtraDay[];
}

/**
 * Whether [start, end) (UTC ms) lies within one stretch the stylist works on the salon day it
 * starts (an extra working day's hours in place of the weekday's; breaks cut the day), in the
 * salon's timezone, DST-correct.
 */
export function withinHours(part: { start_at: number; end_at: number }, week: StylistWeek, timezone: string): boolean {
  const date = localDateOf(part.start_at, timezone);
  const day = salonDays(date, 1, timezone)[0]!;
  const h = week.extra_days.find((d) => d.date === date) ?? week.hours.find((w) => w.weekday === day.weekday);
  if (!h) return false;
  return workingSpans(dayHoursOf(h)).some(([s, e]) => part.start_at >= wallClockToUtc(day, s) && part.end_at <= wallClockToUtc(day, e));
}

/**
 * The parts of appointments to come that a change of hours leaves outside them: within the
 * hours before the change, outside after (one already outside, booked at the desk over the
 * hours on purpose, is not the change's doing).
 */
export function strandedBy<P extends { start_at: number; end_at: number }>(
  parts: P[],
  before: StylistWeek,
  after: StylistWeek,
  timezone: string,
): P[] {
  return parts.filter((p) => withinHours(p, before, timezone) && !withinHours(p, after, timezone));
}
