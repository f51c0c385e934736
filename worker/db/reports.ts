/**
 * The reads behind the salon's reports (docs/console/reports.md): sums straight from the rows,
 * never a copy of them, so a refund or a moved appointment counts the moment it is written.
 * Instants are UTC ms; a period is [start, end). `days` are the salon's local days of a period
 * as [date, startUtc, endUtc] (a day of a clock change is 23 or 25 hours long): a row's local day
 * is computed in SQL from its instant (`localDate`), so each source is read by one range of its
 * index on (salon, time) and grouped, never joined to a table of days.
 */

import { DAY_MS, inSpans, rowsOf, type Source } from './report-rollups';

export type DayBounds = [date: string, start: number, end: number][];

/** `stylist` null: the whole salon; a number: that column's own figures. */
export interface Scope {
  salonId: number;
  stylistId: number | null;
}

const offsetOf = ([date, start]: DayBounds[number]) => Date.parse(`${date}T00:00:00Z`) - start;

/**
 * The local day of the instant `col` within the period's days, as SQL: a whole number, the date's
 * days since 1970-01-01 (arithmetic is cheaper per row than date()), `dateOfDay` gives it back.
 * Between clock changes the zone's offset is one number; a day of a clock change is named by its
 * own bounds. A few branches a year; the numbers are the days' own.
 */
export function localDate(col: string, days: DayBounds): string {
  const branches: string[] = [];
  for (let i = 0; i < days.length;) {
    const day = days[i]!;
    if (day[2] - day[1] !== DAY_MS) {
      branches.push(`WHEN ${col} < ${day[2]} THEN ${Date.parse(`${day[0]}T00:00:00Z`) / DAY_MS}`);
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < days.length && days[j + 1]![2] - days[j + 1]![1] === DAY_MS && offsetOf(days[j + 1]!) === offsetOf(day)) j++;
    branches.push(`WHEN ${col} < ${days[j]![2]} THEN (${col} + ${offsetOf(day)}) / ${DAY_MS}`);
    i = j + 1;
  }
  return `CASE ${branches.join(' ')} END`;
}
/** 'YYYY-MM-DD' of a day number of `localDate`. */
export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const bounds = (days: DayBounds): [number, number] => [days[0]![1], days[days.length - 1]![2]];

// ---------------------------------------------------------------- roll-ups

/**
 * A period's days against the salon's roll-up days (worker/db/report-rollups.ts): local day i is
 * read as roll-up day k0 + i, and the rows between each local midnight and its roll-up day's cut
 * (none when they agree; an hour after a clock change) are read one by one and moved to their own
 * day. `edges`: those at the period's two ends only (enough for the period's totals).
 */
export interface RollupPlan {
  off: number;
  k0: number;
  k1: number;
  /** the first day's date as a day number (`localDate`) */
  d0: number;
  start: number;
  end: number;
  spans: string;
  edges: string;
}

export function rollupPlan(days: DayBounds, off: number): RollupPlan {
  const k0 = Math.round((days[0]![1] + off) / DAY_MS);
  const n = days.length;
  const local = [...days.map((d) => d[1]), days[n - 1]![2]];
  const gap = (i: number): [number, number][] => {
    const cut = (k0 + i) * DAY_MS - off;
    return local[i] === cut ? [] : [[Math.min(local[i]!, cut), Math.max(local[i]!, cut)]];
  };
  // merged, so that no row is read twice
  const merge = (spans: [number, number][]) =>
    spans.reduce<[number, number][]>((out, sp) => {
      const last = out[out.length - 1];
      if (last && sp[0] <= last[1]) last[1] = Math.max(last[1], sp[1]);
      else out.push([...sp]);
      return out;
    }, []);
  return {
    off,
    k0,
    k1: k0 + n - 1,
    d0: Date.parse(`${days[0]![0]}T00:00:00Z`) / DAY_MS,
    start: local[0]!,
    end: local[n]!,
    spans: JSON.stringify(merge(local.flatMap((_, i) => gap(i)))),
    edges: JSON.stringify(merge([...gap(0), ...gap(n)])),
  };
}

