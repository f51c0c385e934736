import {
  CHANNELS,
  PAYMENT_METHODS,
  previousPeriod,
  rateOf,
  toCsv,
  type Channel,
  type ClientTotals,
  type ClientsReport,
  type PaymentMethod,
  type ReportQuery,
  type TakingsReport,
  type TakingsTotals,
  type UtilisationReport,
  type UtilisationRow,
} from '../../shared/console/reports';
import { daysBetween } from '../../shared/dates';
import { dayHoursOfRow, workingSpans } from '../../shared/working-hours';
import { localDateOf, salonDays, wallClockToUtc, type SalonDay } from '../availability/calendar';
import {
  clientRows,
  takingsRows,
  utilisationRows,
  type ClientRows,
  type DayBounds,
  type MoneyRow,
  type Scope,
  type StylistHoursRows,
} from '../db/reports';
import { rebuildRollups, rollupOffset } from '../db/report-rollups';
import { salonById } from '../db/salons';
import { AppError } from '../errors';

/**
 * The salon's reports (docs/console/reports.md), each for a period of the salon's own days
 * [from 00:00, the day after `to` 00:00) in its timezone, and the period of the same length
 * before it. A stylist's (`scope.stylistId`) are their own figures only.
 */

async function salonOf(db: D1Database, salonId: number) {
  const [salon, off] = await Promise.all([salonById(db, salonId), rollupOffset(db, salonId)]);
  if (!salon) throw new AppError('NOT_FOUND', 'Salon not found');
  return { ...salon, rollupOffset: off ?? (await buildRollups(db, salonId, salon.timezone)) };
}

/** A salon's first report builds its roll-ups from its rows, cut at its offset from UTC today (docs/console/reports.md "Fast"). */
export function buildRollups(db: D1Database, salonId: number, timezone: string, now = Date.now()): Promise<number> {
  const [today] = salonDays(localDateOf(now, timezone), 1, timezone);
  return rebuildRollups(db, salonId, Date.parse(`${today!.date}T00:00:00Z`) - today!.startUtc, now);
}

/** The period's days in the salon's timezone: a day of a clock change is 23 or 25 hours. */
export function daysOf(q: ReportQuery, timezone: string): SalonDay[] {
  return salonDays(q.from, daysBetween(q.from, q.to) + 1, timezone);
}
const boundsOf = (days: SalonDay[]): DayBounds => days.map((d) => [d.date, d.startUtc, d.endUtc]);

// ---------------------------------------------------------------- takings

const sumOf = (rows: MoneyRow[], kind: string) => rows.reduce((n, r) => (r.kind === kind ? n + r.amount : n), 0);

/** Whether a row of money adds to (1) or takes from (-1) the day's takings, or is shown apart (0). */
function signOf(kind: string, stylist: boolean): number {
  if (stylist) return kind === 'line' || kind === 'tip' ? 1 : kind === 'line_refund' || kind === 'tip_refund' ? -1 : 0;
  if (kind.startsWith('pay:') || kind === 'deposit' || kind === 'no_show_fee') return 1;
  return kind === 'refund' || kind === 'deposit_refund' ? -1 : 0;
}

function totalsOf(rows: MoneyRow[], stylist: boolean): TakingsTotals {
  const total = rows.reduce((n, r) => n + signOf(r.kind, stylist) * r.amount, 0);
  return {
    total,
    tips: sumOf(rows, 'tip') - sumOf(rows, 'tip_refund'),
    deposits: sumOf(rows, 'deposit'),
    no_show_fees: sumOf(rows, 'no_show_fee'),
    vouchers_sold: sumOf(rows, 'voucher_sold'),
    vouchers_redeemed: sumOf(rows, 'voucher_redeemed'),
    refunds: sumOf(rows, 'refund') + sumOf(rows, 'deposit_refund'),
  };
}

const byName = <T extends { name: string; amount: number }>(a: T, b: T) => b.amount - a.amount || a.name.localeCompare(b.name);

/** GET …/reports/takings. */
export async function takingsReport(db: D1Database, scope: Scope, q: ReportQuery): Promise<TakingsReport> {
  const salon = await salonOf(db, scope.salonId);
  const before = previousPeriod(q);
  const days = daysOf(q, salon.timezone);
  const rows = await takingsRows(db, scope, boundsOf(days), boundsOf(daysOf(before, salon.timezone)), salon.rollupOffset);
  const stylist = scope.stylistId !== null;
  const byDay = new Map(days.map((d) => [d.date, 0]));
  for (const r of rows.money) byDay.set(r.date, (byDay.get(r.date) ?? 0) + signOf(r.kind, stylist) * r.amount);
  return {
    from: q.from,
    to: q.to,
    scope: stylist ? 'stylist' : 'salon',
    currency: salon.currency,
    ...totalsOf(rows.money, stylist),
    by_method: stylist
      ? []
      : PAYMENT_METHODS.map((method: PaymentMethod) => ({ method, amount: sumOf(rows.money, `pay:${method}`) })).filter(
          (m) => m.amount !== 0,
        ),
    by_day: [...byDay].map(([date, amount]) => ({ date, amount })),
    by_stylist: rows.byStylist.map(({ id, name, amount }) => ({ id, name, amount })).sort(byName),
    by_service: rows.byService.sort(byName),
    tips_by_stylist: rows.tips.map(({ id, name, amount }) => ({ id, name, amount })).sort(byName),
    previous: { from: before.from, to: before.to, ...totalsOf(rows.previous, stylist) },
  };
}

