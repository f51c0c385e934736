import type { InviteStatus } from '../../shared/invites';
import { newId } from './ids';

/**
 * Deposit requests (invites). An open invite (invited, reminded, seen) whose appointment has
 * started reads as 'expired', and one whose appointment was cancelled as 'withdrawn': computed in
 * every read, and every change is one conditional UPDATE that also requires the appointment to
 * be ahead, so two concurrent actions (decline and pay, withdraw and pay) cannot both win.
 */
export interface InviteRow {
  id: number;
  unique_code: string;
  salon_id: number;
  salon_name: string;
  currency: string;
  timezone: string;
  client_id: string | null;
  client_phone: string;
  client_first_name: string;
  client_last_name: string;
  status: InviteStatus;
  /** minor units */
  requested_deposit: number;
  requested_card_only: number;
  pay_full_amount: number;
  payment_intent_id: string | null;
  payment_claim: string | null;
  paid_amount: number;
  created_at: number;
  appointment_id: number;
  start_at: number;
  end_at: number;
  /** minor units: the sum of the appointment's services */
  price: number;
}

export const OPEN = "('invited', 'reminded', 'seen')";
/** ?9 is now in every statement below. */
const AHEAD = "a.start_at > ?9 AND a.status <> 'cancelled'";
const STATUS = `CASE WHEN i.status IN ${OPEN} AND a.status = 'cancelled' THEN 'withdrawn'
                     WHEN i.status IN ${OPEN} AND a.start_at <= ?9 THEN 'expired' ELSE i.status END`;
const SELECT = `SELECT i.id, i.unique_code, i.salon_id, s.name AS salon_name, s.currency, s.timezone, i.client_id, i.client_phone,
       i.client_first_name, i.client_last_name, ${STATUS} AS status, i.requested_deposit, i.requested_card_only,
       i.pay_full_amount, i.payment_intent_id, i.payment_claim, i.paid_amount, i.created_at, i.appointment_id, a.start_at, a.end_at,
       (SELECT COALESCE(SUM(p.price), 0) FROM appointment_procedures p WHERE p.appointment_id = a.id) AS price
  FROM invites i JOIN salons s ON s.id = i.salon_id JOIN appointments a ON a.id = i.appointment_id`;

export interface NewInvite {
  code: string;
  salonId: number;
  clientId: string | null;
  appointmentId: number;
  phone: string;
  firstName: string;
  lastName: string;
  /** minor units */
  deposit: number;
  cardOnly: boolean;
  fullPrice: boolean;
  now: number;
}

export async function insertInvite(db: D1Database, n: NewInvite): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO invites (id, unique_code, salon_id, client_id, appointment_id, requested_deposit, requested_card_only, pay_full_amount,
                            created_at, updated_at, client_phone, client_first_name, client_last_name)
       VALUES (${newId('invites')}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .bind(
      n.code,
      n.salonId,
      n.clientId,
      n.appointmentId,
      n.deposit,
      n.cardOnly ? 1 : 0,
      n.fullPrice ? 1 : 0,
      n.now,
      n.now,
      n.phone,
      n.firstName,
      n.lastName,
    )
    .first<{ id: number }>();
  return row!.id;
}

/** One of the salon's invites (another salon's: null). */
export const inviteOfSalon = (db: D1Database, salonId: number, id: number, now: number) =>
  db
    .prepare(`${SELECT} WHERE i.id = ?1 AND i.salon_id = ?2`)
    .bind(...at(now, id, salonId))
    .first<InviteRow>();

/** All of the salon's invites, newest first. */
export async function invitesOfSalon(db: D1Database, salonId: number, now: number): Promise<InviteRow[]> {
  const { results } = await db
    .prepare(`${SELECT} WHERE i.salon_id = ?1 ORDER BY i.created_at DESC, i.id DESC LIMIT 500`)
    .bind(...at(now, salonId))
    .all<InviteRow>();
  return results;
}

