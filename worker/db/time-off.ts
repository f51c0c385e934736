import { BUSY_LOOKBACK_MS } from '../../shared/availability-messages';
import type { AbsenceHistoryField, TimeOffReason, TimeOffStatus } from '../../shared/console/time-off';
import { PENDING_TTL_MS } from './blocks';
import { newId } from './ids';
import { menuHistoryStatement } from './settings-history';

/**
 * A stylist's time off (issue 48; docs/console/time-off.md), and what time off and blocks share:
 * the condition under which either is written over appointments, and the appointments it would
 * strand. Each change is one batch whose statements run under one condition (the row still at its
 * version; no appointment still to come in its way, or `confirm`): History's row first, then the
 * change, so both are written or neither. The trigger of migration 0038 keeps bookings out of
 * what is written.
 */

export interface Who {
  salonId: number;
  who: string;
  now: number;
}

export interface TimeOffRow {
  id: number;
  salon_id: number;
  stylist_id: number;
  start_at: number;
  end_at: number;
  reason: TimeOffReason;
  note: string;
  status: TimeOffStatus;
  requested_by: string;
  decided_by: string | null;
  version: number;
}

/** A history line of a change: the field, old and new in a few words (null: none). */
export interface AbsenceHistory {
  field: AbsenceHistoryField;
  old: string | null;
  new: string | null;
}

/**
 * SQL that holds when no appointment of stylist `?` still to come (confirmed, unconfirmed, or
 * pending a deposit not yet abandoned) overlaps [?, ?), or when `confirm` (the first param) is 1.
 * Its params, in order: confirm, salon, stylist, end, start, start - lookback, now, now - TTL.
 */
export function clearOf(q: { salonId: number; stylistId: number; start: number; end: number; now: number; confirm: boolean }) {
  return {
    sql: `(? = 1 OR NOT EXISTS (
            SELECT 1 FROM appointment_procedures p JOIN appointments a ON a.id = p.appointment_id
             WHERE p.salon_id = ? AND p.occupies = 1 AND p.stylist_id = ? AND p.start_at < ? AND p.end_at > ? AND p.start_at >= ?
               AND p.end_at > ? AND a.status IN ('confirmed', 'unconfirmed', 'pending') AND NOT (a.status = 'pending' AND a.created_at <= ?)))`,
    params: [q.confirm ? 1 : 0, q.salonId, q.stylistId, q.end, q.start, q.start - BUSY_LOOKBACK_MS, q.now, q.now - PENDING_TTL_MS],
  };
}

export interface StrandedRow {
  id: number;
  start_at: number;
  end_at: number;
  client_name: string;
  services: string | null;
}

/** The appointments `clearOf` finds in the way (a few, for the 409's list), soonest first. */
export async function strandedBy(
  db: D1Database,
  q: { salonId: number; stylistId: number; start: number; end: number; now: number },
): Promise<StrandedRow[]> {
  const { results } = await db
    .prepare(
      `SELECT a.id, a.start_at, a.end_at, COALESCE(NULLIF(c.name, ''), a.client_name, 'Client') AS client_name,
              (SELECT group_concat(COALESCE(s.name, 'Patch test'), '\n') FROM appointment_procedures q LEFT JOIN services s ON s.id = q.service_id
                WHERE q.appointment_id = a.id) AS services
         FROM appointments a LEFT JOIN clients c ON c.id = a.client_id
        WHERE a.id IN (SELECT p.appointment_id FROM appointment_procedures p
                        WHERE p.salon_id = ?1 AND p.occupies = 1 AND p.stylist_id = ?2 AND p.start_at < ?3 AND p.end_at > ?4
                          AND p.start_at >= ?5 AND p.end_at > ?6)
          AND a.status IN ('confirmed', 'unconfirmed', 'pending') AND NOT (a.status = 'pending' AND a.created_at <= ?7)
        ORDER BY a.start_at LIMIT 50`,
    )
    .bind(q.salonId, q.stylistId, q.end, q.start, q.start - BUSY_LOOKBACK_MS, q.now, q.now - PENDING_TTL_MS)
    .all<StrandedRow>();
  return results;
}

/** Whether the stylist is one of the salon's active columns. */
export async function isActiveStylist(db: D1Database, salonId: number, stylistId: number): Promise<boolean> {
  return !!(await db.prepare('SELECT 1 FROM stylists WHERE id = ? AND salon_id = ? AND active = 1').bind(stylistId, salonId).first());
}

const COLUMNS = 'id, salon_id, stylist_id, start_at, end_at, reason, note, status, requested_by, decided_by, version';