type Group = 'kind' | 'date' | 'stylist_id' | 'service_id' | 'name';

/**
 * Sums of roll-up rows of a period, for the kinds `filter` admits (?3: a stylist, 0 for none),
 * grouped `by`: whole roll-up days, plus each row where its local day and its roll-up day differ
 * (added to its own day, taken from the one it was rolled up in). `date` is a day number.
 */
function rolled(
  db: D1Database,
  salonId: number,
  stylistId: number,
  days: DayBounds,
  p: RollupPlan,
  sources: Source[],
  filter: string,
  by: Group[],
) {
  const dated = by.includes('date');
  const day = (t: string) => `(${t} + ${p.off}) / ${DAY_MS}`;
  const cols = 'kind, stylist_id, service_id, name';
  const only = `(${filter}) AND (?3 = 0 OR stylist_id = ?3)`;
  return db
    .prepare(
      `WITH ${rowsOf(inSpans('?2'), sources)}
       SELECT ${by.join(', ')}, SUM(n) AS n, SUM(amount) AS amount FROM (
         SELECT ${cols}, n, amount, day - ${p.k0} + ${p.d0} AS date FROM report_days
          WHERE salon_id = ?1 AND day BETWEEN ${p.k0} AND ${p.k1} AND ${only}
         UNION ALL
         SELECT ${cols}, n, amount, ${dated ? localDate('t', days) : 0} FROM x WHERE t >= ${p.start} AND t < ${p.end} AND ${only}
         UNION ALL
         SELECT ${cols}, -n, -amount, ${day('t')} - ${p.k0} + ${p.d0} FROM x WHERE ${day('t')} BETWEEN ${p.k0} AND ${p.k1} AND ${only}
       ) GROUP BY ${by.join(', ')}`,
    )
    .bind(salonId, dated ? p.spans : p.edges, stylistId);
}

// ---------------------------------------------------------------- utilisation

export interface StylistHoursRows {
  stylists: { id: number; name: string; active: number }[];
  hours: { stylist_id: number; weekday: number; start_min: number; end_min: number; breaks: string }[];
  extra: { stylist_id: number; date: string; start_min: number; end_min: number; breaks: string }[];
  /** approved time off and blocked time overlapping the period */
  away: { stylist_id: number; start_at: number; end_at: number }[];
  /** booked minutes per stylist and local day (kept appointments and patch tests, no-shows included) */
  booked: { stylist_id: number; date: string; minutes: number }[];
}

/** What utilisation is computed from, for each of some periods (one batch): hours, extra days, absences and booked minutes by day. */
export async function utilisationRows(db: D1Database, s: Scope, periods: DayBounds[], off: number): Promise<StylistHoursRows[]> {
  const results = await db.batch(periods.flatMap((days) => utilisationStatements(db, s, days, off)));
  // a day's name once (40 stylists share each)
  const named = new Map<number, string>();
  const dates = (day: number) => named.get(day) ?? named.set(day, dateOfDay(day)).get(day)!;
  return periods.map((_, i) => {
    const [stylists, hours, extra, away, booked] = results.slice(i * 5, i * 5 + 5);
    return {
      stylists: stylists!.results as StylistHoursRows['stylists'],
      hours: hours!.results as StylistHoursRows['hours'],
      extra: extra!.results as StylistHoursRows['extra'],
      away: away!.results as StylistHoursRows['away'],
      booked: (booked!.results as { stylist_id: number; date: number; amount: number }[])
        .filter((b) => b.amount > 0)
        .map((b) => ({ stylist_id: b.stylist_id, date: dates(b.date), minutes: Math.floor(b.amount / 60_000) })),
    };
  });
}

