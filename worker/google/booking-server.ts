import type * as z from 'zod';
import { depositFor } from '../../shared/booking-request';
import { prepareQuery } from '../availability/booking-query';
import { addDays, localDateOf } from '../availability/calendar';
import { assignmentsAt } from '../availability/engine';
import { planBooking } from '../bookings/plan';
import { cancellationOf } from '../bookings/cancellation-rules';
import { insertAppointmentBatch } from '../db/appointments';
import { isBlockConflict, isBookingLimit } from '../db/blocks';
import { clientByPhone } from '../db/clients';
import {
  googleBookingByToken,
  googleMerchant,
  googleService,
  insertGoogleBooking,
  isDuplicateToken,
  userHasBookingAt,
  type GoogleBookingRow,
  type GoogleMerchantRow,
} from '../db/google-bookings';
import { AppError } from '../errors';
import type { batchLookupSchema, createBookingSchema, FailureCause, GoogleBooking, GoogleStatus, slotSchema } from './messages';

/**
 * Google's booking server (docs/google-booking.md): availability and bookings for Reserve with
 * Google, through the same engine and the same booking batch as the salon's own page. A business
 * failure is an answer (`booking_failure` with Google's cause), never an HTTP error.
 */

/** Only what we can book the way Google books (docs/google-booking.md "Who is offered"). */
export function merchantEligible(m: GoogleMerchantRow): boolean {
  return (
    !!m.online_booking && m.address_line_1.trim() !== '' && !m.needs_card && depositFor(m.ncob_deposit_settings ?? 'null', 100_000_00) === 0
  );
}

/** The salon, when Google may book it; 400 (an unknown merchant is Google's malformed request) otherwise. */
export async function eligibleMerchant(db: D1Database, merchantId: string): Promise<GoogleMerchantRow> {
  const m = await googleMerchant(db, Number(merchantId));
  if (!m || !merchantEligible(m))
    throw new AppError('BAD_REQUEST', `merchant_id ${merchantId} is not a merchant of this partner`, 'merchant_id');
  return m;
}

/** A service Google may book: shown online, current, no patch test or consultation first. */
async function eligibleService(db: D1Database, salonId: number, serviceId: number): Promise<boolean> {
  const s = await googleService(db, salonId, serviceId);
  return !!s && !!s.show && s.archived_at === null && !s.has_patch_test;
}

interface SlotAsked {
  serviceId: number;
  start: number;
  durationSec?: number;
  staffId?: number;
}

/**
 * Google's `slot` (CheckAvailability, CreateBooking; a `slot_time` of BatchAvailabilityLookup,
 * its `resource_ids` as `resources`) as the slot the engine is asked about.
 */
export function slotAskedOf(slot: Omit<z.output<typeof slotSchema>, 'merchant_id'>): SlotAsked {
  return {
    serviceId: Number(slot.service_id),
    start: slot.start_sec * 1000,
    durationSec: slot.duration_sec,
    staffId: slot.resources?.staff_id ? Number(slot.resources.staff_id) : undefined,
  };
}

/**
 * Which of these slots of one service could be booked now, each with the stylist who would take
 * it: one engine query over the days they span (the stylists' hours, time off, blocks, bookings,
 * holds, the salon's horizon), then each slot's start looked up in it.
 */
