/** Pure calendar arithmetic on 'YYYY-MM-DD' dates (no timezone involved). */

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/**
 * A date-time with its offset, as every call takes one ('2026-11-24T10:00:00Z',
 * '2026-11-24T10:00+01:00'), that names a real instant: the month 01-12, a day the month has,
 * hours 00-23, minutes and seconds 00-59, an offset of at most 14 hours. `Date.parse` alone
 * would take '2026-02-30' (as 2 March) or answer NaN further on.
 */
export function isIsoDateTime(text: string): boolean {
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return false;
  const [, date = '', hours, minutes, seconds = '0', offsetHours = '0', offsetMinutes = '0'] = m;
  return (
    isCalendarDate(date) &&
    Number(hours) <= 23 &&
    Number(minutes) <= 59 &&
    Number(seconds) <= 59 &&
    Number(offsetHours) <= 14 &&
    Number(offsetMinutes) <= 59 &&
    Number.isFinite(Date.parse(text))
  );
}

/** 0 = Sunday */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** A date some months on, kept to the last day of a shorter month: 2026-01-31 + 1 → 2026-02-28. */
export function addMonths(date: string, months: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(Math.min(d, last))}`;
}
