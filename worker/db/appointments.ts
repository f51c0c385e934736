import { blocksOf, insertBlocks, releaseExpiredHolds } from './blocks';
import { releaseHoldStatements } from './holds';
import { lastNewId, newId } from './ids';

/** appointments.status */
export type AppointmentStatus = 'confirmed' | 'unconfirmed' | 'waitlist' | 'pending' | 'cancelled';

/** appointments.origin: the booking journey, the salon itself, or the older rebooking flow */
export type AppointmentOrigin = 'online' | 'salon' | 'online_rebooking';

/** What a booking answer of the journey (or a deposit request) is made from: never an unconfirmed rebooking. */
export interface AppointmentRow {
  id: number;
  status: Exclude<AppointmentStatus, 'unconfirmed'>;
  payment_intent_id: string | null;
  payment_status: string | null;
}

/** A booking found by its idempotency key: its answer, the SHA-256 of the request that made it, and when. */
export interface KeyedAppointmentRow extends AppointmentRow {
  request_hash: string | null;
  created_at: number;
}

export interface NewAppointment {
  salonId: number;
  /** null: a salon's appointment for a phone with no account yet (a deposit request) */
  clientId: string | null;
  idempotencyKey: string;
  status: Exclude<AppointmentStatus, 'cancelled'>;
  origin: AppointmentOrigin;
  start: number;
  end: number;
  now: number;
  notes: string;
  total: number;
  deposit: number;
  utmOrigin: string | null;
  verificationCode: string | null;
  /** the client's own hold, released in the same batch */
  holdId: string | null;
  /** a waitlist booking takes no stylist time */
  takesTime: boolean;
  procedures: { serviceId: number; stylistId: number; start: number; end: number; price: number }[];
  patchTest: { stylistId: number; start: number; end: number } | null;
  /** a desk booking for someone with no account yet: who they are (the client's bookings find it by phone later; a walk-in may give no phone) */
  deskClient?: { name: string; phone: string | null } | null;
  /** one of a repeat series whose row an earlier statement of the same batch inserted (db/series.ts) */
  inSeries?: boolean;
  /** the desk's "any time": its stylists' time is taken even over time off or a block (docs/console/time-off.md) */
  overAbsence?: boolean;
  /** the SHA-256 of the request that asks for it (a reused idempotency key with another body is refused) */
  requestHash?: string | null;
}

/**
 * The parts of a new appointment that a checked plan gives (its times, price and procedures),
 * for a booking made for the client rather than by their journey: it takes its stylists' time,
 * with no deposit, hold, patch test, notes or campaign.
 */
export const plannedAppointment = (plan: { start: number; end: number; total: number; procedures: NewAppointment['procedures'] }) => ({
  start: plan.start,
  end: plan.end,
  total: plan.total,
  procedures: plan.procedures,
  notes: '',
  deposit: 0,
  utmOrigin: null,
  holdId: null,
  takesTime: true,
  patchTest: null,
});

export const byKey = (kind: 'appointment' | 'patch_test') =>
  `(SELECT id FROM appointments WHERE client_id IS ? AND idempotency_key = ? AND kind = '${kind}')`;

/** The booking a client already made with this idempotency key through the journey, if any. */
export const appointmentByKey = (db: D1Database, clientId: string, key: string) =>
  db
    .prepare(
      "SELECT id, status, payment_intent_id, payment_status, request_hash, created_at FROM appointments WHERE client_id = ? AND idempotency_key = ? AND kind = 'appointment' AND origin <> 'online_rebooking'",
    )
    .bind(clientId, key)
    .first<KeyedAppointmentRow>();

/**
 * One batch that books: stale holds and abandoned payments let their times go, the client's hold
 * is released, and the appointment, its procedures, its patch test and every stylist's 5-minute
 * blocks are inserted. The (stylist, block) primary key fails the whole batch when any block is
 * taken, and (client, idempotency key) when the same booking is made twice at once.
 */
