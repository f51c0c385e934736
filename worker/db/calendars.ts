import { BUSY_LOOKBACK_MS } from '../../shared/availability-messages';
import { dayHoursOfRow, type DayHours } from '../../shared/working-hours';
import { BLOCK_MS, intervalsOf, PENDING_TTL_MS } from './blocks';
import { catalogueOf, catalogueStatements, type Catalogue } from './schedule';

/**
 * One stylist's hours by weekday (and extra working days by date), busy intervals (UTC ms, sorted
 * by start) and absence (as read: the domain merges it).
 */
interface Calendar {
  id: number;
  hours: (DayHours | undefined)[];
  extraDays: Map<string, DayHours>;
  busy: [number, number][];
  away: [number, number][];
}

/** The instants and salon dates (inclusive) whose busy times, holds and absence are read. */
export interface CalendarRange {
  fromUtc: number;
  toUtc: number;
  fromDate: string;
  toDate: string;
}

/** Whose holds count: all but the client's own; a booking being moved does not stand in its own way. */
export interface HoldsView {
  now: number;
  own: string | null;
  ignoreAppointment?: number | null;
}

/** A booking's services and the client's choice of stylist for each (null: 'I don't mind'). */
export interface BookingScope {
  salonId: number;
  serviceIds: number[];
  choices: (number | null)[];
}

/**
 * The salon's active stylists who may take a booking's services (any who performs a service left
 * to 'I don't mind', the chosen one otherwise), as stepsFor chooses them: a subquery, so that a
 * salon group's many stylists never meet D1's limit of bound parameters.
 */
function scopeSql(scope: BookingScope): { sql: string; params: unknown[] } {
  const free = scope.serviceIds.filter((_, i) => scope.choices[i] == null);
  const chosen = scope.serviceIds.flatMap((id, i) => (scope.choices[i] == null ? [] : [[id, scope.choices[i]!]]));
  const terms = [
    ...(free.length ? [`ss.service_id IN (${free.map(() => '?').join(',')})`] : []),
    ...chosen.map(() => '(ss.service_id = ? AND ss.stylist_id = ?)'),
  ];
  return {
    sql: `SELECT ss.stylist_id FROM stylist_services ss JOIN stylists st ON st.id = ss.stylist_id AND st.active = 1
           WHERE st.salon_id = ? AND (${terms.join(' OR ') || '0'})`,
    params: [scope.salonId, ...free, ...chosen.flat()],
  };
}

/**
 * Hours, absence (approved time off and blocks overlapping the range: index time_off_stylist and
 * blocked_times_stylist, by end), busy times and other clients' live holds of the stylists in
 * `scope`, for calendarsOf.
 */
function calendarStatements(db: D1Database, scope: BookingScope, range: CalendarRange, holds: HoldsView) {
  const { salonId } = scope;
  const who = scopeSql(scope);
  // Busy times start at most a day before the window (index appointment_procedures_window:
  // salon, occupies, stylist, start), and come back one row per stylist, packed as
  // 'start+length,…' in ms from the lower bound: a few rows instead of one per procedure.
  const base = range.fromUtc - BUSY_LOOKBACK_MS;
  return [
    // the weekly hours, and the extra working days in the range (a row with a date replaces its weekday's)
    db
      .prepare(
        `SELECT stylist_id, weekday, NULL AS date, start_min, end_min, breaks FROM stylist_hours WHERE stylist_id IN (${who.sql})
         UNION ALL
         SELECT stylist_id, NULL, date, start_min, end_min, breaks FROM stylist_extra_days
          WHERE stylist_id IN (${who.sql}) AND date BETWEEN ? AND ?`,
      )
      .bind(...who.params, ...who.params, range.fromDate, range.toDate),
    db
      .prepare(
        `SELECT stylist_id, start_at, end_at FROM time_off
          WHERE status = 'approved' AND stylist_id IN (${who.sql}) AND end_at > ? AND start_at < ?
         UNION ALL
         SELECT stylist_id, start_at, end_at FROM blocked_times WHERE stylist_id IN (${who.sql}) AND end_at > ? AND start_at < ?`,
      )
      .bind(...who.params, range.fromUtc, range.toUtc, ...who.params, range.fromUtc, range.toUtc),
    db
      .prepare(
        `SELECT p.stylist_id, group_concat(CAST(p.start_at - ? AS INTEGER) || '+' || (p.end_at - p.start_at)) AS busy
           FROM appointment_procedures p
          WHERE p.salon_id = ? AND p.occupies = 1 AND p.stylist_id IN (${who.sql}) AND p.start_at >= ? AND p.start_at < ? AND p.end_at > ?
            -- a pending appointment whose deposit was abandoned no longer takes the time
            AND p.appointment_id NOT IN (SELECT a.id FROM appointments a WHERE a.status = 'pending' AND a.created_at <= ?)
            -- a booking being moved does not stand in its own way
            AND p.appointment_id IS NOT ?
          GROUP BY p.stylist_id`,
      )
      .bind(base, salonId, ...who.params, base, range.toUtc, range.fromUtc, holds.now - PENDING_TTL_MS, holds.ignoreAppointment ?? null),
    // Other clients' live holds are taken too; the client's own hold is not (index stylist_blocks_holds).
    db
      .prepare(
        `SELECT stylist_id, block FROM stylist_blocks
          WHERE hold_id IS NOT NULL AND expires_at > ? AND hold_id IS NOT ? AND block >= ? AND block < ? AND stylist_id IN (${who.sql})
          ORDER BY stylist_id, block`,
      )
      .bind(holds.now, holds.own, Math.floor(range.fromUtc / BLOCK_MS), Math.ceil(range.toUtc / BLOCK_MS), ...who.params),
  ];
}

