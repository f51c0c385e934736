import { URL_SAFE_ID } from './ids';
import * as z from './zod';
import { UTM_ORIGINS } from './constants';
import { isIsoDateTime } from './dates';

/** Texts of the pre-submit checks (docs/booking/journey.md §5) and of a failed booking (§8). */
const MSG_TIME_MISSING = 'selectedAppointmentTime is missing';
const MSG_STYLIST_MISSING = 'stylist is missing';
const MSG_PROCEDURES_MISSING = 'procedures are missing';
export const MSG_SLOT_TAKEN =
  "Sorry, there's been a problem and your booking has not been created. The time slot you chose may have been taken or you might be on an old version, so please close this tab, open a new tab and try again";
/** The code of a 409 when the client has as many upcoming online bookings at the salon as it allows. */
export const BOOKING_LIMIT = 'BOOKING_LIMIT';
export const MSG_BOOKING_PROBLEM = 'We are having problems creating your booking, please try again.';
/** A 403's code and words when the salon has blocked the client (an import's Blocked: docs/console/imports.md). */
export const CLIENT_BLOCKED = 'CLIENT_BLOCKED';
export const MSG_CLIENT_BLOCKED = 'Please contact the salon to book';

const iso = (message: string) => z.string({ message }).max(40, message).refine(isIsoDateTime, message);

/** The booking request of docs/booking/journey.md §3 (prices are recomputed by the server). */
export const bookingRequestSchema = z.object({
  start_time: iso(MSG_TIME_MISSING),
  procedures: z
    .array(
      z.object({
        service_id: z.number({ message: 'service_id must be a service id' }).int().positive(),
        stylist_id: z.number({ message: MSG_STYLIST_MISSING }).int().positive(MSG_STYLIST_MISSING),
        role: z.string().max(80).optional(),
        start_time: iso('procedure start_time must be an ISO date-time'),
        duration: z
          .number()
          .int()
          .positive()
          .max(24 * 60),
        price: z.number().nonnegative(),
        processing: z
          .number()
          .int()
          .min(0)
          .max(24 * 60),
      }),
      { message: MSG_PROCEDURES_MISSING },
    )
    .min(1, MSG_PROCEDURES_MISSING)
    .max(10, 'A booking has at most 10 services'),
  total_price: z.number().nonnegative(),
  cognito_username: z.string().max(128).optional(),
  payment_intent: z.string().max(255).nullable().optional(),
  notes: z.string().max(1000, 'Notes must be at most 1000 characters').default(''),
  deposit: z.number().nonnegative().default(0),
  user: z
    .object({
      name: z.string().max(120),
      phone_number: z.string().max(20),
      salon_id: z.number().int(),
      notes: z.string().max(1000).optional(),
    })
    .optional(),
  payment_needed: z.boolean().default(false),
  patch_test: z
    .object({
      salon: z.number().int().positive(),
      start_time: iso('patch_test start_time must be an ISO date-time'),
      stylist_id: z.number().int().positive(),
    })
    .nullable()
    .optional(),
  /** accepted only if facebook, instagram or sms; anything else is dropped */
  utm_origin: z
    .string()
    .max(40)
    .optional()
    .nullable()
    .transform((v) => ((UTM_ORIGINS as readonly string[]).includes(v ?? '') ? (v as (typeof UTM_ORIGINS)[number]) : null)),
  /** the client's hold of these times (beyond the spec) */
  hold_id: z.string().regex(URL_SAFE_ID, 'hold_id is not valid').optional(),
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;

/** docs/booking/journey.md §3 'Booking response'. */
export interface BookingResponse {
  appointment_id: number;
  client_id: string;
  pi_status: string | null;
  client_secret: string | null;
  payment_method: string | null;
  pi: string | null;
  success: boolean;
  status: 'confirmed' | 'waitlist' | 'pending';
  /** 3-D Secure: where to send the browser to authenticate (pi_status requires_action) */
  next_action_url?: string | null;
}

/** The deposit a salon asks for, in minor units, from its ncob_deposit_settings ('null': none). */
export function depositFor(settings: string, totalMinor: number): number {
  try {
    const s = JSON.parse(settings) as { type?: string; value?: number; amount?: number } | null;
    if (!s) return 0;
    if (s.type === 'percentage' && typeof s.value === 'number') return Math.round((totalMinor * Math.min(100, Math.max(0, s.value))) / 100);
    if (s.type === 'fixed' && typeof s.amount === 'number') return Math.min(totalMinor, Math.round(s.amount * 100));
  } catch {
    /* unreadable settings: no deposit */
  }
  return 0;
}
