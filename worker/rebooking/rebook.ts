import { MSG_SLOT_TAKEN } from '../../shared/booking-request';
import type { RebookAnswer } from '../../shared/rebooking';
import { addDays, localDateOf, localIso } from '../availability/calendar';
import { appointmentView } from '../bookings/appointment-view';
import { planBooking } from '../bookings/plan';
import { insertAppointmentBatch, isDuplicateBooking, plannedAppointment } from '../db/appointments';
import { indexClientSalon } from '../db/spanning';
import { isBlockConflict, isBookingLimit } from '../db/blocks';
import { proceduresOf, salonRules, type ClientAppointmentRow } from '../db/client-appointments';
import { rebookedByKey, salonOfRebookingClient } from '../db/rebooking';
import { AppError } from '../errors';
import { bookingLimitError } from '../bookings/booking-limit';
import { offeredTimes } from './availability';
import { rebookablePast, sameServicesQuery } from './past-appointment';

export interface RebookAsked {
  clientId: string;
  /** the body's client_id: the client's number at the appointment's salon */
  rebookingClientId: number;
  appointmentId: number;
  /** UTC ms */
  start: number;
  idempotencyKey: string;
  now: number;
}

export const MSG_NOT_OFFERED = 'That time is not one of the available times for this appointment. Please choose another time.';

/** The answer for a rebooked appointment, read afresh (with its calendar file). */
async function answerOf(db: D1Database, row: ClientAppointmentRow, now: number): Promise<RebookAnswer> {
  const [salon, procedures] = await Promise.all([salonRules(db, row.salon_id), proceduresOf(db, [row.id])]);
  const view = appointmentView(row, procedures, salon!, now);
  return {
    id: row.id,
    starts_at: view.starts_at,
    ends_at: view.ends_at,
    status: 'unconfirmed',
    origin: 'online_rebooking',
    price: view.price,
    procedures: view.procedures,
    ics: view.ics,
  };
}

/** Is `start` a time availability offers for the same services with the same stylists? (Its local date, for the planner.) */
async function checkOffered(db: D1Database, past: Awaited<ReturnType<typeof rebookablePast>>, start: number, now: number) {
  const utcDate = new Date(start).toISOString().slice(0, 10);
  const pq = await sameServicesQuery(db, past, now, { from: addDays(utcDate, -1), to: addDays(utcDate, 1) });
  const date = localDateOf(start, pq.catalogue.salon.timezone);
  if (!(offeredTimes(pq, date, date).get(date) ?? []).includes(start))
    throw new AppError('CONFLICT', MSG_NOT_OFFERED, 'start_time', 'NOT_OFFERED');
  return localIso(pq.days(date, date)[0]!, start);
}

/**
 * Books a past appointment again (§4 Older rebooking): the same services with the same stylists
 * in the same order, at a time availability offers, priced from the salon's own data; status
 * 'unconfirmed', origin 'online_rebooking', for the token's client. Idempotent by the client's
 * key: a retry answers the appointment the first request made (created false). The database
 * refuses a taken time (409, nothing written).
 */
export async function rebook(db: D1Database, q: RebookAsked): Promise<{ answer: RebookAnswer; created: boolean }> {
  // ':' never appears in a journey's key, so the two kinds of booking never share one
  const key = `rebook:${q.idempotencyKey}`;
  const prior = await rebookedByKey(db, q.clientId, key);
  if (prior) return { answer: await answerOf(db, prior, q.now), created: false };
  const past = await rebookablePast(db, { appointmentId: q.appointmentId, clientId: q.clientId, now: q.now });
  const owner = await salonOfRebookingClient(db, q.rebookingClientId, q.clientId);
  if (!owner || owner.salon_id !== past.row.salon_id) throw new AppError('NOT_FOUND', 'Not found', 'client_id');
  if (q.start <= q.now) throw new AppError('BAD_REQUEST', 'start_time is in the past', 'start_time');
  const localStart = await checkOffered(db, past, q.start, q.now);
  const plan = await planBooking(db, {
    salonId: past.row.salon_id,
    start: localStart,
    procedures: past.procedures.map((p) => ({ service_id: p.service_id, stylist_id: p.stylist_id })),
    waitlist: false,
    now: q.now,
  });
  const { statements } = insertAppointmentBatch(db, {
    ...plannedAppointment(plan),
    salonId: past.row.salon_id,
    clientId: q.clientId,
    idempotencyKey: key,
    status: 'unconfirmed',
    origin: 'online_rebooking',
    now: q.now,
    verificationCode: null,
  });
  let made = false;
  try {
    await db.batch(statements);
    made = true;
  } catch (e) {
    if (isBlockConflict(e)) throw new AppError('CONFLICT', MSG_SLOT_TAKEN, 'start_time', 'SLOT_TAKEN');
    if (isBookingLimit(e)) throw await bookingLimitError(db, past.row.salon_id);
    if (!isDuplicateBooking(e)) throw e;
    // the same request, sent twice at once: answer what the first one made
  }
  const row = await rebookedByKey(db, q.clientId, key);
  if (!row) throw new Error('the rebooked appointment could not be read back');
  await indexClientSalon(db, q.clientId, past.row.salon_id);
  return { answer: await answerOf(db, row, q.now), created: made };
}