function utilisationStatements(db: D1Database, s: Scope, days: DayBounds, off: number): D1PreparedStatement[] {
  const start = days[0]![1];
  const end = days[days.length - 1]![2];
  // ?2: the stylist's column, 0 for every column
  const one = 'AND (?2 = 0 OR st.id = ?2)';
  const only = s.stylistId ?? 0;
  return [
    db
      .prepare(`SELECT st.id, st.name, st.active FROM stylists st WHERE st.salon_id = ?1 ${one} ORDER BY st.position, st.id`)
      .bind(s.salonId, only),
    db
      .prepare(
        `SELECT h.stylist_id, h.weekday, h.start_min, h.end_min, h.breaks FROM stylist_hours h JOIN stylists st ON st.id = h.stylist_id
          WHERE st.salon_id = ?1 ${one}`,
      )
      .bind(s.salonId, only),
    db
      .prepare(
        `SELECT d.stylist_id, d.date, d.start_min, d.end_min, d.breaks FROM stylist_extra_days d JOIN stylists st ON st.id = d.stylist_id
          WHERE st.salon_id = ?1 ${one} AND d.date BETWEEN ?3 AND ?4`,
      )
      .bind(s.salonId, only, days[0]![0], days[days.length - 1]![0]),
    db
      .prepare(
        `SELECT stylist_id, start_at, end_at FROM time_off
          WHERE salon_id = ?1 AND status = 'approved' AND end_at > ?3 AND start_at < ?4 AND (?2 = 0 OR stylist_id = ?2)
         UNION ALL
         SELECT stylist_id, start_at, end_at FROM blocked_times
          WHERE salon_id = ?1 AND end_at > ?3 AND start_at < ?4 AND (?2 = 0 OR stylist_id = ?2)`,
      )
      .bind(s.salonId, only, start, end),
    // booked time by stylist and day, from the roll-ups (ms)
    rolled(db, s.salonId, only, days, rollupPlan(days, off), ['booked'], `kind = 'booked'`, ['stylist_id', 'date']),
  ];
}

// ---------------------------------------------------------------- clients

export interface ClientRows {
  clients: number;
  new_clients: number;
  visits: number;
  rebooked_visits: number;
  booked: number;
  no_shows: number;
  late_cancellations: number;
  channels: { channel: string; appointments: number }[];
}

/** An appointment's client: their account, else the phone the desk took, else the appointment alone. */
const CLIENT_KEY = `COALESCE(a.client_id, a.client_phone, 'appointment:' || a.id)`;
const KEPT = `a.kind = 'appointment' AND a.status IN ('confirmed', 'unconfirmed')`;
/** six weeks, in ms: the window of a rebooking */
export const REBOOK_WINDOW_MS = 42 * 86_400_000;

/**
 * The client figures of a period [start, end): visits are kept appointments (not no-shows) that
 * started before `now`; a stylist's are those with a service in their column.
 */
export async function clientRows(db: D1Database, s: Scope, periods: [start: number, end: number][], now: number): Promise<ClientRows[]> {
  const results = await db.batch(periods.flatMap(([start, end]) => clientStatements(db, s, start, end, now)));
  return periods.map((_, i) => {
    const [visits, rebooked, outcomes, channels] = results.slice(i * 4, i * 4 + 4);
    const v = visits!.results[0] as { visits: number; clients: number; new_clients: number };
    const o = outcomes!.results[0] as { booked: number; no_shows: number; late: number };
    return {
      clients: v.clients,
      new_clients: v.new_clients,
      visits: v.visits,
      rebooked_visits: (rebooked!.results[0] as { rebooked: number }).rebooked,
      booked: o.booked,
      no_shows: o.no_shows,
      late_cancellations: o.late,
      channels: channels!.results as ClientRows['channels'],
    };
  });
}