export function insertAppointmentBatch(
  db: D1Database,
  a: NewAppointment,
): { statements: D1PreparedStatement[]; created: (results: D1Result[]) => AppointmentRow } {
  const appointment = { appointmentSql: byKey('appointment'), params: [a.clientId, a.idempotencyKey] };
  const before = [...releaseExpiredHolds(db, a.now), ...(a.holdId ? releaseHoldStatements(db, a.holdId) : [])];
  const statements: D1PreparedStatement[] = [
    ...before,
    db
      .prepare(
        `INSERT INTO appointments (id, salon_id, client_id, kind, status, start_at, end_at, created_at, idempotency_key, notes, total_price, deposit, utm_origin, verification_code, origin, client_name, client_phone, request_hash, series_id)
         VALUES (${newId('appointments')}, ?, ?, 'appointment', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ${a.inSeries ? lastNewId('appointment_series') : 'NULL'})
         RETURNING id, status, payment_intent_id, payment_status`,
      )
      .bind(
        a.salonId,
        a.clientId,
        a.status,
        a.start,
        a.end,
        a.now,
        a.idempotencyKey,
        a.notes,
        a.total,
        a.deposit,
        a.utmOrigin,
        a.verificationCode,
        a.origin,
        a.deskClient?.name ?? null,
        a.deskClient?.phone ?? null,
        a.requestHash ?? null,
      ),
    ...a.procedures.map((p) =>
      db
        .prepare(
          `INSERT INTO appointment_procedures (id, appointment_id, salon_id, service_id, stylist_id, start_at, end_at, price, occupies)
           VALUES (${newId('appointment_procedures')}, ${appointment.appointmentSql}, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(...appointment.params, a.salonId, p.serviceId, p.stylistId, p.start, p.end, p.price, a.takesTime ? 1 : 0),
    ),
    ...(a.takesTime ? a.procedures.map((p) => insertBlocks(db, p.stylistId, blocksOf(p.start, p.end), appointment, a.overAbsence)) : []),
  ];
  if (a.patchTest) {
    const patchKey = `${a.idempotencyKey}:patch`;
    const patch = { appointmentSql: byKey('patch_test'), params: [a.clientId, patchKey] };
    const t = a.patchTest;
    statements.push(
      db
        .prepare(
          `INSERT INTO appointments (id, salon_id, client_id, kind, status, start_at, end_at, created_at, idempotency_key, origin, patch_for)
           VALUES (${newId('appointments')}, ?, ?, 'patch_test', ?, ?, ?, ?, ?, ?, ${appointment.appointmentSql})`,
        )
        .bind(
          a.salonId,
          a.clientId,
          a.status === 'pending' ? 'pending' : 'confirmed',
          t.start,
          t.end,
          a.now,
          patchKey,
          a.origin,
          ...appointment.params,
        ),
      db
        .prepare(
          `INSERT INTO appointment_procedures (id, appointment_id, salon_id, service_id, stylist_id, start_at, end_at, price, occupies)
           VALUES (${newId('appointment_procedures')}, ${patch.appointmentSql}, ?, NULL, ?, ?, ?, 0, 1)`,
        )
        .bind(...patch.params, a.salonId, t.stylistId, t.start, t.end),
      insertBlocks(db, t.stylistId, blocksOf(t.start, t.end), patch),
    );
  }
  // The appointment INSERT answers the new row (RETURNING), so nothing is read again.
  return { statements, created: (results) => results[before.length]!.results[0] as AppointmentRow };
}

/** The batch failed because the same booking (client and idempotency key) was made at the same moment. */
export const isDuplicateBooking = (e: unknown) => /UNIQUE constraint failed: appointments/.test(String(e));

/** Records the payment intent of an appointment's deposit and its status. */
export const setPaymentIntent = (db: D1Database, id: number, paymentIntentId: string, status: string) =>
  db.prepare('UPDATE appointments SET payment_intent_id = ?, payment_status = ? WHERE id = ?').bind(paymentIntentId, status, id).run();

/** Frees a pending appointment (and its patch test) whose payment did not go through. */
export function cancelPending(db: D1Database, appointmentId: number, paymentStatus = 'failed') {
  return db.batch([
    db
      .prepare('DELETE FROM stylist_blocks WHERE appointment_id IN (SELECT id FROM appointments WHERE id = ?1 OR patch_for = ?1)')
      .bind(appointmentId),
    db
      .prepare(
        'UPDATE appointment_procedures SET occupies = 0 WHERE appointment_id IN (SELECT id FROM appointments WHERE id = ?1 OR patch_for = ?1)',
      )
      .bind(appointmentId),
    db
      .prepare("UPDATE appointments SET status = 'cancelled', payment_status = ? WHERE (id = ?2 OR patch_for = ?2) AND status = 'pending'")
      .bind(paymentStatus, appointmentId),
  ]);
}

/**
 * Confirms a pending appointment (and its patch test) whose deposit is authorised: true when this
 * call confirmed it, false when it is no longer pending (freed meanwhile, or confirmed by another).
 */
export async function acceptDeposit(db: D1Database, appointmentId: number): Promise<boolean> {
  const { meta } = await db
    .prepare("UPDATE appointments SET status = 'confirmed' WHERE (id = ?1 OR patch_for = ?1) AND status = 'pending'")
    .bind(appointmentId)
    .run();
  return meta.changes > 0;
}

/** Records an appointment's deposit (and its patch test's) as taken. */
export const depositCaptured = (db: D1Database, appointmentId: number) =>
  db.prepare("UPDATE appointments SET payment_status = 'captured' WHERE id = ?1 OR patch_for = ?1").bind(appointmentId).run();

/** An appointment's deposit as a payment intent must match it: its status, amount and currency. */
export interface DepositRow {
  id: number;
  salon_id: number;
  status: AppointmentStatus;
  deposit: number;
  currency: string;
}

/** The appointment that uses this payment intent for its deposit, if any. */
export const depositOf = (db: D1Database, appointmentId: number, paymentIntentId: string) =>
  db
    .prepare(
      `SELECT a.id, a.salon_id, a.status, a.deposit, s.currency FROM appointments a JOIN salons s ON s.id = a.salon_id
        WHERE a.id = ? AND a.payment_intent_id = ? AND a.kind = 'appointment'`,
    )
    .bind(appointmentId, paymentIntentId)
    .first<DepositRow>();

/** The client's own appointment at the salon that pays with that intent (another client's: null). */
export const clientsPaidAppointment = (
  db: D1Database,
  q: { appointmentId: number; salonId: number; clientId: string; paymentIntentId: string },
) =>
  db
    .prepare(
      "SELECT id FROM appointments WHERE id = ? AND salon_id = ? AND client_id = ? AND payment_intent_id = ? AND kind = 'appointment'",
    )
    .bind(q.appointmentId, q.salonId, q.clientId, q.paymentIntentId)
    .first<{ id: number }>();

/** Marks the booking with this verification link verified; its id, or null for an unknown link. */
export async function verifyBooking(db: D1Database, salonId: number, code: string, now: number): Promise<number | null> {
  const row = await db
    .prepare(
      "UPDATE appointments SET verified_at = COALESCE(verified_at, ?) WHERE salon_id = ? AND verification_code = ? AND kind = 'appointment' RETURNING id",
    )
    .bind(now, salonId, code)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/** Salons of this database by id (a client's, as the index names them): id, name and logo (null without one). */
export async function salonCards(
  db: D1Database,
  salonIds: number[],
): Promise<{ id: number; name: string; profile_image_url: string | null }[]> {
  const { results } = await db
    .prepare("SELECT id, name, NULLIF(image, '') AS profile_image_url FROM salons WHERE id IN (SELECT value FROM json_each(?))")
    .bind(JSON.stringify(salonIds))
    .all<{ id: number; name: string; profile_image_url: string | null }>();
  return results;
}
