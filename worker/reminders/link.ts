import type { StripeClient } from '../payments/stripe-api';
import type { Appointment } from '../../shared/bookings';
import { cancelBooking } from '../bookings/cancel';
import { appointmentDetails } from '../bookings/client-bookings';
import { SALON_PREFIX, sha256Hex } from '../crypto';
import { reminderOfLink } from '../db/reminders';
import { AppError } from '../errors';

/**
 * A reminder's link (/r/{token}): a capability for one appointment of one client, until the
 * appointment ends. It opens the appointment's details (with its calendar file) and cancels it
 * within the salon's rules, the client's own calls (bookings/); nothing else: any other change
 * asks the client to log in.
 */

export const MSG_LINK_GONE = 'This link has expired or is not valid. Log in to see your bookings.';
export const LINK_TOKEN = new RegExp(`^${SALON_PREFIX}[A-Za-z0-9_-]{22}$`);

async function linkedOf(db: D1Database, token: string, now: number) {
  const row = LINK_TOKEN.test(token) ? await reminderOfLink(db, await sha256Hex(token), now) : null;
  if (!row?.client_id) throw new AppError('NOT_FOUND', MSG_LINK_GONE, undefined, 'LINK_GONE');
  return { salonId: row.salon_id, clientId: row.client_id, appointmentId: row.appointment_id };
}

/** The linked appointment and its salon. */
export async function linkedAppointment(
  db: D1Database,
  token: string,
  now: number,
): Promise<{ salon_id: number; appointment: Appointment }> {
  const q = await linkedOf(db, token, now);
  return { salon_id: q.salonId, appointment: await appointmentDetails(db, { ...q, now }) };
}

/** Cancels the linked appointment as its client would (bookings/cancel.ts: the salon's rules, the deposit settled). */
export async function cancelLinkedAppointment(db: D1Database, stripe: StripeClient, token: string, now: number) {
  const q = await linkedOf(db, token, now);
  return { salon_id: q.salonId, appointment: await cancelBooking(db, stripe, { ...q, now }) };
}
