import * as z from 'zod';
import { ID_DIGITS } from '../../shared/ids';

const ROW_ID = new RegExp(`^${ID_DIGITS}$`);
const BOOKING_ID = new RegExp(`^${ID_DIGITS}-${ID_DIGITS}$`);

/**
 * Google's booking server API v3 as JSON (docs/google-booking.md "The calls"): fields in
 * snake_case as in Google's protos, int64s (seconds) as strings or numbers. Unknown fields are
 * ignored (Google adds them without notice); what the product relies on is checked.
 */
const int64 = (name: string) =>
  z
    .union([z.string().regex(/^\d{1,12}$/, `${name} must be whole seconds`), z.number().int().nonnegative()])
    .transform(Number)
    .refine((n) => n < 1e12, `${name} must be whole seconds`);

const id = (name: string) => z.string().regex(ROW_ID, `${name} must be one of our ids, as the feeds give it`);

export const resourcesSchema = z.object({ staff_id: id('resources.staff_id').optional() }).optional();

export const slotSchema = z.object({
  merchant_id: id('slot.merchant_id'),
  service_id: id('slot.service_id'),
  start_sec: int64('slot.start_sec'),
  duration_sec: int64('slot.duration_sec').optional(),
  resources: resourcesSchema,
});

const slotTimeSchema = z.object({
  service_id: id('slot_time.service_id'),
  start_sec: int64('slot_time.start_sec'),
  duration_sec: int64('slot_time.duration_sec').optional(),
  resource_ids: resourcesSchema,
});

export const batchLookupSchema = z.object({
  merchant_id: id('merchant_id'),
  slot_time: z.array(slotTimeSchema).min(1, 'slot_time needs at least one slot').max(1000, 'slot_time takes at most 1000 slots'),
});

export const checkAvailabilitySchema = z.object({ slot: slotSchema });

const text = (max: number) => z.string().trim().max(max).optional();

export const createBookingSchema = z.object({
  slot: slotSchema,
  user_information: z.object({
    user_id: z.string().min(1, 'user_information.user_id is required').max(200),
    given_name: text(100),
    family_name: text(100),
    telephone: text(40),
    email: text(254),
  }),
  idempotency_token: z.string().min(1, 'idempotency_token is required').max(200),
  additional_request: text(1000),
});

export const updateBookingSchema = z.object({
  booking: z.object({
    booking_id: z.string().regex(BOOKING_ID, 'booking.booking_id must be a booking id we answered'),
    status: z.string().max(40).optional(),
    slot: z
      .object({ start_sec: int64('booking.slot.start_sec'), duration_sec: int64('booking.slot.duration_sec').optional() })
      .partial()
      .optional(),
  }),
  update_mask: z.union([z.string(), z.object({ paths: z.array(z.string()) })]).optional(),
});

export const bookingStatusSchema = z.object({
  booking_id: z.string().regex(BOOKING_ID, 'booking_id must be a booking id we answered'),
});

export const listBookingsSchema = z.object({ user_id: z.string().min(1, 'user_id is required').max(200) });

/** BookingFailure.Cause values the product answers. */
export type FailureCause =
  | 'SLOT_UNAVAILABLE'
  | 'SLOT_ALREADY_BOOKED_BY_USER'
  | 'USER_OVER_BOOKING_LIMIT'
  | 'OUTSIDE_CANCELLATION_WINDOW'
  | 'BOOKING_ALREADY_CANCELLED'
  | 'BOOKING_NOT_CANCELLABLE';

export type GoogleStatus = 'CONFIRMED' | 'CANCELED' | 'NO_SHOW';

export interface GoogleSlot {
  merchant_id: string;
  service_id: string;
  start_sec: string;
  duration_sec: string;
  resources?: { staff_id: string; staff_name: string };
}

export interface GoogleBooking {
  booking_id: string;
  slot: GoogleSlot;
  user_information: { user_id: string; given_name?: string; family_name?: string; telephone?: string };
  status: GoogleStatus;
  payment_information: { prepayment_status: 'PREPAYMENT_NOT_PROVIDED' };
}
