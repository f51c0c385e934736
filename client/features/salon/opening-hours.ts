import { useSyncExternalStore } from 'react';
import { openingNow, wallClock } from '../../../shared/opening-hours';
import type { Opening, WeekHours } from '../../../shared/salon-identity';

/** Monday first, as the week list shows it; the index is the weekday (0 = Sunday). */
export const WEEK = [1, 2, 3, 4, 5, 6, 0];
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** '09:00' → '9 am', '17:30' → '5:30 pm' (the app's time style). */
function clock(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 || 12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h % 24 < 12 ? 'am' : 'pm'}`;
}

/** '9 am – 1 pm, 2 pm – 7 pm', or 'Closed'. */
export const openingsLabel = (day: Opening[] = []) =>
  day.length ? day.map((o) => `${clock(o.open)} – ${clock(o.close)}`).join(', ') : 'Closed';

const noSubscription = () => () => {};

/**
 * Today's weekday in the salon's timezone. While the page is server-rendered and hydrated it is
 * the day the edge rendered it on (`rendered`: bootstrap `today`, kept with the page for a quarter
 * of an hour), or null where the edge did not say: the week list needs no 'today' to be read.
 */
export function useSalonWeekday(timeZone: string, rendered?: number): number | null {
  return useSyncExternalStore(
    noSubscription,
    () => wallClock(Date.now(), timeZone).weekday,
    () => rendered ?? null,
  );
}

/**
 * Where the salon stands now, in its own timezone (docs/booking/journey.md, Service selection):
 * 'Open now until 7 pm', 'Opens today at 9 am' (before an opening later today), 'Closed now'
 * (after the day's last one), 'Closed today'.
 */
export function openingNowLabel(week: WeekHours, timeZone: string, now: Date | number): string {
  const at = openingNow(week, timeZone, now);
  if (at.state === 'open') return `Open now until ${clock(at.until)}`;
  if (at.state === 'later') return `Opens today at ${clock(at.opens)}`;
  return at.today === 'closed now' ? 'Closed now' : 'Closed today';
}

/** Asks again every half minute, so the summary turns at an opening or a close. */
const everyHalfMinute = (changed: () => void) => {
  const timer = setInterval(changed, 30_000);
  return () => clearInterval(timer);
};

/**
 * The summary's words now. While the page is server-rendered and hydrated they are those of the
 * instant the edge rendered it (`renderedAt`: bootstrap `rendered_at`), or null where it did not say.
 */
export function useOpeningNow(week: WeekHours, timeZone: string, renderedAt?: number): string | null {
  return useSyncExternalStore(
    everyHalfMinute,
    () => openingNowLabel(week, timeZone, Date.now()),
    () => (renderedAt === undefined ? null : openingNowLabel(week, timeZone, renderedAt)),
  );
}
