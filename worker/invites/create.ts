import { MSG_SLOT_TAKEN } from '../../shared/booking-request';
import { randomBase64url, salonToken } from '../crypto';
import type { InviteRequest } from '../../shared/invites';
import { planBooking } from '../bookings/plan';
import { insertAppointmentBatch, plannedAppointment } from '../db/appointments';
import { indexClientSalon } from '../db/spanning';
import { isBlockConflict } from '../db/blocks';
import { clientById, clientByPhone } from '../db/clients';
import { appointmentForInvite, hasDeposit, insertInvite, isSecondOpenInvite } from '../db/invites';
import { AppError } from '../errors';

export interface InviteAsked {
  salonId: number;
  request: InviteRequest;
  /** minor units, for a deposit request */
  deposit: number | null;
  appointmentId?: number;
  appointment?: { start_time: string; procedures: { service_id: number; stylist_id: number; start_time?: string }[] };
  client?: { phone: string; first_name?: string; last_name?: string };
  now: number;
}

/** 24 random bytes, URL-safe: the secret of the text message's link (192 bits). */
/** The invite's code names its salon, so its link's call finds the salon's database (crypto.ts salonToken). */
const uniqueCode = (salonId: number) => salonToken(salonId, randomBase64url(24));

const randomKey = () => `invite-${crypto.randomUUID()}`;

/** The new appointment of a request, checked and booked as a booking is (409 when its time is taken). */
async function newAppointment(db: D1Database, a: InviteAsked, clientId: string | null) {
  const plan = await planBooking(db, {
    salonId: a.salonId,
    start: a.appointment!.start_time,
    procedures: a.appointment!.procedures,
    waitlist: false,
    now: a.now,
  });
  checkAmount(a, plan.total);
  const { statements, created } = insertAppointmentBatch(db, {
    ...plannedAppointment(plan),
    salonId: a.salonId,
    clientId,
    idempotencyKey: randomKey(),
    status: 'confirmed',
    origin: 'salon',
    now: a.now,
    verificationCode: randomKey(),
  });
  try {
    const id = created(await db.batch(statements)).id;
    if (clientId) await indexClientSalon(db, clientId, a.salonId);
    return { id, price: plan.total };
  } catch (e) {
    if (isBlockConflict(e)) throw new AppError('CONFLICT', MSG_SLOT_TAKEN, 'appointment.start_time');
    throw e;
  }
}

/** The amount asked for fits the appointment (checked before a new one is booked, so a refused request books nothing). */
function checkAmount(a: InviteAsked, price: number) {
  if (a.request === 'deposit' && a.deposit! > price)
    throw new AppError('BAD_REQUEST', "deposit must not be more than the appointment's price", 'deposit');
  if (a.request === 'full_price' && price <= 0) throw new AppError('BAD_REQUEST', 'This appointment has no price to pay', 'request');
}

/** The client of an existing appointment: its account and verified phone, or the phone given. */
async function existingAppointment(db: D1Database, a: InviteAsked) {
  const appt = await appointmentForInvite(db, a.salonId, a.appointmentId!);
  if (!appt) throw new AppError('NOT_FOUND', 'Appointment not found', 'appointment_id');
  if (appt.status === 'cancelled' || appt.start_at <= a.now)
    throw new AppError('CONFLICT', 'This appointment has started or was cancelled: it cannot take a deposit request', 'appointment_id');
  if (await hasDeposit(db, appt.id)) throw new AppError('CONFLICT', 'This appointment already has a deposit paid', 'appointment_id');
  return appt;
}

/**
 * Makes a deposit request for an existing appointment of the salon or a new one. The phone names
 * the client: a known client (clients table) owns the invite now; otherwise it waits, unclaimed,
 * for the first time that phone's account lists its invites. Answers the new invite's id.
 */
export async function createInvite(db: D1Database, a: InviteAsked): Promise<number> {
  const appt = a.appointmentId ? await existingAppointment(db, a) : null;
  const owner = appt?.client_id ? await clientById(db, appt.client_id) : null;
  const phone = owner?.phone ?? a.client?.phone;
  if (!phone)
    throw new AppError('BAD_REQUEST', 'client.phone is needed: this appointment has no client with a known phone', 'client.phone');
  const known = appt?.client_id ? owner : await clientByPhone(db, phone);
  const clientId = appt?.client_id ?? known?.id ?? null;
  const [first, ...rest] = (known?.name ?? '').split(' ');
  const firstName = a.client?.first_name ?? known?.first_name ?? first ?? '';
  const lastName = a.client?.last_name ?? rest.join(' ');
  if (appt) checkAmount(a, appt.price);
  const target = appt ?? (await newAppointment(db, a, clientId));
  try {
    return await insertInvite(db, {
      code: uniqueCode(a.salonId),
      salonId: a.salonId,
      clientId,
      appointmentId: target.id,
      phone,
      firstName,
      lastName,
      deposit: a.request === 'deposit' ? a.deposit! : 0,
      cardOnly: a.request === 'card_only',
      fullPrice: a.request === 'full_price',
      now: a.now,
    });
  } catch (e) {
    if (isSecondOpenInvite(e)) throw new AppError('CONFLICT', 'This appointment already has an open deposit request', 'appointment_id');
    throw e;
  }
}