async function slotsOfService(db: D1Database, salonId: number, serviceId: number, slots: SlotAsked[], now: number) {
  const out = new Map<SlotAsked, number | null>();
  if (!(await eligibleService(db, salonId, serviceId))) {
    for (const s of slots) out.set(s, null);
    return out;
  }
  const utcDates = slots.map((s) => new Date(s.start).toISOString().slice(0, 10)).sort();
  let pq;
  try {
    // the salon dates the slots may fall on: their UTC dates and the day either side
    pq = await prepareQuery(
      db,
      { salonId, serviceIds: [serviceId], choices: [null], patchTime: null, waitlist: false, now },
      { from: addDays(utcDates[0]!, -1), to: addDays(utcDates[utcDates.length - 1]!, 1) },
    );
  } catch (e) {
    if (e instanceof AppError) {
      for (const s of slots) out.set(s, null);
      return out;
    }
    throw e;
  }
  const tz = pq.catalogue.salon.timezone;
  for (const s of slots) {
    const date = localDateOf(s.start, tz);
    let stylist: number | null = null;
    if (date >= pq.earliest && date <= pq.lastBookable && s.start >= now) {
      const day = pq.days(date, date)[0]!;
      const { possible } = assignmentsAt(day, pq.req, s.start, 50);
      const can = [...(possible[0] ?? [])].filter((id) => {
        if (s.staffId !== undefined && id !== s.staffId) return false;
        const offer = pq.catalogue.offers.find((o) => o.service_id === serviceId && o.stylist_id === id);
        return !!offer && (s.durationSec === undefined || offer.duration * 60 === s.durationSec);
      });
      stylist = can[0] ?? null;
    }
    out.set(s, stylist);
  }
  return out;
}

/** BatchAvailabilityLookup: one answer per slot asked, in its order. */
export async function batchAvailability(db: D1Database, body: z.output<typeof batchLookupSchema>, now: number) {
  const salonId = Number(body.merchant_id);
  const asked = body.slot_time.map((t) => ({
    raw: t,
    slot: slotAskedOf({ ...t, resources: t.resource_ids }),
  }));
  const byService = new Map<number, SlotAsked[]>();
  for (const a of asked) byService.set(a.slot.serviceId, [...(byService.get(a.slot.serviceId) ?? []), a.slot]);
  const found = new Map<SlotAsked, number | null>();
  for (const [serviceId, slots] of byService)
    for (const [s, v] of await slotsOfService(db, salonId, serviceId, slots, now)) found.set(s, v);
  return {
    slot_time_availability: asked.map((a) => ({
      slot_time: {
        service_id: a.raw.service_id,
        start_sec: String(a.raw.start_sec),
        ...(a.raw.duration_sec !== undefined ? { duration_sec: String(a.raw.duration_sec) } : {}),
        ...(a.raw.resource_ids ? { resource_ids: a.raw.resource_ids } : {}),
      },
      available: found.get(a.slot) != null,
    })),
  };
}

/** The stylist who would take this one slot now, or null. */
export async function stylistForSlot(db: D1Database, salonId: number, slot: SlotAsked, now: number): Promise<number | null> {
  return (await slotsOfService(db, salonId, slot.serviceId, [slot], now)).get(slot) ?? null;
}

const statusOf = (row: GoogleBookingRow): GoogleStatus => (row.status === 'cancelled' ? 'CANCELED' : row.no_show ? 'NO_SHOW' : 'CONFIRMED');

/** Our booking as Google's Booking message. */
export function googleBookingOf(row: GoogleBookingRow): GoogleBooking {
  const [given, ...family] = (row.client_name ?? '').split(' ');
  return {
    booking_id: `${row.salon_id}-${row.appointment_id}`,
    slot: {
      merchant_id: String(row.salon_id),
      service_id: String(row.service_id ?? ''),
      start_sec: String(Math.floor(row.start_at / 1000)),
      duration_sec: String(row.duration * 60),
      ...(row.stylist_id ? { resources: { staff_id: String(row.stylist_id), staff_name: row.stylist_name ?? '' } } : {}),
    },
    user_information: {
      user_id: row.user_id,
      ...(given ? { given_name: given } : {}),
      ...(family.length ? { family_name: family.join(' ') } : {}),
      ...(row.client_phone ? { telephone: row.client_phone } : {}),
    },
    status: statusOf(row),
    payment_information: { prepayment_status: 'PREPAYMENT_NOT_PROVIDED' },
  };
}

export const failure = (cause: FailureCause, description: string) => ({ booking_failure: { cause, description } });

export type CreateOutcome = { booking: GoogleBooking; created: GoogleBookingRow | null } | ReturnType<typeof failure>;

