import type { StripeClient } from '../payments/stripe-api';
import { payeeOf } from '../payments/connect';
import { notReady } from '../payments/flow';
import { PATCH_LEAD_HOURS } from '../../shared/availability-messages';
import type * as z from 'zod';
import {
  CLIENT_BLOCKED,
  depositFor,
  MSG_CLIENT_BLOCKED,
  MSG_SLOT_TAKEN,
  type bookingRequestSchema,
  type BookingResponse,
} from '../../shared/booking-request';
import {
  appointmentByKey,
  insertAppointmentBatch,
  isDuplicateBooking,
  type AppointmentRow,
  type KeyedAppointmentRow,
} from '../db/appointments';
import { sha256Hex } from '../crypto';
import { isBlockConflict, isBookingLimit } from '../db/blocks';
import { bookingLimitError } from './booking-limit';
import { doesPatchTests } from '../db/stylists';
import { AppError } from '../errors';
import { savedCard } from '../payments/cards';
import { chargeDeposit } from '../payments/deposit';
import { planBooking } from './plan';
import { indexClientSalon } from '../db/spanning';
import { isBlockedClient } from '../db/salon-clients';

export interface BookingAsked {
  salonId: number;
  clientId: string;
  idempotencyKey: string;
  request: z.output<typeof bookingRequestSchema>;
  waitlist: boolean;
  now: number;
  /** where 3-D Secure sends the browser back to */
  returnUrl: string;
  /** the platform's fee on the deposit, per cent (config) */
  feePercent: number;
  /** more of the same batch (a waitlist claim's: waitlist/claim.ts): any of them failing books nothing */
  alsoInBatch?: (db: D1Database) => D1PreparedStatement[];
}

/** The booking's answer, and the verification code to text when it was made just now. */
export interface Booked {
  booking: BookingResponse;
  verificationCode: string | null;
}

const answerOf = (row: AppointmentRow, clientId: string): BookingResponse => ({
  appointment_id: row.id,
  client_id: clientId,
  pi_status: row.payment_status === 'captured' ? 'succeeded' : row.payment_status,
  client_secret: null,
  payment_method: null,
  pi: row.payment_intent_id,
  success: row.status !== 'cancelled',
  status: row.status === 'cancelled' ? 'pending' : row.status,
});

/** How long a booking whose deposit is being charged counts as still being made (its payment intent not yet recorded). */
const CHARGING_MS = 2 * 60_000;

/**
 * The booking an earlier request with this key made, as Stripe treats a reused Idempotency-Key:
 * the same request answers it again; another request (another body) is 409; a request while the
 * first is still charging its deposit is 409 too, never a pending booking without its payment intent.
 */
function replayOf(prior: KeyedAppointmentRow, requestHash: string, clientId: string, now: number): Booked {
  if (prior.request_hash !== null && prior.request_hash !== requestHash) {
    throw new AppError(
      'CONFLICT',
      'This Idempotency-Key was already used for another booking. Send a new key with a new booking.',
      'Idempotency-Key',
      'idempotency_key_reused',
    );
  }
  if (prior.status === 'pending' && prior.payment_intent_id === null && now - prior.created_at < CHARGING_MS) {
    throw new AppError(
      'CONFLICT',
      'This booking is still being made. Please wait a moment, then send the same request again.',
      'Idempotency-Key',
      'idempotency_in_progress',
    );
  }
  return { booking: answerOf(prior, clientId), verificationCode: null };
}

/** 12 characters of 31 (59 bits): guessing one is hopeless under the per-address limit (docs/abuse.md). */
const verificationCode = () =>
  [...crypto.getRandomValues(new Uint8Array(12))].map((b) => 'abcdefghjkmnpqrstuvwxyz23456789'[b % 31]).join('');

/** The patch test asked for with the booking, checked: 48 real hours ahead, with a patch tester. */
async function patchTestOf(db: D1Database, a: BookingAsked, appointmentStart: number) {
  const asked = a.request.patch_test;
  if (!asked) return null;
  const start = Date.parse(asked.start_time);
  if (appointmentStart - start < PATCH_LEAD_HOURS * 3_600_000) {
    throw new AppError('BAD_REQUEST', 'Patch tests must be done at least 48 hrs before your appointment', 'patch_test');
  }
  if (start < a.now || !(await doesPatchTests(db, a.salonId, asked.stylist_id))) {
    throw new AppError('BAD_REQUEST', 'That patch test time is not available', 'patch_test');
  }
  return { stylistId: asked.stylist_id, start, end: start + 5 * 60_000 };
}

/**
 * Books an appointment (or a waitlist place) for a client. Idempotent by the client's key: a
 * retry answers what the first request made and never charges twice. Prices, durations and the
 * deposit come from the salon's own data; the database refuses a time that is taken; the deposit
 * is authorised on the saved card and captured once (3-D Secure answers a pending booking).
 */
