import type { DiaryStatus } from '../../../shared/console/diary';
import { formatMoney } from '../../../shared/money';

const formats = new Map<string, Intl.DateTimeFormat>();
function fmt(timeZone: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(opts)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat('en-GB', { timeZone, ...opts })));
  return f;
}

/** '10:30' in the salon's time (the desk reads a 24-hour diary). */
export const clock = (iso: string, timeZone: string) =>
  fmt(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** 'Tue 29 Dec' for a salon-local date. */
export const shortDay = (date: string) =>
  fmt('UTC', { weekday: 'short', day: 'numeric', month: 'short' })
    .format(new Date(`${date}T12:00:00Z`))
    .replace(',', '');

/** 'Tuesday 29 December 2026' */
export const longDay = (date: string) =>
  fmt('UTC', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
    .format(new Date(`${date}T12:00:00Z`))
    .replace(',', '');

/** The salon-local date of an instant ('2026-12-29'). */
export const dateIn = (iso: string | number, timeZone: string) =>
  fmt(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso)).split('/').reverse().join('-');

/** Today in the browser's own calendar: where the diary opens. */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export const money = (minor: number, currency: string) => formatMoney(minor, currency);

/**
 * The status words and look of each state: the colour is never the only sign (the words are always
 * shown). Each colour is also the words' colour at 12 px, so it reads at 4.5:1 or more on every
 * surface of the console's neutral theme (bg, surface, surfaceMuted: tests/unit/components/console-diary-looks.test.tsx).
 */
export const STATUS_LOOK: Record<DiaryStatus, { label: string; colour: string }> = {
  confirmed: { label: 'Confirmed', colour: '#1d4ed8' },
  unconfirmed: { label: 'Unconfirmed', colour: '#92400e' },
  deposit_pending: { label: 'Deposit pending', colour: '#6d28d9' },
  paid: { label: 'Paid', colour: '#166534' },
  waitlist: { label: 'Waitlist', colour: '#4b5563' },
  cancelled: { label: 'Cancelled', colour: '#4b5563' },
};
