import { workingSpans, type DayHours } from './working-hours';
/** The salon's identity on its booking page (issue 17): images, opening hours, map link. */

/** An image the Worker serves at `url` (/media/{sha-256}.{ext}), with its size in pixels. */
export interface SalonImage {
  url: string;
  width: number;
  height: number;
}

/** One opening on a day, in the salon's local time ('09:00' to '17:30'). */
export interface Opening {
  open: string;
  close: string;
}

/** Seven lists of openings, Sunday (0) first as Date.getDay() counts; an empty list is a closed day. */
export type WeekHours = Opening[][];

/** The weekday names the admin API takes, Sunday (weekday 0) first. */
export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

const hhmm = (min: number) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

/** A stylist's hours on one weekday, as stylist_hours stores them (minutes from local midnight). */
export interface WorkingDay extends DayHours {
  weekday: number;
}

/**
 * The salon's hours when it has not set any: on each weekday, the times at least one stylist
 * works (their hours less their breaks, merged).
 */
export function hoursFromStylists(days: WorkingDay[]): WeekHours {
  return WEEKDAY_NAMES.map((_, weekday) => {
    const spans: [number, number][] = [];
    for (const d of days.filter((x) => x.weekday === weekday)) spans.push(...workingSpans(d));
    spans.sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const [s, e] of spans.filter(([s, e]) => s < e)) {
      const last = merged[merged.length - 1];
      if (last && s <= last[1]) last[1] = Math.max(last[1], e);
      else merged.push([s, e]);
    }
    return merged.map(([s, e]) => ({ open: hhmm(s), close: hhmm(e) }));
  });
}

/** A postcode kept on one line where the address wraps ('N1 8ED', never 'N1' above '8ED'): for display only. */
export const unbrokenPostcode = (postcode: string) => postcode.trim().replace(/\s+/g, '\u00a0');

/** A plain Google Maps search link for the address (no embed, nothing fetched); null without an address. */
export function mapLinkOf(a: { name: string; lines: string[]; city: string; postcode: string; country: string }): string | null {
  const parts = [...a.lines, a.city, a.postcode].map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) return null;
  const query = [a.name, ...parts, a.country].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
