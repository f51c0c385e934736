import type { BookingRequest, BookingResponse } from '../../../shared/booking-request';
import { toMinor, toMajor } from '../../../shared/money';
import type { SalonDetails } from '../../../shared/types';
import { createBooking, holdTimes } from './api';
import type { ClientUser } from '../auth';
import { appointmentLines } from './appointment-lines';
import { booking, bookingMade, holdTaken } from './store';

/** The chosen procedures, each with its stylist and start time (docs/booking/journey.md §3). */
function procedures() {
  const { lines } = appointmentLines(booking.selectedServices, booking.selectedStylists, booking.selectedAppointmentTime!);
  return lines.map((l) => {
    const c = booking.selectedStylists[l.service.id]!;
    return {
      service_id: l.service.id,
      stylist_id: c.stylist_id ?? 0,
      role: c.stylist_role,
      start_time: c.start_time || l.start,
      duration: c.duration,
      price: c.price,
      processing: c.processing,
    };
  });
}

/**
 * Holds the chosen times for 10 minutes, or renews the hold; a logged-in client's hold is tied to
 * it. Does nothing when the times are held for long enough by the right owner already.
 */
export async function holdChosenTimes(salonId: number, loggedIn: boolean): Promise<void> {
  const held = booking.holdExpiresAt && Date.parse(booking.holdExpiresAt) >= Date.now() + 30_000;
  if (held && (booking.holdForClient || !loggedIn)) return;
  const answer = await holdTimes(
    salonId,
    // no time chosen: the API refuses it naming start_time
    { start_time: booking.selectedAppointmentTime ?? '', procedures: procedures(), hold_id: booking.holdId },
    loggedIn,
  );
  holdTaken(answer.hold_id, answer.expires_at, loggedIn);
}

/** Whether the booking needs no card: no card needed, a waitlist, or nothing to pay (§4 Flow 6). */
export function isFreeBooking(salon: SalonDetails): boolean {
  const total = booking.selectedServices.reduce((t, s) => t + toMinor(s.min_price), 0);
  return !salon.needs_card || booking.isWaitList || total === 0;
}

/**
 * Submits the booking once per attempt; a retry sends the same Idempotency-Key. `headers` adds
 * request headers (the card flow's X-Return-Url for 3-D Secure).
 */
export async function submitBooking(
  salon: SalonDetails,
  user: ClientUser,
  paymentIntent: string | null = null,
  headers: Record<string, string> = {},
): Promise<BookingResponse> {
  booking.idempotencyKey ??= crypto.randomUUID();
  const list = procedures();
  const total = list.reduce((t, p) => t + toMinor(p.price), 0);
  const body: BookingRequest = {
    start_time: booking.selectedAppointmentTime!,
    procedures: list,
    total_price: toMajor(total),
    cognito_username: user.username,
    payment_intent: paymentIntent,
    notes: booking.notes,
    deposit: 0,
    user: { name: user.name, phone_number: user.phone_number, salon_id: salon.id, notes: booking.notes },
    payment_needed: !booking.isWaitList && !isFreeBooking(salon),
    patch_test:
      booking.patchChoice === 'needed' && booking.selectedPatchTime && booking.selectedPatchStylistId
        ? { salon: salon.id, start_time: booking.selectedPatchTime, stylist_id: booking.selectedPatchStylistId }
        : null,
    utm_origin: new URLSearchParams(booking.utm).get('utm_source'),
    hold_id: booking.holdId ?? undefined,
  };
  const answer = await createBooking(salon.id, booking.isWaitList, body, booking.idempotencyKey, headers);
  bookingMade(answer);
  return answer;
}