/** The client's open invites across all salons, newest appointment first. */
export async function openInvitesOf(db: D1Database, clientId: string, now: number): Promise<InviteRow[]> {
  const { results } = await db
    .prepare(`${SELECT} WHERE i.client_id = ?1 AND i.status IN ${OPEN} AND ${AHEAD} ORDER BY a.start_at DESC, i.id DESC`)
    .bind(...at(now, clientId))
    .all<InviteRow>();
  return results;
}

/** One of the client's invites at the salon (another client's, or another salon's: null). */
export const inviteOfClient = (db: D1Database, q: { clientId: string; salonId: number; id: number; now: number }) =>
  db
    .prepare(`${SELECT} WHERE i.id = ?1 AND i.client_id = ?2 AND i.salon_id = ?3`)
    .bind(...at(q.now, q.id, q.clientId, q.salonId))
    .first<InviteRow>();

/** The invite of a text message's link. */
export const inviteByCode = (db: D1Database, code: string, now: number) =>
  db
    .prepare(`${SELECT} WHERE i.unique_code = ?1`)
    .bind(...at(now, code))
    .first<InviteRow>();

/** The client's invite of that appointment that pays with that intent (3-D Secure coming back). */
export const inviteOfPayment = (
  db: D1Database,
  q: { clientId: string; salonId: number; appointmentId: number; paymentIntentId: string; now: number },
) =>
  db
    .prepare(`${SELECT} WHERE i.client_id = ?1 AND i.salon_id = ?2 AND i.appointment_id = ?3 AND i.payment_intent_id = ?4`)
    .bind(...at(q.now, q.clientId, q.salonId, q.appointmentId, q.paymentIntentId))
    .first<InviteRow>();

/** The invite a payment event names, if it pays with that intent. */
export const inviteOfIntent = (db: D1Database, id: number, paymentIntentId: string, now: number) =>
  db
    .prepare(`${SELECT} WHERE i.id = ?1 AND i.payment_intent_id = ?2`)
    .bind(...at(now, id, paymentIntentId))
    .first<InviteRow>();

/** The values of ?1.. and now as ?9 (the places between left empty). */
const at = (now: number, ...values: unknown[]) => [...values, ...Array<null>(8 - values.length).fill(null), now];

/**
 * One status change, only from the given statuses and while the appointment is ahead: true when
 * it happened (false: the invite was not in one of them, or is not this salon's / client's).
 */
export async function changeStatus(
  db: D1Database,
  q: { id: number; salonId: number; clientId?: string; from: readonly InviteStatus[]; to: InviteStatus; now: number },
): Promise<boolean> {
  const stamp = q.to === 'reminded' ? ', reminded_at = ?9' : q.to === 'accepted' || q.to === 'declined' ? ', answered_at = ?9' : '';
  const row = await db
    .prepare(
      `UPDATE invites SET status = ?1, updated_at = ?9${stamp}
        WHERE id = ?2 AND salon_id = ?3 AND (?5 IS NULL OR client_id = ?5) AND status IN (SELECT value FROM json_each(?4))
          AND EXISTS (SELECT 1 FROM appointments a WHERE a.id = invites.appointment_id AND ${AHEAD})
        RETURNING id`,
    )
    .bind(...at(q.now, q.to, q.id, q.salonId, JSON.stringify(q.from), q.clientId ?? null))
    .first<{ id: number }>();
  return row !== null;
}

/**
 * Claims an open invite for one payment attempt (its Idempotency-Key): refused while another
 * attempt holds it, unless that one is older than staleBefore. The same key may claim again.
 */
export async function claimPayment(db: D1Database, q: { id: number; clientId: string; key: string; now: number; staleBefore: number }) {
  const row = await db
    .prepare(
      `UPDATE invites SET payment_claim = ?1, payment_claimed_at = ?9
        WHERE id = ?2 AND client_id = ?3 AND status IN ${OPEN}
          AND (payment_claim IS NULL OR payment_claim = ?1 OR payment_claimed_at < ?4)
          AND EXISTS (SELECT 1 FROM appointments a WHERE a.id = invites.appointment_id AND ${AHEAD})
        RETURNING id`,
    )
    .bind(...at(q.now, q.key, q.id, q.clientId, q.staleBefore))
    .first<{ id: number }>();
  return row !== null;
}