function clientStatements(db: D1Database, s: Scope, start: number, end: number, now: number): D1PreparedStatement[] {
  // ?2: the stylist's column, 0 for every column
  const mineOf = (a: string) =>
    `(?2 = 0 OR EXISTS (SELECT 1 FROM appointment_procedures p WHERE p.appointment_id = ${a}.id AND p.stylist_id = ?2))`;
  const mine = mineOf('a');
  const due = Math.min(end, now);
  const earlier = (by: string) =>
    `EXISTS (SELECT 1 FROM appointments e WHERE ${by} AND e.salon_id = ?1 AND e.start_at < ?3 AND e.kind = 'appointment'
               AND e.status IN ('confirmed', 'unconfirmed') AND e.no_show_at IS NULL AND ${mineOf('e')})`;
  return [
    // the period's visits, and the clients among them with none before it (each looked up by their own index)
    db
      .prepare(
        `WITH v AS (SELECT ${CLIENT_KEY} AS k, a.client_id, a.client_phone FROM appointments a
                     WHERE a.salon_id = ?1 AND a.start_at >= ?3 AND a.start_at < ?4 AND ${KEPT} AND a.no_show_at IS NULL AND ${mine}),
              c AS (SELECT k, MIN(client_id) AS client_id, MIN(client_phone) AS client_phone FROM v GROUP BY k)
         SELECT (SELECT COUNT(*) FROM v) AS visits, (SELECT COUNT(*) FROM c) AS clients,
                (SELECT COUNT(*) FROM c WHERE NOT CASE WHEN c.client_id IS NOT NULL THEN ${earlier('e.client_id = c.client_id')}
                                                       WHEN c.client_phone IS NOT NULL THEN ${earlier('e.client_phone = c.client_phone AND e.client_id IS NULL')}
                                                       ELSE 0 END) AS new_clients`,
      )
      .bind(s.salonId, s.stylistId ?? 0, start, due),
    // a visit is rebooked when the client's next kept appointment (with anyone) starts within six weeks
    db
      .prepare(
        `WITH b AS (SELECT ${CLIENT_KEY} AS k, a.start_at,
                           (a.start_at >= ?3 AND a.start_at < ?4 AND a.no_show_at IS NULL AND ${mine}) AS visit
                      FROM appointments a WHERE a.salon_id = ?1 AND a.start_at >= ?3 AND a.start_at < ?5 AND ${KEPT}),
              n AS (SELECT visit, start_at, LEAD(start_at) OVER (PARTITION BY k ORDER BY start_at) AS next_at FROM b)
         SELECT COUNT(*) AS rebooked FROM n WHERE visit AND next_at <= start_at + ?6`,
      )
      .bind(s.salonId, s.stylistId ?? 0, start, due, due + REBOOK_WINDOW_MS, REBOOK_WINDOW_MS),
    // appointments due in the period: kept, no-shows, and cancellations inside the salon's window
    db
      .prepare(
        `SELECT COUNT(*) AS booked, COALESCE(SUM(a.no_show_at IS NOT NULL), 0) AS no_shows,
                COALESCE(SUM(a.status = 'cancelled' AND a.cancelled_at > a.start_at - sa.cancellation_window_hours * 3600000), 0) AS late
           FROM appointments a JOIN salons sa ON sa.id = a.salon_id
          WHERE a.salon_id = ?1 AND a.start_at >= ?3 AND a.start_at < ?4 AND a.kind = 'appointment'
            AND (a.status IN ('confirmed', 'unconfirmed') OR (a.status = 'cancelled' AND a.cancelled_at IS NOT NULL AND a.cancelled_from IS NOT 'waitlist'))
            AND ${mine}`,
      )
      .bind(s.salonId, s.stylistId ?? 0, start, due),
    // where the period's appointments (kept or cancelled, the future's too) were made
    db
      .prepare(
        `SELECT CASE WHEN a.origin = 'online' THEN 'online'
                     WHEN a.origin = 'online_rebooking' THEN 'rebooking_link'
                     WHEN a.idempotency_key LIKE 'invite-%' THEN 'deposit_request'
                     WHEN a.id IN (SELECT CAST(ii.entity_key AS INTEGER) FROM import_items ii JOIN imports i ON i.id = ii.import_id
                                    WHERE i.salon_id = ?1 AND i.status <> 'undone' AND ii.entity = 'appointment' AND ii.action = 'added')
                     THEN 'import' ELSE 'desk' END AS channel,
                COUNT(*) AS appointments
           FROM appointments a
          WHERE a.salon_id = ?1 AND a.start_at >= ?3 AND a.start_at < ?4 AND a.kind = 'appointment'
            AND (a.status IN ('confirmed', 'unconfirmed') OR (a.status = 'cancelled' AND a.cancelled_at IS NOT NULL AND a.cancelled_from IS NOT 'waitlist'))
            AND ${mine}
          GROUP BY 1`,
      )
      .bind(s.salonId, s.stylistId ?? 0, start, end),
  ];
}

