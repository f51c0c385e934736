import { formatMoney, toMinor } from '../../../shared/money';
import type { RebookingClient, RebookingProcedure } from '../../../shared/rebooking';
import { dateIn, fullDate, timeLabel } from '../../lib/salon-time';

/** The country whose way of writing money goes with a currency (§9: AED, EUR, GBP default, USD). */
const COUNTRY_OF: Record<string, string> = { GBP: 'GB', USD: 'US', EUR: 'IE', AED: 'AE' };

/** Major units in the salon's currency, 2 decimals: £45.00. */
export const moneyAt = (salon: RebookingClient['salon']) => (major: number) =>
  formatMoney(toMinor(major), salon.currency, COUNTRY_OF[salon.currency] ?? 'GB');

/** 'Monday 7 December 2026' and '10:00 am – 12:00 pm' in the salon's timezone. */
export function whenText(startsAt: string, endsAt: string, timeZone: string): { date: string; time: string } {
  return {
    date: fullDate(dateIn(timeZone, new Date(startsAt))),
    time: `${timeLabel(startsAt, timeZone)} – ${timeLabel(endsAt, timeZone)}`,
  };
}

/** The stylists of an appointment, each once, in the order of its services. */
export const stylistsOf = (procedures: readonly RebookingProcedure[]) => [...new Set(procedures.map((p) => p.stylist.user_name))];

/** The end of an appointment that starts at `start`: as long as the past one took. */
export const endAfter = (start: string, pastStart: string, pastEnd: string) =>
  new Date(Date.parse(start) + Date.parse(pastEnd) - Date.parse(pastStart)).toISOString();