// ---------------------------------------------------------------- utilisation

type Interval = [number, number];

/** Minutes of `spans` outside every interval of `away` (both sorted by start; those before `first` end before the spans). */
function minutesLeft(spans: Interval[], away: Interval[], first = 0): number {
  let ms = 0;
  for (const [s, e] of spans) {
    let from = s;
    for (let i = first; i < away.length; i++) {
      const [as, ae] = away[i]!;
      if (ae <= from) continue;
      if (as >= e) break;
      if (as > from) ms += as - from;
      from = Math.max(from, ae);
      if (from >= e) break;
    }
    if (from < e) ms += e - from;
  }
  return Math.round(ms / 60_000);
}

const rowOf = (booked: number, working: number): UtilisationRow => ({
  booked_minutes: booked,
  working_minutes: working,
  utilisation: rateOf(booked, working),
});

/** Booked and working minutes per stylist and day of a period (working: their hours on each day as instants, less time off and blocks). */
function utilisationOf(rows: StylistHoursRows, days: SalonDay[]) {
  const weekly = new Map(rows.hours.map((h) => [`${h.stylist_id}:${h.weekday}`, h]));
  const extra = new Map(rows.extra.map((d) => [`${d.stylist_id}:${d.date}`, d]));
  const booked = new Map(rows.booked.map((b) => [`${b.stylist_id}:${b.date}`, b.minutes]));
  const bookedBy = new Set(rows.booked.map((b) => b.stylist_id));
  const away = new Map<number, Interval[]>();
  for (const a of rows.away) away.set(a.stylist_id, [...(away.get(a.stylist_id) ?? []), [a.start_at, a.end_at]]);
  for (const list of away.values()) list.sort((a, b) => a[0] - b[0]);
  // each row of hours' spans worked out once (a year is 365 days of the same few rows)
  const spansOf = new Map<object, [number, number][]>();
  const worked = (h: { start_min: number; end_min: number; breaks: string }) =>
    spansOf.get(h) ?? spansOf.set(h, workingSpans(dayHoursOfRow(h)!)).get(h)!;
  const cells: { stylist: number; date: string; booked: number; working: number }[] = [];
  const stylists = rows.stylists.filter((s) => s.active === 1 || bookedBy.has(s.id));
  for (const s of stylists) {
    const off = away.get(s.id) ?? [];
    // the latest end of the absences so far: those before `first` are over before the day starts
    let reach = -Infinity;
    const reaches = off.map(([, e]) => (reach = Math.max(reach, e)));
    let first = 0;
    for (const d of days) {
      while (first < off.length && reaches[first]! <= d.startUtc) first++;
      const h = extra.get(`${s.id}:${d.date}`) ?? weekly.get(`${s.id}:${d.weekday}`);
      const spans: Interval[] = h ? worked(h).map(([a, b]) => [wallClockToUtc(d, a), wallClockToUtc(d, b)]) : [];
      cells.push({
        stylist: s.id,
        date: d.date,
        booked: booked.get(`${s.id}:${d.date}`) ?? 0,
        working: minutesLeft(spans, off, first),
      });
    }
  }
  return { stylists, cells };
}

type Cell = { booked: number; working: number };
const total = (cells: Cell[]) =>
  rowOf(
    cells.reduce((n, c) => n + c.booked, 0),
    cells.reduce((n, c) => n + c.working, 0),
  );
/** The cells summed by a key of theirs, in the order keys first appear. */
function sumBy<C extends Cell, K>(cells: C[], key: (c: C) => K): Map<K, Cell> {
  const out = new Map<K, Cell>();
  for (const c of cells) {
    const t = out.get(key(c)) ?? { booked: 0, working: 0 };
    t.booked += c.booked;
    t.working += c.working;
    out.set(key(c), t);
  }
  return out;
}