// ---------------------------------------------------------------- takings

/**
 * What a row of money is (`money` below): a sale's payment by method ('pay:cash'), its tip, a
 * refund of a sale (and the tip's part of it), a deposit (with the booking, or a paid deposit
 * request), a no-show fee, a voucher sold or redeemed, a deposit given back; for a stylist, their
 * lines and tips and what was given back of them.
 */
export interface MoneyRow {
  kind: string;
  date: string;
  amount: number;
}

/** A deposit the salon holds or held: captured, kept, or given back later (counted then as a refund). */
const TAKEN = `('captured', 'kept', 'keep_due', 'refund_due', 'refunded')`;

/** Rows of money as (kind, date, amount), summed by kind and day; D1 takes at most 5 terms of a UNION. */
const moneyBy = (db: D1Database, terms: string[], ...binds: unknown[]) =>
  db.prepare(`SELECT kind, date, SUM(amount) AS amount FROM (${terms.join(' UNION ALL ')}) GROUP BY kind, date`).bind(...binds);

/** The money of sales and refunds the roll-ups keep, for the salon (payments, tips, refunds) or a stylist (?3: their lines and tips). */
const SALON_MONEY = `kind LIKE 'pay:%' OR kind IN ('tip', 'refund', 'tip_refund')`;
const STYLIST_MONEY = `kind IN ('line', 'tip', 'line_refund', 'tip_refund')`;

/** The salon's money of each day of a period, by kind: every figure of the takings but the lines and tips by whom. */
export function salonMoney(db: D1Database, salonId: number, days: DayBounds, off: number): D1PreparedStatement[] {
  const [start, end] = bounds(days);
  const on = (col: string) => localDate(col, days);
  return [
    rolled(db, salonId, 0, days, rollupPlan(days, off), ['sales', 'refunds'], SALON_MONEY, ['kind', 'date']),
    moneyBy(
      db,
      [
        `SELECT 'deposit' AS kind, ${on('a.created_at')} AS date, a.deposit AS amount FROM appointments a
          WHERE a.salon_id = ?1 AND a.deposit > 0 AND a.created_at >= ?2 AND a.created_at < ?3
            AND a.kind = 'appointment' AND a.payment_status IN ${TAKEN}
            AND NOT EXISTS (SELECT 1 FROM invites i WHERE i.appointment_id = a.id AND i.status = 'accepted' AND i.paid_amount > 0)`,
        `SELECT 'deposit', ${on('i.answered_at')}, i.paid_amount FROM invites i JOIN appointments a ON a.id = i.appointment_id
          WHERE i.salon_id = ?1 AND i.status = 'accepted' AND i.answered_at >= ?2 AND i.answered_at < ?3
            AND i.paid_amount > 0 AND a.payment_status IN ${TAKEN}`,
        `SELECT 'deposit_refund', ${on('a.cancelled_at')}, a.deposit FROM appointments a
          WHERE a.salon_id = ?1 AND a.payment_status = 'refunded' AND a.cancelled_at >= ?2 AND a.cancelled_at < ?3 AND a.deposit > 0`,
        `SELECT 'no_show_fee', ${on('f.updated_at')}, f.amount FROM no_show_fees f
          WHERE f.salon_id = ?1 AND f.status = 'paid' AND f.updated_at >= ?2 AND f.updated_at < ?3`,
      ],
      salonId,
      start,
      end,
    ),
    moneyBy(
      db,
      [
        `SELECT 'voucher_sold' AS kind, ${on('v.issued_at')} AS date, v.amount_minor AS amount FROM vouchers v
          WHERE v.salon_id = ?1 AND v.issued_at >= ?2 AND v.issued_at < ?3`,
        `SELECT 'voucher_redeemed', ${on('vr.created_at')}, vr.amount_minor FROM voucher_redemptions vr
          WHERE vr.salon_id = ?1 AND vr.created_at >= ?2 AND vr.created_at < ?3`,
      ],
      salonId,
      start,
      end,
    ),
  ];
}

