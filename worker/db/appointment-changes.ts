import { blocksOf, releaseExpiredHolds } from './blocks';

/**
 * A client cancelling or moving a booking. Each change is one batch (one transaction): the
 * stylist blocks are freed or taken in the same batch as the booking changes, so availability
 * offers a freed time at once and a taken time is refused by the database.
 */

/** What a deposit becomes when its booking is cancelled (decided in SQL, from its state at that moment). */
const DEPOSIT_ON_CANCEL = `CASE
    WHEN kind <> 'appointment' THEN payment_status
    WHEN payment_status = 'captured' THEN CASE WHEN ?3 = 1 THEN 'refund_due' ELSE 'kept' END
    WHEN payment_status = 'requires_capture' THEN CASE WHEN ?3 = 1 THEN 'release_due' ELSE 'keep_due' END
    ELSE payment_status END`;

/**
 * Cancels a booking (and its patch test when that is still to come): frees its blocks, stops its
 * procedures taking time, and records the cancellation and what its deposit is due to become.
 * Only a confirmed or waitlist booking changes, so a second cancel changes nothing.
 */
export function cancelStatements(db: D1Database, c: { appointmentId: number; now: number; refund: boolean }): D1PreparedStatement[] {
  const scope = 'SELECT id FROM appointments WHERE id = ?1 OR (patch_for = ?1 AND start_at > ?2)';
  return [
    db.prepare(`DELETE FROM stylist_blocks WHERE appointment_id IN (${scope})`).bind(c.appointmentId, c.now),
    db.prepare(`UPDATE appointment_procedures SET occupies = 0 WHERE appointment_id IN (${scope})`).bind(c.appointmentId, c.now),
    db
      .prepare(
        `UPDATE appointments SET status = 'cancelled', cancelled_from = status, cancelled_at = ?2, payment_status = ${DEPOSIT_ON_CANCEL}
          WHERE (id = ?1 OR (patch_for = ?1 AND start_at > ?2)) AND status IN ('confirmed', 'unconfirmed', 'waitlist')`,
      )
      .bind(c.appointmentId, c.now, c.refund ? 1 : 0),
  ];
}

/** Records a cancelled deposit's outcome once the payment provider has answered ('refund_due' → 'refunded'). */
export const settleDepositOutcome = (db: D1Database, appointmentId: number, from: string, to: string) =>
  db.prepare('UPDATE appointments SET payment_status = ? WHERE id = ? AND payment_status = ?').bind(to, appointmentId, from).run();

/**
 * A booking moved (a client's move, or the desk's: another time, stylist or length): its services'
 * stylists and times, and its own times (docs/console/desk.md "Moving in the diary").
 */
export interface Move {
  appointmentId: number;
  /** the start and end the booking had when it was read: a booking changed since is left alone */
  fromStart: number;
  fromEnd: number;
  start: number;
  end: number;
  now: number;
  takesTime: boolean;
  procedures: { id: number; stylistId: number; start: number; end: number }[];
  overAbsence: boolean;
}

/**
 * Moves a booking in one batch: its old blocks go and the new ones
 * are taken (a taken block fails the batch through its key; a booking changed since it was read
 * makes the owner subquery NULL, which the blocks' CHECK refuses), then each service and the
 * booking itself are rewritten while they are still as read.
 */
export function moveStatements(db: D1Database, r: Move): D1PreparedStatement[] {
  const unchanged =
    "SELECT id FROM appointments WHERE id = ? AND start_at = ? AND end_at = ? AND status IN ('confirmed', 'unconfirmed', 'waitlist')";
  const was = [r.appointmentId, r.fromStart, r.fromEnd];
  return [
    ...releaseExpiredHolds(db, r.now),
    db.prepare(`DELETE FROM stylist_blocks WHERE appointment_id IN (${unchanged})`).bind(...was),
    // the blocks as one JSON array each (a long service's would pass D1's 100 bound values one by one)
    ...(r.takesTime
      ? r.procedures.map((p) =>
          db
            .prepare(
              `INSERT INTO stylist_blocks (stylist_id, block, appointment_id, hold_id, expires_at, over_absence)
               SELECT ?5, j.value, (SELECT id FROM appointments WHERE id = ?1 AND start_at = ?2 AND end_at = ?3 AND status IN ('confirmed', 'unconfirmed', 'waitlist')),
                      NULL, NULL, ?4
                 FROM json_each(?6) j`,
            )
            .bind(...was, r.overAbsence ? 1 : 0, p.stylistId, JSON.stringify(blocksOf(p.start, p.end))),
        )
      : []),
    ...r.procedures.map((p) =>
      db
        .prepare(
          `UPDATE appointment_procedures SET stylist_id = ?, start_at = ?, end_at = ? WHERE id = ? AND appointment_id IN (${unchanged})`,
        )
        .bind(p.stylistId, p.start, p.end, p.id, ...was),
    ),
    db
      .prepare(
        "UPDATE appointments SET start_at = ?4, end_at = ?5, calendar_sequence = calendar_sequence + 1 WHERE id = ?1 AND start_at = ?2 AND end_at = ?3 AND status IN ('confirmed', 'unconfirmed', 'waitlist')",
      )
      .bind(...was, r.start, r.end),
  ];
}

/** The move batch failed because the booking was cancelled or moved in the meantime. */
export const isStaleMove = (e: unknown) => /CHECK constraint failed/.test(String(e));
