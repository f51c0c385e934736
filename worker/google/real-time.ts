import { localDateOf, salonDays } from '../availability/calendar';
import type { Config } from '../config';
import { googleBookingOf as googleRowOf, googleMerchant } from '../db/google-bookings';
import { appointmentStart, feedOffers } from '../db/google-feeds';
import { googleBookingOf, merchantEligible } from './booking-server';
import { salonSlots } from './feeds';
import { notifyBooking, replaceAvailability } from './maps-booking';

/** What the MESSAGES queue carries for Google: a booking of the salon changed (moved: from when). */
export interface GoogleChange {
  salon_id: number;
  appointment_id: number;
  moved_from?: number;
}

/**
 * Tells Google of one booking change (docs/google-booking.md "Real-time updates"), run by the
 * MESSAGES queue's consumer (a failure is retried with back-off, as a text is): a booking made
 * through Google gets its notification (status, start, length); at a salon Google may book, the
 * day of the booking (and the day it left, for a move) is replaced with the engine's starts of
 * every eligible service, so a taken time disappears and a freed one comes back.
 */
export async function tellGoogle(db: D1Database, config: Config, change: GoogleChange, now = Date.now()): Promise<void> {
  const g = config.googleMaps;
  if (!g) return;
  const { salon_id: salonId, appointment_id: appointmentId } = change;
  const booked = await googleRowOf(db, salonId, appointmentId);
  if (booked) await notifyBooking(g, googleBookingOf(booked));
  const m = await googleMerchant(db, salonId);
  if (!m || !merchantEligible(m)) return;
  const start = booked?.start_at ?? (await appointmentStart(db, salonId, appointmentId));
  const dates = new Set([start, change.moved_from].filter((t): t is number => t != null).map((t) => localDateOf(t, m.timezone)));
  if (!dates.size) return;
  const offers = await feedOffers(db, [salonId]);
  for (const date of dates) {
    const [day] = salonDays(date, 1, m.timezone);
    const slots = await salonSlots(db, salonId, offers, { from: date, to: date }, now);
    const serviceIds = [...new Set(offers.map((o) => o.service_id))];
    await replaceAvailability(
      g,
      salonId,
      { from: day!.startUtc, to: day!.endUtc },
      serviceIds.map((serviceId, i) => ({ serviceId, slots: slots[i] ?? [] })),
    );
  }
}