/** A stylist's money of each day: their lines ('line'), tips ('tip') and what refunds gave back of them. */
export const stylistMoney = (db: D1Database, salonId: number, stylistId: number, days: DayBounds, off: number): D1PreparedStatement[] => [
  rolled(db, salonId, stylistId, days, rollupPlan(days, off), ['sales', 'refunds'], STYLIST_MONEY, ['kind', 'date']),
];

/** What a stylist sold by service in a period: the lines of the sales paid, less the lines' refunds made in it (from the rows). */
export interface LineRow {
  stylist_id: number | null;
  stylist_name: string | null;
  service_id: number | null;
  /** the service's name now, else the line's own (a product, an extra) */
  name: string;
  count: number;
  amount: number;
}

export function lineMoney(db: D1Database, s: Scope, start: number, end: number): D1PreparedStatement {
  return db
    .prepare(
      `SELECT x.stylist_id, st.name AS stylist_name, x.service_id, COALESCE(sv.name, x.name) AS name, SUM(x.n) AS count, SUM(x.amount) AS amount
         FROM (SELECT l.stylist_id, l.service_id, l.name, l.quantity AS n, l.amount_minor AS amount
                 FROM sales s JOIN sale_lines l ON l.sale_id = s.id
                WHERE s.salon_id = ?1 AND s.status = 'paid' AND s.paid_at >= ?3 AND s.paid_at < ?4 AND (?2 = 0 OR l.stylist_id = ?2)
               UNION ALL
               SELECT l.stylist_id, l.service_id, l.name, 0, -rl.amount_minor
                 FROM refunds r JOIN refund_lines rl ON rl.refund_id = r.id JOIN sale_lines l ON l.id = rl.sale_line_id
                WHERE r.salon_id = ?1 AND r.created_at >= ?3 AND r.created_at < ?4 AND (?2 = 0 OR l.stylist_id = ?2)) x
         LEFT JOIN stylists st ON st.id = x.stylist_id
         LEFT JOIN services sv ON sv.id = x.service_id
        GROUP BY x.stylist_id, x.service_id, CASE WHEN x.service_id IS NULL THEN x.name END`,
    )
    .bind(s.salonId, s.stylistId ?? 0, start, end);
}

/** A period's lines by stylist and by service, and its tips by stylist (the salon's from the roll-ups; a stylist's tips too). */
const PERIOD_KINDS = `kind IN ('line', 'line_refund', 'line_service', 'line_service_refund', 'tip', 'tip_refund')`;
const STYLIST_TIPS = `kind IN ('tip', 'tip_refund')`;

function periodMoney(db: D1Database, s: Scope, days: DayBounds, off: number): D1PreparedStatement {
  const sums = rolled(
    db,
    s.salonId,
    s.stylistId ?? 0,
    days,
    rollupPlan(days, off),
    ['sales', 'refunds'],
    s.stylistId === null ? PERIOD_KINDS : STYLIST_TIPS,
    ['kind', 'stylist_id', 'service_id', 'name'],
  );
  return sums;
}