/** The salon's time off overlapping [from, to), of one column or all, by start. */
export async function listTimeOff(
  db: D1Database,
  salonId: number,
  q: { from: number; to: number; stylistId?: number; status?: TimeOffStatus },
): Promise<TimeOffRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${COLUMNS} FROM time_off
        WHERE salon_id = ?1 AND end_at > ?2 AND start_at < ?3 AND (?4 IS NULL OR stylist_id = ?4) AND (?5 IS NULL OR status = ?5)
        ORDER BY start_at, id`,
    )
    .bind(salonId, q.from, q.to, q.stylistId ?? null, q.status ?? null)
    .all<TimeOffRow>();
  return results;
}

export const timeOffOf = (db: D1Database, salonId: number, id: number) =>
  db.prepare(`SELECT ${COLUMNS} FROM time_off WHERE id = ? AND salon_id = ?`).bind(id, salonId).first<TimeOffRow>();

/** Requests still to decide that have not ended, soonest first, with the stylist's name (Today). */
export async function pendingRequests(db: D1Database, salonId: number, now: number) {
  const { results } = await db
    .prepare(
      `SELECT t.id, t.salon_id, t.stylist_id, t.start_at, t.end_at, t.reason, t.note, t.status, t.requested_by, t.decided_by, t.version,
              st.name AS stylist_name
         FROM time_off t JOIN stylists st ON st.id = t.stylist_id
        WHERE t.salon_id = ? AND t.status = 'requested' AND t.end_at > ? ORDER BY t.start_at, t.id LIMIT 100`,
    )
    .bind(salonId, now)
    .all<TimeOffRow & { stylist_name: string }>();
  return results;
}

const history = (db: D1Database, w: Who, h: AbsenceHistory, cond: { sql: string; params: unknown[] }) =>
  menuHistoryStatement(db, w, h, w.now, cond);

/**
 * New time off: requested (a stylist's own), or approved when no appointment still to come is in
 * its way or `confirm`; its id, or null when appointments are in the way (nothing written). The
 * stylist must be an active column of the salon: else null too (the caller checked it first).
 */
export async function createTimeOff(
  db: D1Database,
  w: Who,
  t: { stylistId: number; start: number; end: number; reason: TimeOffReason; note: string; status: 'requested' | 'approved' },
  confirm: boolean,
  words: string,
): Promise<number | null> {
  const clear = clearOf({
    salonId: w.salonId,
    stylistId: t.stylistId,
    start: t.start,
    end: t.end,
    now: w.now,
    confirm: confirm || t.status === 'requested',
  });
  const cond = {
    sql: `EXISTS (SELECT 1 FROM stylists WHERE id = ? AND salon_id = ? AND active = 1) AND ${clear.sql}`,
    params: [t.stylistId, w.salonId, ...clear.params],
  };
  const [, inserted] = await db.batch([
    history(db, w, { field: 'time_off', old: null, new: words }, cond),
    db
      .prepare(
        `INSERT INTO time_off (id, salon_id, stylist_id, start_at, end_at, reason, note, status, requested_by, decided_by, created_at, updated_at)
         SELECT ${newId('time_off')}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${cond.sql} RETURNING id`,
      )
      .bind(
        w.salonId,
        t.stylistId,
        t.start,
        t.end,
        t.reason,
        t.note,
        t.status,
        w.who,
        t.status === 'approved' ? w.who : null,
        w.now,
        w.now,
        ...cond.params,
      ),
  ]);
  return (inserted!.results[0] as { id: number } | undefined)?.id ?? null;
}

/**
 * A request approved (when nothing still to come is in its way, or `confirm`) or declined, from
 * version `from`: whether it was (false: stale, gone, decided already or in the way: re-read to say which).
 */
export async function decideTimeOff(
  db: D1Database,
  w: Who,
  t: TimeOffRow,
  from: number,
  decision: 'approved' | 'declined',
  confirm: boolean,
  h: AbsenceHistory,
): Promise<boolean> {
  const clear = clearOf({
    salonId: w.salonId,
    stylistId: t.stylist_id,
    start: t.start_at,
    end: t.end_at,
    now: w.now,
    confirm: confirm || decision === 'declined',
  });
  const cond = {
    sql: `EXISTS (SELECT 1 FROM time_off WHERE id = ? AND salon_id = ? AND version = ? AND status = 'requested') AND ${clear.sql}`,
    params: [t.id, w.salonId, from, ...clear.params],
  };
  const [, updated] = await db.batch([
    history(db, w, h, cond),
    db
      .prepare(`UPDATE time_off SET status = ?, decided_by = ?, version = version + 1, updated_at = ? WHERE id = ? AND ${cond.sql}`)
      .bind(decision, w.who, w.now, t.id, ...cond.params),
  ]);
  return updated!.meta.changes > 0;
}

/** Time off removed (approved, requested or declined) from version `from`: whether it was. */
export async function removeTimeOff(db: D1Database, w: Who, id: number, from: number, h: AbsenceHistory): Promise<boolean> {
  const cond = { sql: 'EXISTS (SELECT 1 FROM time_off WHERE id = ? AND salon_id = ? AND version = ?)', params: [id, w.salonId, from] };
  const [, removed] = await db.batch([
    history(db, w, h, cond),
    db.prepare('DELETE FROM time_off WHERE id = ? AND salon_id = ? AND version = ?').bind(id, w.salonId, from),
  ]);
  return removed!.meta.changes > 0;
}

/** A stylist's name (any column of the salon, active or not), for History's words. */
export async function stylistName(db: D1Database, salonId: number, stylistId: number): Promise<string> {
  const row = await db
    .prepare('SELECT name FROM stylists WHERE id = ? AND salon_id = ?')
    .bind(stylistId, salonId)
    .first<{ name: string }>();
  return row?.name ?? 'a stylist';
}
