import { NO_SHOW_FEE_ATTEMPTS, type NoShowFeeStatus } from '../../shared/console/diary';

/** The failure code of a try that found no card on file (it made no payment intent). */
export const CARD_MISSING = 'card_missing';

/**
 * No-show fees (migration 0018): one row per appointment. The primary key is what turns ten
 * simultaneous presses into one charge: only the press whose INSERT (or whose retry of a failed
 * fee) changed the row goes on to charge; the others answer the row as it is.
 */
export interface NoShowFeeRow {
  appointment_id: number;
  salon_id: number;
  client_id: string;
  amount: number;
  currency: string;
  status: NoShowFeeStatus;
  attempt: number;
  payment_intent_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  link_sha256: string | null;
  created_at: number;
}

export const noShowFeeOf = (db: D1Database, appointmentId: number) =>
  db.prepare('SELECT * FROM no_show_fees WHERE appointment_id = ?').bind(appointmentId).first<NoShowFeeRow>();

/**
 * A charge still 'charging' after this long was cut off (the isolate went away mid-call): a press
 * takes it over with the same attempt, so the same idempotency key, and Stripe answers the first
 * payment again rather than making a second.
 */
const STALE_CHARGE_MS = 60_000;

/**
 * A refused fee the desk may try again, as SQL of the fee row `f`: fewer than
 * NO_SHOW_FEE_ATTEMPTS payment intents made for it (a try with no card on file made none).
 */
export const retryable = (f: string) =>
  `(${f}.status = 'failed' AND (${f}.attempt < ${NO_SHOW_FEE_ATTEMPTS} OR ${f}.failure_code = '${CARD_MISSING}'))`;

/**
 * Claims the right to charge: a new fee, or a failed one tried again (the next attempt, while
 * `retryable`: the count is in the write, so simultaneous presses cannot pass it). Null when
 * another press holds it (charging), it is paid or waiting for the client, or it has stopped.
 * A try that found no card made no payment intent: the next one keeps its attempt number.
 */
export async function claimNoShowFee(
  db: D1Database,
  f: { appointmentId: number; salonId: number; clientId: string; amount: number; currency: string; now: number },
): Promise<NoShowFeeRow | null> {
  return db
    .prepare(
      `INSERT INTO no_show_fees (appointment_id, salon_id, client_id, amount, currency, status, attempt, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, 'charging', 1, ?6, ?6)
       ON CONFLICT (appointment_id) DO UPDATE SET status = 'charging',
         attempt = attempt + (no_show_fees.status = 'failed' AND no_show_fees.failure_code IS NOT '${CARD_MISSING}'),
         failure_code = NULL, failure_message = NULL, updated_at = ?6
       WHERE ${retryable('no_show_fees')} OR (no_show_fees.status = 'charging' AND no_show_fees.updated_at < ?6 - ?7)
       RETURNING *`,
    )
    .bind(f.appointmentId, f.salonId, f.clientId, f.amount, f.currency, f.now, STALE_CHARGE_MS)
    .first<NoShowFeeRow>();
}

export const recordFeeIntent = (db: D1Database, appointmentId: number, paymentIntentId: string) =>
  db
    .prepare('UPDATE no_show_fees SET payment_intent_id = ?, updated_at = ? WHERE appointment_id = ?')
    .bind(paymentIntentId, Date.now(), appointmentId)
    .run();

/** The fee is taken (from charging or from waiting for the client's authentication); false when it was not in either state. */
export async function feeAccepted(db: D1Database, appointmentId: number, paymentIntentId: string): Promise<boolean> {
  const { meta } = await db
    .prepare(
      "UPDATE no_show_fees SET status = 'paid', payment_intent_id = ?2, updated_at = ?3 WHERE appointment_id = ?1 AND status IN ('charging', 'requires_action')",
    )
    .bind(appointmentId, paymentIntentId, Date.now())
    .run();
  return meta.changes > 0;
}

/** The card refused it (or the bank wants the client: requires_action with the link's hash). */
export const feeRefused = (
  db: D1Database,
  appointmentId: number,
  f: { status: 'failed' | 'requires_action'; paymentIntentId: string | null; code: string; message: string; linkSha256?: string | null },
) =>
  db
    .prepare(
      `UPDATE no_show_fees SET status = ?2, payment_intent_id = COALESCE(?3, payment_intent_id), failure_code = ?4, failure_message = ?5,
         link_sha256 = COALESCE(?6, link_sha256), updated_at = ?7
        WHERE appointment_id = ?1 AND status IN ('charging', 'requires_action')`,
    )
    .bind(appointmentId, f.status, f.paymentIntentId, f.code, f.message, f.linkSha256 ?? null, Date.now())
    .run();

/** The fee waiting for the client behind a texted link (by the link secret's hash). */
export const feeOfLink = (db: D1Database, appointmentId: number, linkSha256: string) =>
  db
    .prepare('SELECT * FROM no_show_fees WHERE appointment_id = ? AND link_sha256 = ?')
    .bind(appointmentId, linkSha256)
    .first<NoShowFeeRow>();

/** Marks the appointment a no-show (once; a cancelled one cannot be): true when it is one now. */
export async function markNoShow(db: D1Database, salonId: number, appointmentId: number, now: number): Promise<boolean> {
  const row = await db
    .prepare(
      `UPDATE appointments SET no_show_at = COALESCE(no_show_at, ?3), arrived_at = NULL
        WHERE id = ?1 AND salon_id = ?2 AND kind = 'appointment' AND status IN ('confirmed', 'unconfirmed') RETURNING id`,
    )
    .bind(appointmentId, salonId, now)
    .first<{ id: number }>();
  return row !== null;
}

/** Marks the client arrived on the appointment's day or after (clears a no-show marked by mistake, unless its fee was taken). */
export async function markArrived(
  db: D1Database,
  salonId: number,
  appointmentId: number,
  now: number,
  /** the end of the salon's today (UTC ms): an appointment of a later day is not arrived yet */
  todayEnd: number,
): Promise<boolean> {
  const row = await db
    .prepare(
      `UPDATE appointments SET arrived_at = COALESCE(arrived_at, ?3), no_show_at = NULL
        WHERE id = ?1 AND salon_id = ?2 AND kind = 'appointment' AND status IN ('confirmed', 'unconfirmed') AND start_at < ?4
          AND NOT EXISTS (SELECT 1 FROM no_show_fees f WHERE f.appointment_id = ?1 AND f.status IN ('charging', 'paid', 'requires_action'))
        RETURNING id`,
    )
    .bind(appointmentId, salonId, now, todayEnd)
    .first<{ id: number }>();
  return row !== null;
}