export async function book(db: D1Database, stripe: StripeClient, a: BookingAsked): Promise<Booked> {
  const r = a.request;
  const { hold_id: _hold, ...asked } = r;
  const requestHash = await sha256Hex(JSON.stringify({ salonId: a.salonId, waitlist: a.waitlist, asked }));
  const prior = await appointmentByKey(db, a.clientId, a.idempotencyKey);
  // a retry repeats the index's write too, so one that failed after the booking is made good
  if (prior) return indexClientSalon(db, a.clientId, a.salonId).then(() => replayOf(prior, requestHash, a.clientId, a.now));
  // a client the salon blocked (an import's flag) books by asking the salon (docs/console/imports.md)
  const [plan, blocked] = await Promise.all([
    planBooking(db, {
      salonId: a.salonId,
      start: r.start_time,
      procedures: r.procedures,
      waitlist: a.waitlist,
      now: a.now,
      holdId: r.hold_id,
    }),
    isBlockedClient(db, a.salonId, a.clientId),
  ]);
  if (blocked) throw new AppError('FORBIDDEN', MSG_CLIENT_BLOCKED, undefined, CLIENT_BLOCKED);
  const salon = plan.catalogue.salon;
  if (a.waitlist && !salon.has_waitlist) throw new AppError('BAD_REQUEST', 'This salon does not keep a waitlist');
  const patchTest = await patchTestOf(db, a, plan.start);
  // No payment on the waitlist; a salon that needs a card gets one first.
  const paymentNeeded = !a.waitlist && !!salon.needs_card && plan.total > 0;
  const card = paymentNeeded ? await savedCard(db, a.clientId) : null;
  if (paymentNeeded && !card) {
    throw new AppError(
      'PAYMENT_REQUIRED',
      'This salon needs a card to complete your booking. Please add a card and try again.',
      'payment',
      'card_missing',
    );
  }
  const deposit = a.waitlist ? 0 : depositFor(salon.ncob_deposit_settings, plan.total);
  // the deposit is the salon's: refused before anything is booked when its account cannot take it
  const payee = card && deposit > 0 ? await payeeOf(db, a.salonId, a.feePercent) : null;
  if (card && deposit > 0 && !payee) throw notReady();
  const code = verificationCode();
  const { statements, created } = insertAppointmentBatch(db, {
    salonId: a.salonId,
    clientId: a.clientId,
    idempotencyKey: a.idempotencyKey,
    status: a.waitlist ? 'waitlist' : paymentNeeded && deposit > 0 ? 'pending' : 'confirmed',
    origin: 'online',
    start: plan.start,
    end: plan.end,
    now: a.now,
    notes: r.notes,
    total: plan.total,
    deposit,
    utmOrigin: r.utm_origin,
    verificationCode: code,
    holdId: r.hold_id ?? null,
    requestHash,
    takesTime: !a.waitlist,
    procedures: plan.procedures,
    patchTest,
  });
  let row: AppointmentRow;
  try {
    row = created(await db.batch([...statements, ...(a.alsoInBatch?.(db) ?? [])]));
  } catch (e) {
    if (isBlockConflict(e)) throw new AppError('CONFLICT', MSG_SLOT_TAKEN, 'start_time');
    if (isBookingLimit(e)) throw await bookingLimitError(db, a.salonId);
    // The same request, retried at the same moment: answer what the first one made.
    const again = isDuplicateBooking(e) ? await appointmentByKey(db, a.clientId, a.idempotencyKey) : null;
    if (again) return replayOf(again, requestHash, a.clientId, a.now);
    throw e;
  }
  // the index of a client's salons (in the first database), after the salon's own write
  await indexClientSalon(db, a.clientId, a.salonId);
  const booking = answerOf(row, a.clientId);
  if (!card || row.status !== 'pending') return { booking, verificationCode: code };
  const outcome = await chargeDeposit(db, stripe, {
    appointmentId: row.id,
    salonId: a.salonId,
    amount: deposit,
    currency: salon.currency,
    customer: card.customer,
    paymentMethod: card.id,
    idempotencyKey: `deposit-${a.clientId}-${a.idempotencyKey}`,
    returnUrl: a.returnUrl,
    payee,
  });
  return {
    booking: {
      ...booking,
      status: outcome.nextActionUrl ? 'pending' : 'confirmed',
      pi: outcome.pi.id,
      pi_status: String(outcome.pi.status),
      client_secret: outcome.pi.client_secret ?? null,
      payment_method: card.id,
      next_action_url: outcome.nextActionUrl,
    },
    verificationCode: code,
  };
}