/**
 * CreateBooking: the same token answers the same booking (even two at once: the token's key
 * fails the second batch, which then reads the first's booking); otherwise the slot is checked
 * by the engine and booked in one batch with the token, the stylists' 5-minute blocks refusing a
 * taken time. The client: the account with that phone (their bookings show it), else the name and
 * phone as the desk takes them (an account made later with the phone finds it).
 */
export async function createBooking(
  db: D1Database,
  body: z.output<typeof createBookingSchema>,
  phone: string | null,
  now: number,
): Promise<CreateOutcome> {
  const token = body.idempotency_token;
  const prior = await googleBookingByToken(db, token);
  if (prior) return { booking: googleBookingOf(prior), created: null };
  const salonId = Number(body.slot.merchant_id);
  const user = body.user_information;
  const slot = slotAskedOf(body.slot);
  if (await userHasBookingAt(db, salonId, user.user_id, slot.start))
    return failure('SLOT_ALREADY_BOOKED_BY_USER', 'This user already has a booking at this time here');
  const stylistId = await stylistForSlot(db, salonId, slot, now);
  if (stylistId === null) return failure('SLOT_UNAVAILABLE', 'That time is no longer available');
  let plan;
  try {
    plan = await planBooking(db, {
      salonId,
      start: new Date(slot.start).toISOString(),
      procedures: [{ service_id: slot.serviceId, stylist_id: stylistId }],
      waitlist: false,
      now,
    });
  } catch (e) {
    if (e instanceof AppError && (e.status === 409 || e.status === 404 || e.status === 400))
      return failure('SLOT_UNAVAILABLE', 'That time is no longer available');
    throw e;
  }
  const known = phone ? await clientByPhone(db, phone) : null;
  const name = [user.given_name, user.family_name].filter(Boolean).join(' ').trim() || 'Google user';
  const idempotencyKey = `google-${token}`;
  const clientId = known?.id ?? null;
  const { statements, created } = insertAppointmentBatch(db, {
    salonId,
    clientId,
    idempotencyKey,
    status: 'confirmed',
    origin: 'online',
    start: plan.start,
    end: plan.end,
    now,
    notes: body.additional_request ?? '',
    total: plan.total,
    deposit: 0,
    utmOrigin: 'google',
    verificationCode: null,
    holdId: null,
    takesTime: true,
    procedures: plan.procedures,
    patchTest: null,
    deskClient: { name, phone: phone ?? '' },
  });
  try {
    created(
      await db.batch([...statements, insertGoogleBooking(db, { token, salonId, clientId, idempotencyKey, userId: user.user_id, now })]),
    );
  } catch (e) {
    const again = await googleBookingByToken(db, token);
    if (again) return { booking: googleBookingOf(again), created: null };
    if (isBlockConflict(e)) return failure('SLOT_UNAVAILABLE', 'That time has just been taken');
    if (isBookingLimit(e)) return failure('USER_OVER_BOOKING_LIMIT', 'This client already holds as many bookings here as the salon allows');
    if (isDuplicateToken(e)) throw new AppError('CONFLICT', 'This booking is being made: send the same request again');
    throw e;
  }
  const row = (await googleBookingByToken(db, token))!;
  return { booking: googleBookingOf(row), created: row };
}

/** Whether the salon's rules let the client cancel or move this booking now (the same rules as its own page). */
export function changeRefusal(row: GoogleBookingRow, m: GoogleMerchantRow, now: number): ReturnType<typeof failure> | null {
  const c = cancellationOf({ status: row.status, start_at: row.start_at }, m, now);
  if (c.reason === 'cancelled') return failure('BOOKING_ALREADY_CANCELLED', 'This booking was already cancelled');
  if (c.reason === 'past' || c.reason === 'not_allowed')
    return failure('BOOKING_NOT_CANCELLABLE', `This booking cannot be changed online: call the salon${m.phone ? ` on ${m.phone}` : ''}`);
  if (c.reason === 'inside_window')
    return failure(
      'OUTSIDE_CANCELLATION_WINDOW',
      `Changes must be made more than ${c.window_hours} hours before: call the salon${m.phone ? ` on ${m.phone}` : ''}`,
    );
  return null;
}
