/**
 * The reads behind the salon's reports (docs/console/reports.md): sums straight from the rows,
 * never a copy of them, so a refund or a moved appointment counts the moment it is written.
 * Instants are UTC ms; a period is [start, end). `days` are the salon's local days of a period
 * as [date, startUtc, endUtc] (a day of a clock change is 23 or 25 hours long): a row's local day
 * is computed in SQL from its instant (`localDate`), so each source is read by one range of its
 * index on (salon, time) and grouped, never joined to a table of days.
 */

export type DayBounds = [date: string, start: number, end: number][];

/** `stylist` null: the whole salon; a number: that column's own figures. */
export interface Scope {
  salonId: number;
  stylistId: number | null;
}

const DAY_MS = 86_400_000;
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
export async function utilisationRows(db: D1Database, s: Scope, periods: DayBounds[]): Promise<StylistHoursRows[]> {
  const results = await db.batch(periods.flatMap((days) => utilisationStatements(db, s, days)));
  return periods.map((_, i) => {
    const [stylists, hours, extra, away, booked] = results.slice(i * 5, i * 5 + 5);
    return {
      stylists: stylists!.results as StylistHoursRows['stylists'],
      hours: hours!.results as StylistHoursRows['hours'],
      extra: extra!.results as StylistHoursRows['extra'],
      away: away!.results as StylistHoursRows['away'],
      booked: (booked!.results as { stylist_id: number; date: number; minutes: number }[]).map((b) => ({ ...b, date: dateOfDay(b.date) })),
    };
  });
}

