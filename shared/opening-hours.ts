import type { Opening, WeekHours } from './salon-identity';
import { WEEKDAYS, zonedTime } from './zoned-time';

/**
 * A salon's opening hours as rules (issue 56, docs/booking/journey.md §7): what they bound (every
 * time offered online and every move) and what they say now ('Open now', 'Opens at', 'Closed
 * now'), the same on both sides. Times are the salon's wall clock in its own timezone.
 */

/** '09:30' → 570; '24:00' → 1440. */
export const minuteOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Each weekday's openings as [open, close) minutes of the day, Sunday first. */
export type WeekMinutes = [number, number][][];

export const weekMinutes = (week: WeekHours): WeekMinutes => week.map((day) => day.map((o) => [minuteOf(o.open), minuteOf(o.close)]));

/** The hours a salon set, as stored (seven lists, Sunday first), or null: none set, bound by its stylists' hours only. */
export function storedHours(json: string | null | undefined): WeekHours | null {
  if (!json) return null;
  const week = JSON.parse(json) as unknown;
  return Array.isArray(week) && week.length === 7 ? (week as WeekHours) : null;
}

/** The salon's wall clock at an instant: its date, weekday (0 Sunday) and minute of the day. */
export function wallClock(ms: number, timezone: string): { date: string; weekday: number; minute: number } {
  const z = zonedTime(ms, timezone);
  return { date: z.date, weekday: WEEKDAYS.indexOf(z.weekday), minute: z.hour * 60 + Number(z.time.slice(3)) };
}

/**
 * Whether [start, end) (UTC ms; a booking from its first service's start to its last one's end,
 * processing included) lies inside one opening of the salon's day. An end at midnight counts as
 * the day's 24:00.
 */
export function withinOpeningHours(week: WeekHours, timezone: string, start: number, end: number): boolean {
  const from = wallClock(start, timezone);
  const to = wallClock(end, timezone);
  const toMinute = to.date === from.date ? to.minute : to.minute === 0 && end > start ? 1440 : -1;
  if (toMinute < 0) return false;
  return (week[from.weekday] ?? []).some((o) => minuteOf(o.open) <= from.minute && toMinute <= minuteOf(o.close));
}

/** Where the salon stands at an instant, in its own day. */
export type OpeningNow =
  { state: 'open'; until: string } | { state: 'later'; opens: string } | { state: 'closed'; today: 'closed all day' | 'closed now' };

/** Open now (until when), opening later today (at what time), or closed for the rest of the day. */
export function openingNow(week: WeekHours, timezone: string, now: Date | number): OpeningNow {
  const { weekday, minute } = wallClock(typeof now === 'number' ? now : now.getTime(), timezone);
  const today: Opening[] = week[weekday] ?? [];
  if (today.length === 0) return { state: 'closed', today: 'closed all day' };
  for (const o of today) {
    if (minute < minuteOf(o.open)) return { state: 'later', opens: o.open };
    if (minute < minuteOf(o.close)) return { state: 'open', until: o.close };
  }
  return { state: 'closed', today: 'closed now' };
}
