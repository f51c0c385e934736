/** Dates and times shown in the salon's timezone (never the phone's). */

const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(timeZone: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(opts)}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat('en-GB', { timeZone, ...opts })));
  return f;
}

/** '10:30 am' for an ISO time with offset, in the salon's timezone. */
export function timeLabel(iso: string, timeZone: string): string {
  return fmt(timeZone, { hour: 'numeric', minute: '2-digit', hour12: true })
    .format(new Date(iso))
    .replace(/\u202f/g, ' ');
}

/** A salon-local calendar date ('2026-03-03') as a UTC noon instant, so formatting never shifts the day. */
const dateInstant = (date: string) => new Date(`${date}T12:00:00Z`);

/** 'Tuesday 3 March' */
export function longDate(date: string): string {
  return fmt('UTC', { weekday: 'long', day: 'numeric', month: 'long' }).format(dateInstant(date)).replace(',', '');
}

/** 'Tuesday 3 March 2026' */
export function fullDate(date: string): string {
  return fmt('UTC', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(dateInstant(date)).replace(',', '');
}

export const weekdayShort = (date: string) => fmt('UTC', { weekday: 'short' }).format(dateInstant(date));
export const dayOfMonth = (date: string) => Number(date.slice(8, 10));
export const monthLabel = (date: string) => fmt('UTC', { month: 'long', year: 'numeric' }).format(dateInstant(date));

/**
 * The months of the days from `from` to `to`: 'December 2026' within one month; across two,
 * short names ('Nov – Dec 2026', 'Dec 2026 – Jan 2027') so the label fits a 320 px phone.
 */
export function monthRangeLabel(from: string, to: string): string {
  if (from.slice(0, 7) === to.slice(0, 7)) return monthLabel(from);
  // ICU puts thin spaces around the dash in some versions and plain ones in others: plain, always.
  return fmt('UTC', { month: 'short', year: 'numeric' }).formatRange(dateInstant(from), dateInstant(to)).replace(/\s+/g, ' ');
}

/** The date ('2026-11-23') of an instant in a timezone. */
export function dateIn(timeZone: string, at: Date): string {
  const parts = fmt(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Today's date in the salon's timezone. */
export const salonToday = (timeZone: string) => dateIn(timeZone, new Date());

/** The salon-local date of an ISO time with offset. */
export const dateOf = (iso: string) => iso.slice(0, 10);

/** 'New York time' for America/New_York, 'London time' for Europe/London: the zone's city, as people say it. */
export function zoneTimeLabel(timeZone: string): string {
  const city = timeZone.split('/').pop()!.replace(/_/g, ' ');
  return city === 'UTC' ? 'UTC' : `${city} time`;
}