function utilisationStatements(db: D1Database, s: Scope, days: DayBounds): D1PreparedStatement[] {
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
    db
      .prepare(
        `SELECT p.stylist_id, ${localDate('p.start_at', days)} AS date, SUM(p.end_at - p.start_at) / 60000 AS minutes
           FROM appointment_procedures p JOIN appointments a ON a.id = p.appointment_id AND a.status IN ('confirmed', 'unconfirmed')
          WHERE p.salon_id = ?1 AND p.occupies = 1 AND p.start_at >= ?3 AND p.start_at < ?4 AND (?2 = 0 OR p.stylist_id = ?2)
          GROUP BY p.stylist_id, date`,
      )
      .bind(s.salonId, only, start, end),
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
/** Paid sales of the period, by the day they were paid (sales_salon_paid), and refunds by the day they were made. */
const PAID_SALES = `sales s WHERE s.salon_id = ?1 AND s.paid_at >= ?2 AND s.paid_at < ?3 AND s.status = 'paid'`;
const REFUNDS = `refunds r WHERE r.salon_id = ?1 AND r.created_at >= ?2 AND r.created_at < ?3`;

/** Rows of money as (kind, date, amount), summed by kind and day; D1 takes at most 5 terms of a UNION. */
const moneyBy = (db: D1Database, terms: string[], ...binds: unknown[]) =>
  db.prepare(`SELECT kind, date, SUM(amount) AS amount FROM (${terms.join(' UNION ALL ')}) GROUP BY kind, date`).bind(...binds);

/** The salon's money of each day of a period, by kind: every figure of the takings but the lines and tips by whom. */
export function salonMoney(db: D1Database, salonId: number, days: DayBounds): D1PreparedStatement[] {
  const [start, end] = bounds(days);
  const on = (col: string) => localDate(col, days);
  return [
    moneyBy(
      db,
      [
        `SELECT 'pay:' || p.method AS kind, ${on('s.paid_at')} AS date, p.amount_minor AS amount
           FROM sales s JOIN sale_payments p ON p.sale_id = s.id AND p.status = 'succeeded'
          WHERE s.salon_id = ?1 AND s.paid_at >= ?2 AND s.paid_at < ?3 AND s.status = 'paid'`,
        `SELECT 'tip', ${on('s.paid_at')}, s.tip_minor FROM ${PAID_SALES} AND s.tip_minor > 0`,
        `SELECT 'refund', ${on('r.created_at')}, r.amount_minor FROM ${REFUNDS}`,
        `SELECT 'tip_refund', ${on('r.created_at')}, r.tip_minor FROM ${REFUNDS} AND r.tip_minor > 0`,
      ],
      salonId,
      start,
      end,
    ),
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
export function stylistMoney(db: D1Database, salonId: number, stylistId: number, days: DayBounds): D1PreparedStatement[] {
  const [start, end] = bounds(days);
  const on = (col: string) => localDate(col, days);
  return [
    moneyBy(
      db,
      [
        `SELECT 'line' AS kind, ${on('s.paid_at')} AS date, l.amount_minor AS amount FROM sales s JOIN sale_lines l ON l.sale_id = s.id AND l.stylist_id = ?4
          WHERE s.salon_id = ?1 AND s.paid_at >= ?2 AND s.paid_at < ?3 AND s.status = 'paid'`,
        `SELECT 'tip', ${on('s.paid_at')}, s.tip_minor FROM ${PAID_SALES} AND s.tip_minor > 0 AND s.tip_stylist_id = ?4`,
        `SELECT 'line_refund', ${on('r.created_at')}, rl.amount_minor
           FROM refunds r JOIN refund_lines rl ON rl.refund_id = r.id JOIN sale_lines l ON l.id = rl.sale_line_id AND l.stylist_id = ?4
          WHERE r.salon_id = ?1 AND r.created_at >= ?2 AND r.created_at < ?3`,
        `SELECT 'tip_refund', ${on('r.created_at')}, r.tip_minor FROM refunds r JOIN sales s ON s.id = r.sale_id AND s.tip_stylist_id = ?4
          WHERE r.salon_id = ?1 AND r.created_at >= ?2 AND r.created_at < ?3 AND r.tip_minor > 0`,
      ],
      salonId,
      start,
      end,
      stylistId,
    ),
  ];
}

/** What was sold by stylist and service in a period: the lines of the sales paid, less the lines' refunds made in it. */
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

/** Tips by the stylist they went to in a period, less the tips' parts of its refunds. */
export function tipMoney(db: D1Database, s: Scope, start: number, end: number): D1PreparedStatement {
  return db
    .prepare(
      `SELECT x.stylist_id, st.name AS name, SUM(x.amount) AS amount
         FROM (SELECT s.tip_stylist_id AS stylist_id, s.tip_minor AS amount FROM sales s
                WHERE s.salon_id = ?1 AND s.status = 'paid' AND s.paid_at >= ?3 AND s.paid_at < ?4 AND s.tip_minor > 0
                  AND (?2 = 0 OR s.tip_stylist_id = ?2)
               UNION ALL
               SELECT s.tip_stylist_id, -r.tip_minor FROM refunds r JOIN sales s ON s.id = r.sale_id
                WHERE r.salon_id = ?1 AND r.created_at >= ?3 AND r.created_at < ?4 AND r.tip_minor > 0 AND (?2 = 0 OR s.tip_stylist_id = ?2)) x
         LEFT JOIN stylists st ON st.id = x.stylist_id
        GROUP BY x.stylist_id`,
    )
    .bind(s.salonId, s.stylistId ?? 0, start, end);
}

/** The takings' reads of a period and of the period before, in one batch. */
export async function takingsRows(
  db: D1Database,
  s: Scope,
  days: DayBounds,
  before: DayBounds,
): Promise<{
  money: MoneyRow[];
  previous: MoneyRow[];
  lines: LineRow[];
  tips: { stylist_id: number | null; name: string | null; amount: number }[];
}> {
  const money = (d: DayBounds) => (s.stylistId === null ? salonMoney(db, s.salonId, d) : stylistMoney(db, s.salonId, s.stylistId, d));
  const now = money(days);
  const then = money(before);
  const results = await db.batch([...now, ...then, lineMoney(db, s, ...bounds(days)), tipMoney(db, s, ...bounds(days))]);
  const rows = <T>(from: number, count: number) => results.slice(from, from + count).flatMap((r) => r.results as unknown as T[]);
  const dated = (m: { kind: string; date: number; amount: number }[]): MoneyRow[] => m.map((r) => ({ ...r, date: dateOfDay(r.date) }));
  return {
    money: dated(rows(0, now.length)),
    previous: dated(rows(now.length, then.length)),
    lines: rows<LineRow>(now.length + then.length, 1),
    tips: rows<{ stylist_id: number | null; name: string | null; amount: number }>(now.length + then.length + 1, 1),
  };
}