export interface ByWhom {
  id: number | null;
  name: string;
  count: number;
  amount: number;
}

/** The takings' reads of a period and of the period before, in one batch; `off`: the salon's roll-up offset. */
export async function takingsRows(
  db: D1Database,
  s: Scope,
  days: DayBounds,
  before: DayBounds,
  off: number,
): Promise<{
  money: MoneyRow[];
  previous: MoneyRow[];
  byStylist: ByWhom[];
  byService: ByWhom[];
  tips: ByWhom[];
}> {
  const money = (d: DayBounds) =>
    s.stylistId === null ? salonMoney(db, s.salonId, d, off) : stylistMoney(db, s.salonId, s.stylistId, d, off);
  const now = money(days);
  const then = money(before);
  const [names, ...results] = await db.batch([
    db
      .prepare(
        `SELECT 'stylist' AS what, id, name FROM stylists WHERE salon_id = ?1 UNION ALL SELECT 'service', id, name FROM services WHERE salon_id = ?1`,
      )
      .bind(s.salonId),
    ...now,
    ...then,
    periodMoney(db, s, days, off),
    ...(s.stylistId === null ? [] : [lineMoney(db, s, ...bounds(days))]),
  ]);
  const rows = <T>(from: number, count: number) => results.slice(from, from + count).flatMap((r) => r.results as unknown as T[]);
  const dated = (m: { kind: string; date: number; amount: number }[]): MoneyRow[] => m.map((r) => ({ ...r, date: dateOfDay(r.date) }));
  const nameOf = new Map((names!.results as { what: string; id: number; name: string }[]).map((r) => [`${r.what}:${r.id}`, r.name]));
  const period = rows<{ kind: string; stylist_id: number; service_id: number; name: string; n: number; amount: number }>(
    now.length + then.length,
    1,
  );
  const add = (m: Map<string, ByWhom>, key: string, id: number | null, name: string, count: number, amount: number) => {
    const row = m.get(key) ?? { id, name, count: 0, amount: 0 };
    row.count += count;
    row.amount += amount;
    m.set(key, row);
  };
  const byStylist = new Map<string, ByWhom>();
  const byService = new Map<string, ByWhom>();
  const tips = new Map<string, ByWhom>();
  const stylistName = (id: number) => (id === 0 ? 'No stylist' : (nameOf.get(`stylist:${id}`) ?? 'No stylist'));
  for (const r of period) {
    const sign = r.kind.endsWith('_refund') ? -1 : 1;
    if (r.kind.startsWith('tip')) add(tips, String(r.stylist_id), r.stylist_id || null, stylistName(r.stylist_id), 0, sign * r.amount);
    else if (r.kind.startsWith('line_service'))
      add(
        byService,
        r.service_id ? String(r.service_id) : `name:${r.name}`,
        r.service_id || null,
        r.service_id ? (nameOf.get(`service:${r.service_id}`) ?? r.name) : r.name,
        r.n,
        sign * r.amount,
      );
    else add(byStylist, String(r.stylist_id), r.stylist_id || null, stylistName(r.stylist_id), r.n, sign * r.amount);
  }
  // a stylist's own lines by service, from the rows
  for (const l of s.stylistId === null ? [] : rows<LineRow>(now.length + then.length + 1, 1)) {
    add(byStylist, String(l.stylist_id), l.stylist_id, l.stylist_name ?? 'No stylist', l.count, l.amount);
    add(byService, l.service_id === null ? `name:${l.name}` : String(l.service_id), l.service_id, l.name, l.count, l.amount);
  }
  const groups = (m: Map<string, ByWhom>) => [...m.values()].filter((g) => g.amount !== 0 || g.count !== 0);
  return {
    money: dated(rows(0, now.length)),
    previous: dated(rows(now.length, then.length)),
    byStylist: groups(byStylist),
    byService: groups(byService),
    tips: groups(tips),
  };
}
