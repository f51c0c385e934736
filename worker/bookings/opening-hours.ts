import { weekdayOf } from '../../shared/dates';
import { zonedTime } from '../../shared/zoned-time';
import { storedHours, withinOpeningHours } from '../../shared/opening-hours';
import { AppError } from '../errors';

/** A salon as the opening-hours rule reads it: its timezone and its stored hours (null: none set). */
interface SalonHours {
  timezone: string;
  opening_hours: string | null;
}

/**
 * Whether a booking from `start` to `end` (UTC ms, processing included) lies outside the salon's
 * opening hours: false when the salon set none (its stylists' hours bound it).
 */
export function outsideOpeningHours(salon: SalonHours, start: number, end: number): boolean {
  const week = storedHours(salon.opening_hours);
  return week !== null && !withinOpeningHours(week, salon.timezone, start, end);
}

/**
 * The desk's refusal of a time outside the salon's opening hours, unless it books any time
 * (docs/console/desk.md): 409 OUTSIDE_OPENING_HOURS, saying the day's hours.
 */
export function assertWithinOpeningHours(salon: SalonHours, start: number, end: number): void {
  if (!outsideOpeningHours(salon, start, end)) return;
  const week = storedHours(salon.opening_hours)!;
  const z = zonedTime(start, salon.timezone);
  const weekday = weekdayOf(z.date);
  const day = z.weekday;
  const hours = week[weekday]?.length ? week[weekday].map((o) => `${o.open}–${o.close}`).join(', ') : 'closed';
  throw new AppError(
    'CONFLICT',
    `That time is outside the salon’s opening hours (${day}: ${hours}): the whole appointment, processing included, must fit within them. Choose another time, or tick “Any time the stylist is free” to book it anyway.`,
    'start_time',
    'OUTSIDE_OPENING_HOURS',
  );
}
