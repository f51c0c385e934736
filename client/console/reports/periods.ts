import type { ReportQuery } from '../../../shared/console/reports';
import { addDays, weekdayOf } from '../../../shared/dates';

export type PeriodKind = 'today' | 'week' | 'month' | 'custom';

/** Today's date (YYYY-MM-DD) in the salon's timezone. */
export const todayIn = (timezone: string, now = Date.now()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** Today, this week (Monday to Sunday) or this month in the salon's calendar. */
export function periodOf(kind: Exclude<PeriodKind, 'custom'>, today: string): ReportQuery {
  if (kind === 'today') return { from: today, to: today };
  if (kind === 'week') {
    const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
    return { from: monday, to: addDays(monday, 6) };
  }
  const first = `${today.slice(0, 7)}-01`;
  return { from: first, to: addDays(addDays(first, 31).slice(0, 7) + '-01', -1) };
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** A period in words: '3 Mar 2025' or '1 Mar 2025 – 31 Mar 2025'. */
export const periodWords = (q: ReportQuery) =>
  q.from === q.to ? dayFormat.format(utc(q.from)) : `${dayFormat.format(utc(q.from))} – ${dayFormat.format(utc(q.to))}`;

/** A day of a chart or table: 'Mon 3 Mar'. */
export const dayWords = (date: string) => shortDay.format(utc(date));
