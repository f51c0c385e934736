import { useQuery } from '@tanstack/react-query';
import { formatMoney, toMinor } from '../../../shared/money';
import type { SalonDetails } from '../../../shared/types';
import { salonDetailsQuery } from './booking-calls';

const factsOf = (s: SalonDetails) => ({ timezone: s.timezone, currency: s.currency, country: s.country.code });

/** The salon's timezone and currency, from its public details (the booking pages' own call). */
export function useSalonFacts(salonId: number) {
  const q = useQuery({ ...salonDetailsQuery(salonId), select: factsOf });
  return q.data ?? { timezone: 'Europe/London', currency: 'GBP', country: 'GB' };
}

/** Major units in the salon's currency: '£12.50'. */
export const moneyOf = (major: number, currency: string) => formatMoney(toMinor(major), currency.toUpperCase());

const formats = new Map<string, Intl.DateTimeFormat>();
/** An instant in the salon's time: 'Sat 12 Dec 2026, 10:00'. */
export function salonTime(iso: string, timezone: string) {
  let f = formats.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: timezone,
    });
    formats.set(timezone, f);
  }
  return f.format(new Date(iso));
}

/** A calendar date (YYYY-MM-DD) as people read it: '31 Dec 2099'. */
export const dayOf = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
