import { BUSY_LOOKBACK_MS } from '../../shared/availability-messages';
import { BLOCK_MS, intervalsOf, PENDING_TTL_MS } from './blocks';

/** A stylist's working hours on one weekday (minutes from local midnight), as the engine reads them. */
interface DayHours {
  start: number;
  end: number;
  breakStart: number | null;
  breakEnd: number | null;
}

/** One stylist's hours by weekday, days off and busy intervals (UTC ms, sorted by start). */
interface Calendar {
  id: number;
  hours: (DayHours | undefined)[];
  daysOff: Set<string>;
  busy: [number, number][];
}

/** Hours, days off and busy intervals of `stylistIds` between two instants (one round trip). */
export async function loadCalendars(
  db: D1Database,
  salonId: number,
  stylistIds: number[],
  range: { fromUtc: number; toUtc: number; fromDate: string; toDate: string },
  holds: { now: number; own: string | null; ignoreAppointment?: number | null } = { now: Date.now(), own: null },
): Promise<Map<number, Calendar>> {
  const ids = stylistIds.length ? stylistIds : [0];
  const marks = ids.map(() => '?').join(',');
  // Busy times start at most a day before the window (index appointment_procedures_window:
  // salon, occupies, stylist, start), and come back one row per stylist, packed as
  // 'start+length,…' in ms from `base`: a few rows instead of one per procedure.
  const base = range.fromUtc - BUSY_LOOKBACK_MS;
  const [hours, daysOff, busy, held] = await db.batch([
    db
      .prepare(`SELECT stylist_id, weekday, start_min, end_min, break_start, break_end FROM stylist_hours WHERE stylist_id IN (${marks})`)
      .bind(...ids),
    db
      .prepare(`SELECT stylist_id, date FROM stylist_days_off WHERE stylist_id IN (${marks}) AND date BETWEEN ? AND ?`)
      .bind(...ids, range.fromDate, range.toDate),
    db
      .prepare(
        `SELECT p.stylist_id, group_concat(CAST(p.start_at - ? AS INTEGER) || '+' || (p.end_at - p.start_at)) AS busy FROM appointment_procedures p
          WHERE p.salon_id = ? AND p.occupies = 1 AND p.stylist_id IN (${marks}) AND p.start_at >= ? AND p.start_at < ? AND p.end_at > ?
            -- a pending appointment whose deposit was abandoned no longer takes the time
            AND p.appointment_id NOT IN (SELECT a.id FROM appointments a WHERE a.status = 'pending' AND a.created_at <= ?)
            -- a booking being moved does not stand in its own way
            AND p.appointment_id IS NOT ?
          GROUP BY p.stylist_id`,
      )
      .bind(base, salonId, ...ids, base, range.toUtc, range.fromUtc, holds.now - PENDING_TTL_MS, holds.ignoreAppointment ?? null),
    // Other clients' live holds are taken too; the client's own hold is not (index stylist_blocks_holds).
    db
      .prepare(
        `SELECT stylist_id, block FROM stylist_blocks
          WHERE hold_id IS NOT NULL AND expires_at > ? AND hold_id IS NOT ? AND block >= ? AND block < ? AND stylist_id IN (${marks})
          ORDER BY stylist_id, block`,
      )
      .bind(holds.now, holds.own, Math.floor(range.fromUtc / BLOCK_MS), Math.ceil(range.toUtc / BLOCK_MS), ...ids),
  ]);
  const calendars = new Map<number, Calendar>();
  for (const id of stylistIds) calendars.set(id, { id, hours: [], daysOff: new Set(), busy: [] });
  for (const h of hours!.results as {
    stylist_id: number;
    weekday: number;
    start_min: number;
    end_min: number;
    break_start: number | null;
    break_end: number | null;
  }[]) {
    calendars.get(h.stylist_id)!.hours[h.weekday] = {
      start: h.start_min,
      end: h.end_min,
      breakStart: h.break_start,
      breakEnd: h.break_end,
    };
  }
  for (const d of daysOff!.results as { stylist_id: number; date: string }[]) calendars.get(d.stylist_id)!.daysOff.add(d.date);
  for (const row of busy!.results as { stylist_id: number; busy: string }[]) {
    const out = calendars.get(row.stylist_id)!.busy;
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
  for (const [id, blocks] of heldBy) calendars.get(id)!.busy.push(...intervalsOf(blocks));
  // The engine wants each stylist's busy times by start (group_concat promises no order).
  for (const cal of calendars.values()) cal.busy.sort((a, b) => a[0] - b[0]);
  return calendars;
}
