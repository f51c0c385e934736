import { openingNow, wallClock } from './opening-hours';
import type { WeekHours } from './salon-identity';

/**
 * The group picker's pure rules (issue 31), the same in the server render and the browser:
 * today's hours in a location's timezone, its next time in words, and distances for sorting.
 */

/** What the picker says when the group owner leaves the heading empty. */
export const DEFAULT_PICKER_HEADING = 'Choose a location to book:';

/** The date (YYYY-MM-DD) and weekday (0 Sunday) of `now` in `timezone` (its wall clock, opening-hours.ts). */
export function localDay(now: Date, timezone: string): { date: string; weekday: number } {
  const { date, weekday } = wallClock(now.getTime(), timezone);
  return { date, weekday };
}

/**
 * Where a location stands now, in its timezone: 'Open now until 19:00', 'Opens today at 09:00'
 * (an opening later today), 'Closed now' (after the day's last one) or 'Closed today'.
 */
export function todayHoursWords(week: WeekHours, timezone: string, now: Date): string {
  const at = openingNow(week, timezone, now);
  if (at.state === 'open') return `Open now until ${at.until}`;
  if (at.state === 'later') return `Opens today at ${at.opens}`;
  return at.today === 'closed now' ? 'Closed now' : 'Closed today';
}

const addDay = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A next time ('2026-11-27T14:30:00+00:00', the salon's wall clock) in words: 'Today 14:30', 'Tomorrow 09:00', 'Thu 3 Dec 10:00'. */
export function nextTimeWords(localIso: string, timezone: string, now: Date): string {
  const date = localIso.slice(0, 10);
  const time = localIso.slice(11, 16);
  const today = localDay(now, timezone).date;
  if (date === today) return `Today ${time}`;
  if (date === addDay(today, 1)) return `Tomorrow ${time}`;
  const day = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  return `${day} ${time}`;
}

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance as people there say it: miles in the UK and the US, kilometres elsewhere. */
export function distanceWords(km: number, miles: boolean): string {
  const v = miles ? km / 1.609344 : km;
  const shown = v < 10 ? v.toFixed(1) : String(Math.round(v));
  return `${shown} ${miles ? 'miles' : 'km'} away`;
}
