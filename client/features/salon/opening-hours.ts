import { useSyncExternalStore } from 'react';
import { localDay } from '../../../shared/group-picker';
import type { Opening } from '../../../shared/salon-identity';

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
    () => localDay(new Date(), timeZone).weekday,
    () => rendered ?? null,
  );
}