/** Keeps the payment intent of the attempt that holds the invite. */
export const recordPaymentIntent = (db: D1Database, id: number, key: string, paymentIntentId: string) =>
  db.prepare('UPDATE invites SET payment_intent_id = ? WHERE id = ? AND payment_claim = ?').bind(paymentIntentId, id, key).run();

/** Lets the invite be paid again (the attempt, or its intent, failed). */
export const releasePayment = (db: D1Database, id: number, paymentIntentId: string | null, key: string | null) =>
  db
    .prepare('UPDATE invites SET payment_claim = NULL WHERE id = ? AND (payment_intent_id = ? OR payment_claim = ?)')
    .bind(id, paymentIntentId, key)
    .run();

/**
 * Accepts an open invite paid with this intent and records the payment on its appointment (the
 * deposit authorised, 'held'), in one batch. True when this call accepted it.
 */
export async function acceptPaid(db: D1Database, q: { id: number; paymentIntentId: string; amount: number; now: number }) {
  const [invite] = await db.batch([
    db
      .prepare(
        `UPDATE invites SET status = 'accepted', paid_amount = ?1, payment_intent_id = ?2, answered_at = ?9, updated_at = ?9
          WHERE id = ?3 AND status IN ${OPEN} AND (payment_intent_id IS NULL OR payment_intent_id = ?2)
            AND EXISTS (SELECT 1 FROM appointments a WHERE a.id = invites.appointment_id AND ${AHEAD})
          RETURNING id`,
      )
      .bind(...at(q.now, q.amount, q.paymentIntentId, q.id)),
    db
      .prepare(
        `UPDATE appointments SET deposit = ?1, payment_intent_id = ?2, payment_status = 'requires_capture'
          WHERE id = (SELECT appointment_id FROM invites WHERE id = ?3 AND status = 'accepted' AND payment_intent_id = ?2)
            AND COALESCE(payment_intent_id, '') <> ?2`,
      )
      .bind(q.amount, q.paymentIntentId, q.id),
  ]);
  return invite!.results.length > 0;
}

/** The deposit of an accepted invite is captured: the appointment shows it paid. */
export const recordCaptured = (db: D1Database, appointmentId: number, paymentIntentId: string) =>
  db
    .prepare(
      "UPDATE appointments SET payment_status = 'captured' WHERE id = ? AND payment_intent_id = ? AND payment_status = 'requires_capture'",
    )
    .bind(appointmentId, paymentIntentId)
    .run();

/** Whether the appointment already has a deposit taken or held. */
export const hasDeposit = async (db: D1Database, appointmentId: number) =>
  (await db
    .prepare("SELECT 1 AS x FROM appointments WHERE id = ? AND deposit > 0 AND payment_status IN ('captured', 'requires_capture')")
    .bind(appointmentId)
    .first()) !== null;

/** What a new request needs of an existing appointment of the salon. */
export interface AppointmentForInvite {
  id: number;
  client_id: string | null;
  start_at: number;
  status: string;
  price: number;
}

export const appointmentForInvite = (db: D1Database, salonId: number, appointmentId: number) =>
  db
    .prepare(
      `SELECT a.id, a.client_id, a.start_at, a.status,
              (SELECT COALESCE(SUM(p.price), 0) FROM appointment_procedures p WHERE p.appointment_id = a.id) AS price
         FROM appointments a WHERE a.id = ? AND a.salon_id = ? AND a.kind = 'appointment'`,
    )
    .bind(appointmentId, salonId)
    .first<AppointmentForInvite>();

/** The insert failed because the appointment already has an open request. */
export const isSecondOpenInvite = (e: unknown) => /UNIQUE constraint failed: invites\.appointment_id/.test(String(e));