/** GET …/reports/utilisation. */
export async function utilisationReport(db: D1Database, scope: Scope, q: ReportQuery): Promise<UtilisationReport> {
  const salon = await salonOf(db, scope.salonId);
  const before = previousPeriod(q);
  const days = daysOf(q, salon.timezone);
  const beforeDays = daysOf(before, salon.timezone);
  const [rowsNow, rowsThen] = await utilisationRows(db, scope, [boundsOf(days), boundsOf(beforeDays)], salon.rollupOffset);
  const now = utilisationOf(rowsNow!, days);
  const then = utilisationOf(rowsThen!, beforeDays);
  const byStylist = sumBy(now.cells, (c) => c.stylist);
  const byDate = sumBy(now.cells, (c) => c.date);
  const none = { booked: 0, working: 0 };
  return {
    from: q.from,
    to: q.to,
    timezone: salon.timezone,
    ...total(now.cells),
    stylists: now.stylists.map((s) => ({ id: s.id, name: s.name, ...total([byStylist.get(s.id) ?? none]) })),
    by_day: days.map((d) => ({ date: d.date, ...total([byDate.get(d.date) ?? none]) })),
    previous: { from: before.from, to: before.to, ...total(then.cells) },
  };
}

// ---------------------------------------------------------------- clients

function clientTotals(r: ClientRows): ClientTotals {
  return {
    clients: r.clients,
    new_clients: r.new_clients,
    returning_clients: r.clients - r.new_clients,
    visits: r.visits,
    rebooked_visits: r.rebooked_visits,
    rebooking_rate: rateOf(r.rebooked_visits, r.visits),
    booked: r.booked,
    no_shows: r.no_shows,
    no_show_rate: rateOf(r.no_shows, r.booked),
    late_cancellations: r.late_cancellations,
    late_cancellation_rate: rateOf(r.late_cancellations, r.booked),
  };
}

const rangeOf = (days: SalonDay[]): [number, number] => [days[0]!.startUtc, days[days.length - 1]!.endUtc];

/** GET …/reports/clients. */
export async function clientsReport(db: D1Database, scope: Scope, q: ReportQuery, now: number): Promise<ClientsReport> {
  const salon = await salonOf(db, scope.salonId);
  const before = previousPeriod(q);
  const [cur, prev] = await clientRows(db, scope, [rangeOf(daysOf(q, salon.timezone)), rangeOf(daysOf(before, salon.timezone))], now);
  const all = cur!.channels.reduce((n, c) => n + c.appointments, 0);
  return {
    from: q.from,
    to: q.to,
    ...clientTotals(cur!),
    channels: CHANNELS.map((channel: Channel) => {
      const appointments = cur!.channels.find((c) => c.channel === channel)?.appointments ?? 0;
      return { channel, appointments, share: rateOf(appointments, all) };
    }),
    previous: { from: before.from, to: before.to, ...clientTotals(prev!) },
  };
}

// ---------------------------------------------------------------- CSV

type CsvCell = string | number | null;

/** A report as one CSV table: `section`, `key`, `name`, then its figures (docs/console/reports.md "CSV"). */
export function takingsCsv(r: TakingsReport): string {
  const rows: CsvCell[][] = [['section', 'key', 'name', 'amount']];
  const totals = (section: string, t: TakingsTotals) => {
    for (const k of ['total', 'tips', 'deposits', 'no_show_fees', 'vouchers_sold', 'vouchers_redeemed', 'refunds'] as const)
      rows.push([section, k, '', t[k]]);
  };
  totals('total', r);
  for (const m of r.by_method) rows.push(['by_method', m.method, '', m.amount]);
  for (const d of r.by_day) rows.push(['by_day', d.date, '', d.amount]);
  for (const s of r.by_stylist) rows.push(['by_stylist', s.id, s.name, s.amount]);
  for (const s of r.by_service) rows.push(['by_service', s.id, s.name, s.amount]);
  for (const s of r.tips_by_stylist) rows.push(['tips_by_stylist', s.id, s.name, s.amount]);
  totals('previous', r.previous);
  return toCsv(rows);
}

export function utilisationCsv(r: UtilisationReport): string {
  const rows: CsvCell[][] = [['section', 'key', 'name', 'booked_minutes', 'working_minutes', 'utilisation']];
  const row = (section: string, key: CsvCell, name: string, u: UtilisationRow) =>
    rows.push([section, key, name, u.booked_minutes, u.working_minutes, u.utilisation]);
  row('total', '', '', r);
  for (const s of r.stylists) row('stylist', s.id, s.name, s);
  for (const d of r.by_day) row('by_day', d.date, '', d);
  row('previous', '', '', r.previous);
  return toCsv(rows);
}

export function clientsCsv(r: ClientsReport): string {
  const rows: CsvCell[][] = [['section', 'key', 'value', 'previous']];
  const keys = [
    'clients',
    'new_clients',
    'returning_clients',
    'visits',
    'rebooked_visits',
    'rebooking_rate',
    'booked',
    'no_shows',
    'no_show_rate',
    'late_cancellations',
    'late_cancellation_rate',
  ] as const;
  for (const k of keys) rows.push(['total', k, r[k], r.previous[k]]);
  for (const c of r.channels) rows.push(['channel', c.channel, c.appointments, c.share]);
  return toCsv(rows);
}
