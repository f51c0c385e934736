import { fromZonedWall, zonedTime } from '../../shared/zoned-time';

/**
 * One calendar day in the salon's timezone, as real (UTC) time. Most days have no offset
 * change, and their wall-clock ↔ UTC conversion is plain arithmetic; the two days a year that
 * have a DST change take the exact (slower) path through fromZonedWall (shared/zoned-time.ts).
 */
export interface SalonDay {
  date: string;
  weekday: number;
  startUtc: number;
  endUtc: number;
  uniform: boolean;
  /** minutes east of UTC at the start of the day */
  offsetMin: number;
  timezone: string;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export { addDays, daysBetween, isCalendarDate } from '../../shared/dates';
import { addDays, weekdayOf } from '../../shared/dates';

/** The salon's local date of an instant. */
export function localDateOf(utcMs: number, timezone: string): string {
  return zonedTime(utcMs, timezone).date;
}

function midnightUtc(date: string, timezone: string): number {
  return fromZonedWall(`${date}T00:00:00`, timezone);
}

/** Consecutive salon days from `from`, `count` of them (each midnight computed once). */
export function salonDays(from: string, count: number, timezone: string): SalonDay[] {
  const days: SalonDay[] = [];
  let date = from;
  let start = midnightUtc(date, timezone);
  for (let i = 0; i < count; i++) {
    const next = addDays(date, 1);
    const end = midnightUtc(next, timezone);
    const offsetMin = Math.round((Date.parse(`${date}T00:00:00Z`) - start) / MINUTE);
    days.push({
      date,
      weekday: weekdayOf(date),
      startUtc: start,
      endUtc: end,
      uniform: end - start === 24 * HOUR,
      offsetMin,
      timezone,
    });
    date = next;
    start = end;
  }
  return days;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A wall-clock minute of the day (e.g. 9:30 → 570) as an instant. */
export function wallClockToUtc(day: SalonDay, minuteOfDay: number): number {
  if (day.uniform) return day.startUtc + minuteOfDay * MINUTE;
  const h = Math.floor(minuteOfDay / 60);
  if (h >= 24) return day.endUtc + (minuteOfDay - 24 * 60) * MINUTE;
  return fromZonedWall(`${day.date}T${pad(h)}:${pad(minuteOfDay % 60)}:00`, day.timezone);
}

function offsetString(offsetMin: number): string {
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An instant in the salon's local time with its offset: '2026-03-03T10:30:00+00:00'. */
export function localIso(day: SalonDay, utcMs: number): string {
  if (!day.uniform) {
    const z = zonedTime(utcMs, day.timezone);
    const whole = utcMs - (((utcMs % MINUTE) + MINUTE) % MINUTE);
    const offset = Math.round((Date.parse(`${z.date}T${z.time}:00Z`) - whole) / MINUTE);
    return `${z.date}T${z.time}:${pad(new Date(utcMs).getUTCSeconds())}${offsetString(offset)}`;
  }
  const local = new Date(utcMs + day.offsetMin * MINUTE);
  return `${local.toISOString().slice(0, 19)}${offsetString(day.offsetMin)}`;
}
