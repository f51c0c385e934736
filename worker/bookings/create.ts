import { depositFor, MSG_SLOT_TAKEN, type BookingResponse } from '../../shared/booking-request';
import { AppError } from '../errors';
import { blocksOf, insertBlocks, isBlockConflict, releaseExpiredHolds } from './blocks';
import type { Plan } from './plan';

export interface NewBooking {
  salonId: number;
  clientId: string;
  idempotencyKey: string;
  plan: Plan;
  waitlist: boolean;
  notes: string;
  utmOrigin: string | null;
  holdId: string | null;
  patchTest: { stylistId: number; start: number } | null;
  depositSettings: string;
  now: number;
  /** a deposit is still to be taken: the appointment holds its times as pending until paid */
  pending?: boolean;
}

interface Row {
  id: number;
  status: 'confirmed' | 'waitlist' | 'pending' | 'cancelled';
  payment_intent_id: string | null;
  payment_status: string | null;
}

const response = (row: Row, clientId: string): BookingResponse => ({
  appointment_id: row.id,
  client_id: clientId,
  pi_status: row.payment_status === 'captured' ? 'succeeded' : row.payment_status,
  client_secret: null,
  payment_method: null,
  pi: row.payment_intent_id,
  success: row.status !== 'cancelled',
  status: row.status === 'cancelled' ? 'pending' : row.status,
});

/** The booking a client already made with this idempotency key, if any. */
export async function priorBooking(db: D1Database, clientId: string, key: string): Promise<BookingResponse | null> {
  const row = await db
    .prepare("SELECT id, status, payment_intent_id, payment_status FROM appointments WHERE client_id = ? AND idempotency_key = ? AND kind = 'appointment'")
    .bind(clientId, key)
    .first<Row>();
  return row ? response(row, clientId) : null;
}

const code = () => [...crypto.getRandomValues(new Uint8Array(8))].map((b) => 'abcdefghjkmnpqrstuvwxyz23456789'[b % 31]).join('');

/**
 * Creates the appointment in one transaction: its procedures and the stylists' blocks (the
 * database refuses a block that is taken), the client's own hold released in the same step.
 * A retry with the same idempotency key answers the same appointment.
 */
export async function createAppointment(db: D1Database, b: NewBooking): Promise<{ booking: BookingResponse; verificationCode: string | null }> {
  const prior = await priorBooking(db, b.clientId, b.idempotencyKey);
  if (prior) return { booking: prior, verificationCode: null };
  const status = b.waitlist ? 'waitlist' : b.pending ? 'pending' : 'confirmed';
  const deposit = b.waitlist ? 0 : depositFor(b.depositSettings, b.plan.total);
  const idOf = { appointmentSql: "(SELECT id FROM appointments WHERE client_id = ? AND idempotency_key = ? AND kind = 'appointment')", params: [b.clientId, b.idempotencyKey] };
  const occupies = b.waitlist ? 0 : 1;
  const verification = code();
  const statements: D1PreparedStatement[] = [
    ...releaseExpiredHolds(db, b.now),
    ...(b.holdId
      ? [db.prepare('DELETE FROM stylist_blocks WHERE hold_id = ?').bind(b.holdId), db.prepare('DELETE FROM holds WHERE id = ?').bind(b.holdId)]
      : []),
    db
      .prepare(
        `INSERT INTO appointments (salon_id, client_id, kind, status, start_at, end_at, created_at, idempotency_key, notes, total_price, deposit, utm_origin, verification_code)
         VALUES (?, ?, 'appointment', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(b.salonId, b.clientId, status, b.plan.start, b.plan.end, b.now, b.idempotencyKey, b.notes, b.plan.total, deposit, b.utmOrigin, verification),
    ...b.plan.procedures.map((p) =>
      db
        .prepare(
          `INSERT INTO appointment_procedures (appointment_id, salon_id, service_id, stylist_id, start_at, end_at, price, occupies)
           VALUES (${idOf.appointmentSql}, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(...idOf.params, b.salonId, p.serviceId, p.stylistId, p.start, p.end, p.price, occupies),
    ),
    ...(b.waitlist ? [] : b.plan.procedures.map((p) => insertBlocks(db, p.stylistId, blocksOf(p.start, p.end), idOf))),
  ];
  if (b.patchTest) {
    const patchKey = `${b.idempotencyKey}:patch`;
    const end = b.patchTest.start + 5 * 60_000;
    const patchId = { appointmentSql: "(SELECT id FROM appointments WHERE client_id = ? AND idempotency_key = ? AND kind = 'patch_test')", params: [b.clientId, patchKey] };
    statements.push(
      db
        .prepare(
          `INSERT INTO appointments (salon_id, client_id, kind, status, start_at, end_at, created_at, idempotency_key, patch_for)
           VALUES (?, ?, 'patch_test', ?, ?, ?, ?, ?, ${idOf.appointmentSql})`,
        )
        .bind(b.salonId, b.clientId, b.pending ? 'pending' : 'confirmed', b.patchTest.start, end, b.now, patchKey, ...idOf.params),
      db
        .prepare(
          `INSERT INTO appointment_procedures (appointment_id, salon_id, service_id, stylist_id, start_at, end_at, price, occupies)
           VALUES (${patchId.appointmentSql}, ?, NULL, ?, ?, ?, 0, 1)`,
        )
        .bind(...patchId.params, b.salonId, b.patchTest.stylistId, b.patchTest.start, end),
      insertBlocks(db, b.patchTest.stylistId, blocksOf(b.patchTest.start, end), patchId),
    );
  }
  try {
    await db.batch(statements);
  } catch (e) {
    if (isBlockConflict(e)) throw new AppError('CONFLICT', MSG_SLOT_TAKEN, 'start_time');
    if (/UNIQUE constraint failed: appointments/.test(String(e))) {
      // The same request, retried at the same moment: answer what the first one created.
      const again = await priorBooking(db, b.clientId, b.idempotencyKey);
      if (again) return { booking: again, verificationCode: null };
    }
    throw e;
  }
  return { booking: (await priorBooking(db, b.clientId, b.idempotencyKey))!, verificationCode: verification };
}
