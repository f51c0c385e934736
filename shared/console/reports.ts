import * as z from '../zod';
import { addDays, daysBetween, isCalendarDate } from '../dates';
import type { PaymentMethod } from './checkout';

/**
 * The salon's reports (docs/console/reports.md): takings, utilisation and clients for a period of
 * the salon's own calendar days, compared with the period of the same length before it. Amounts
 * are minor units of the salon's currency.
 */

/** The longest period a report covers, in days (a year, a leap year's too). */
export const MAX_REPORT_DAYS = 366;

const day = (what: string) =>
  z.string({ message: `${what} must be a date such as 2026-03-01` }).refine(isCalendarDate, `${what} must be a date such as 2026-03-01`);

/** `?from=&to=`: the first and last day of the period (both included), at most a year. */
export const reportQuery = z.object({ from: day('from'), to: day('to') }).superRefine((q, ctx) => {
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from' });
  else if (daysBetween(q.from, q.to) + 1 > MAX_REPORT_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `to must be at most ${MAX_REPORT_DAYS} days after from, both included` });
});
export type ReportQuery = z.infer<typeof reportQuery>;

const lastOfMonth = (date: string) => addDays(`${addMonths(date.slice(0, 7), 1)}-01`, -1);
/** 'YYYY-MM' a number of months on. */
function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const i = y * 12 + (m - 1) + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/**
 * The period a report is compared with: for whole calendar months, as many whole months before
 * (March against February); otherwise as many days, ending the day before `from`.
 */
export function previousPeriod(q: ReportQuery): ReportQuery {
  if (q.from.endsWith('-01') && q.to === lastOfMonth(q.to)) {
    const months = (Number(q.to.slice(0, 4)) - Number(q.from.slice(0, 4))) * 12 + Number(q.to.slice(5, 7)) - Number(q.from.slice(5, 7)) + 1;
    const from = `${addMonths(q.from.slice(0, 7), -months)}-01`;
    return { from, to: addDays(q.from, -1) };
  }
  const days = daysBetween(q.from, q.to) + 1;
  return { from: addDays(q.from, -days), to: addDays(q.from, -1) };
}

/** The salon's days of a period, in order. */
export function periodDays(q: ReportQuery): string[] {
  const out: string[] = [];
  for (let d = q.from; d <= q.to; d = addDays(d, 1)) out.push(d);
  return out;
}

export { PAYMENT_METHODS, type PaymentMethod } from './checkout';

/** The totals a period is compared by. */
export interface TakingsTotals {
  /** what the salon took: Σ by_method + deposits + no_show_fees − refunds (tips included) */
  total: number;
  tips: number;
  deposits: number;
  no_show_fees: number;
  vouchers_sold: number;
  vouchers_redeemed: number;
  refunds: number;
}

export interface Amount {
  amount: number;
}

/** GET …/reports/takings. A stylist's answer holds their own sales and tips only (`scope: 'stylist'`): no methods, deposits, fees, vouchers or refunds. */
export interface TakingsReport extends TakingsTotals {
  from: string;
  to: string;
  scope: 'salon' | 'stylist';
  currency: string;
  by_method: ({ method: PaymentMethod } & Amount)[];
  by_day: ({ date: string } & Amount)[];
  /** what each stylist sold: sale lines after their share of the discount (tips apart) */
  by_stylist: ({ id: number | null; name: string } & Amount)[];
  by_service: ({ id: number | null; name: string; count: number } & Amount)[];
  tips_by_stylist: ({ id: number | null; name: string } & Amount)[];
  previous: TakingsTotals & { from: string; to: string };
}

export interface UtilisationRow {
  booked_minutes: number;
  working_minutes: number;
  /** booked over working, 0 to 1 (more when booked over time off); null without working time */
  utilisation: number | null;
}

/** GET …/reports/utilisation: booked over working minutes per stylist and per day. */
export interface UtilisationReport extends UtilisationRow {
  from: string;
  to: string;
  timezone: string;
  stylists: ({ id: number; name: string } & UtilisationRow)[];
  by_day: ({ date: string } & UtilisationRow)[];
  previous: UtilisationRow & { from: string; to: string };
}

/** Where an appointment came from. */
export const CHANNELS = ['online', 'desk', 'deposit_request', 'rebooking_link', 'import'] as const;
export type Channel = (typeof CHANNELS)[number];
export const CHANNEL_WORDS: Record<Channel, string> = {
  online: 'Online',
  desk: 'Desk',
  deposit_request: 'Deposit request',
  rebooking_link: 'Rebooking link',
  import: 'Imported',
};

export interface ClientTotals {
  /** distinct clients who came in the period */
  clients: number;
  /** of them, first visit ever in the period */
  new_clients: number;
  returning_clients: number;
  visits: number;
  /** visits after which the client's next appointment starts within 6 weeks */
  rebooked_visits: number;
  rebooking_rate: number | null;
  /** appointments that started in the period (kept, no-show or cancelled) */
  booked: number;
  no_shows: number;
  no_show_rate: number | null;
  late_cancellations: number;
  late_cancellation_rate: number | null;
}

/** GET …/reports/clients. */
export interface ClientsReport extends ClientTotals {
  from: string;
  to: string;
  /** appointments of the period by where they were made */
  channels: { channel: Channel; appointments: number; share: number | null }[];
  previous: ClientTotals & { from: string; to: string };
}

/** A share of a whole, or null when there is no whole. */
export const rateOf = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

/**
 * One CSV cell: text that a spreadsheet would run as a formula (it starts with =, +, -, @, a tab
 * or a carriage return) is written with a leading apostrophe; numbers as they are.
 */
export function csvCell(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  const text = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV (RFC 4180, CRLF), the first row the header. */
export const toCsv = (rows: readonly (readonly (string | number | null | undefined)[])[]) =>
  rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