/** The calendars from the results of calendarStatements (in order) for `range`; a stylist without rows has none. */
function calendarsOf([hours, absence, busy, held]: D1Result[], range: CalendarRange): Map<number, Calendar> {
  const base = range.fromUtc - BUSY_LOOKBACK_MS;
  const calendars = new Map<number, Calendar>();
  const of = (id: number) => {
    let cal = calendars.get(id);
    if (!cal) calendars.set(id, (cal = { id, hours: [], extraDays: new Map(), busy: [], away: [] }));
    return cal;
  };
  for (const h of hours!.results as {
    stylist_id: number;
    weekday: number | null;
    date: string | null;
    start_min: number;
    end_min: number;
    breaks: string;
  }[]) {
    const day = dayHoursOfRow(h)!;
    if (h.date !== null) of(h.stylist_id).extraDays.set(h.date, day);
    else of(h.stylist_id).hours[h.weekday!] = day;
  }
  for (const a of absence!.results as { stylist_id: number; start_at: number; end_at: number }[])
    of(a.stylist_id).away.push([a.start_at, a.end_at]);
  for (const row of busy!.results as { stylist_id: number; busy: string }[]) {
    const out = of(row.stylist_id).busy;
    for (const item of row.busy.split(',')) {
      const plus = item.indexOf('+');
      const start = base + Number(item.slice(0, plus));
      out.push([start, start + Number(item.slice(plus + 1))]);
    }
  }
  const heldBy = new Map<number, number[]>();
  for (const h of held!.results as { stylist_id: number; block: number }[]) {
    if (!heldBy.has(h.stylist_id)) heldBy.set(h.stylist_id, []);
    heldBy.get(h.stylist_id)!.push(h.block);
  }
  for (const [id, blocks] of heldBy) of(id).busy.push(...intervalsOf(blocks));
  // The engine wants each stylist's busy times by start (group_concat promises no order).
  for (const cal of calendars.values()) cal.busy.sort((a, b) => a[0] - b[0]);
  return calendars;
}

/**
 * Hours, absence and busy intervals of the stylists who may take a booking's services, between
 * two instants (one round trip). A stylist with no rows at all has no calendar.
 */
export async function loadCalendars(
  db: D1Database,
  q: BookingScope,
  range: CalendarRange,
  holds: HoldsView,
): Promise<Map<number, Calendar>> {
  return calendarsOf(await db.batch(calendarStatements(db, q, range, holds)), range);
}

/**
 * The catalogue of a booking's services and the calendars of the stylists who may take them,
 * in one round trip (the stylists are chosen in SQL, as stepsFor chooses them).
 */
export async function loadBookingCalendars(
  db: D1Database,
  q: BookingScope,
  range: CalendarRange,
  holds: HoldsView,
): Promise<{ catalogue: Catalogue | null; calendars: Map<number, Calendar> }> {
  const results = await db.batch([...catalogueStatements(db, q.salonId, q.serviceIds), ...calendarStatements(db, q, range, holds)]);
  return { catalogue: catalogueOf(results.slice(0, 4)), calendars: calendarsOf(results.slice(4), range) };
}
