import { newId } from './ids';
import { menuHistoryStatement } from './settings-history';
import { clearOf, type AbsenceHistory, type Who } from './time-off';

/**
 * Blocked time in a stylist's column (issue 48; docs/console/time-off.md): written only where no
 * appointment still to come is in its way, or with `confirm`, in one batch with its History row
 * (db/time-off.ts's rule); the trigger of migration 0038 keeps bookings out of it.
 */

export interface BlockRow {
  id: number;
  salon_id: number;
  stylist_id: number;
  start_at: number;
  end_at: number;
  reason: string;
  version: number;
}

const COLUMNS = 'id, salon_id, stylist_id, start_at, end_at, reason, version';

/** The salon's blocks overlapping [from, to), of one column or all, by start. */
export async function listBlocks(
  db: D1Database,
  salonId: number,
  q: { from: number; to: number; stylistId?: number },
): Promise<BlockRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${COLUMNS} FROM blocked_times WHERE salon_id = ?1 AND end_at > ?2 AND start_at < ?3 AND (?4 IS NULL OR stylist_id = ?4)
        ORDER BY start_at, id`,
    )
    .bind(salonId, q.from, q.to, q.stylistId ?? null)
    .all<BlockRow>();
  return results;
}

export const blockOf = (db: D1Database, salonId: number, id: number) =>
  db.prepare(`SELECT ${COLUMNS} FROM blocked_times WHERE id = ? AND salon_id = ?`).bind(id, salonId).first<BlockRow>();

/** A new block; its id, or null when appointments are in its way (or the column is not the salon's): nothing written. */
export async function createBlock(
  db: D1Database,
  w: Who,
  b: { stylistId: number; start: number; end: number; reason: string },
  confirm: boolean,
  words: string,
): Promise<number | null> {
  const clear = clearOf({ salonId: w.salonId, stylistId: b.stylistId, start: b.start, end: b.end, now: w.now, confirm });
  const cond = {
    sql: `EXISTS (SELECT 1 FROM stylists WHERE id = ? AND salon_id = ? AND active = 1) AND ${clear.sql}`,
    params: [b.stylistId, w.salonId, ...clear.params],
  };
  const [, inserted] = await db.batch([
    menuHistoryStatement(db, w, { field: 'block', old: null, new: words }, w.now, cond),
    db
      .prepare(
        `INSERT INTO blocked_times (id, salon_id, stylist_id, start_at, end_at, reason, created_by, updated_by, created_at, updated_at)
         SELECT ${newId('blocked_times')}, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${cond.sql} RETURNING id`,
      )
      .bind(w.salonId, b.stylistId, b.start, b.end, b.reason, w.who, w.who, w.now, w.now, ...cond.params),
  ]);
  return (inserted!.results[0] as { id: number } | undefined)?.id ?? null;
}

/**
 * A block moved, resized or renamed from version `from`: whether it was (false: stale, gone, or
 * appointments in the way of its new times; re-read to say which). A new reason alone checks nothing.
 */
export async function patchBlock(
  db: D1Database,
  w: Who,
  current: BlockRow,
  from: number,
  next: { start: number; end: number; reason: string },
  confirm: boolean,
  h: AbsenceHistory,
): Promise<boolean> {
  const moved = next.start !== current.start_at || next.end !== current.end_at;
  const clear = clearOf({
    salonId: w.salonId,
    stylistId: current.stylist_id,
    start: next.start,
    end: next.end,
    now: w.now,
    confirm: confirm || !moved,
  });
  const cond = {
    sql: `EXISTS (SELECT 1 FROM blocked_times WHERE id = ? AND salon_id = ? AND version = ?) AND ${clear.sql}`,
    params: [current.id, w.salonId, from, ...clear.params],
  };
  const [, updated] = await db.batch([
    menuHistoryStatement(db, w, h, w.now, cond),
    db
      .prepare(
        `UPDATE blocked_times SET start_at = ?, end_at = ?, reason = ?, updated_by = ?, updated_at = ?, version = version + 1
          WHERE id = ? AND ${cond.sql}`,
      )
      .bind(next.start, next.end, next.reason, w.who, w.now, current.id, ...cond.params),
  ]);
  return updated!.meta.changes > 0;
}

/** A block removed from version `from`: whether it was. */
export async function removeBlock(db: D1Database, w: Who, id: number, from: number, h: AbsenceHistory): Promise<boolean> {
  const cond = { sql: 'EXISTS (SELECT 1 FROM blocked_times WHERE id = ? AND salon_id = ? AND version = ?)', params: [id, w.salonId, from] };
  const [, removed] = await db.batch([
    menuHistoryStatement(db, w, h, w.now, cond),
    db.prepare('DELETE FROM blocked_times WHERE id = ? AND salon_id = ? AND version = ?').bind(id, w.salonId, from),
  ]);
  return removed!.meta.changes > 0;
}

/** Approved time off and blocks of the stylists overlapping [from, to) (the diary's stranded flags, the desk's warning). */
export async function absenceOf(
  db: D1Database,
  stylistIds: number[],
  from: number,
  to: number,
): Promise<{ stylist_id: number; start_at: number; end_at: number }[]> {
  if (stylistIds.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT stylist_id, start_at, end_at FROM time_off
        WHERE stylist_id IN (SELECT value FROM json_each(?1)) AND status = 'approved' AND end_at > ?2 AND start_at < ?3
       UNION ALL
       SELECT stylist_id, start_at, end_at FROM blocked_times
        WHERE stylist_id IN (SELECT value FROM json_each(?1)) AND end_at > ?2 AND start_at < ?3`,
    )
    .bind(JSON.stringify(stylistIds), from, to)
    .all<{ stylist_id: number; start_at: number; end_at: number }>();
  return results;
}
