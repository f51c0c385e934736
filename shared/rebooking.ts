import { ID_DIGITS } from './ids';

/**
 * The older rebooking flow (docs/booking/accounts-and-money.md §2 Older rebooking flow, §3 Rebooking
 * client and Rebook payload, §4 Older rebooking, §7 rebooking calls, §8, §9): a client texted a
 * link by the salon rebooks a past appointment without an account. Shared by the Worker that
 * answers the calls and the client that makes them. Money is in major units, times are ISO 8601
 * in UTC, days are the salon's local calendar days.
 *
 * Calls (all under /api/, JSON):
 * - POST /admin/salons/{salonId}/rebooking-links (admin key) body RebookingLinkBody → 201
 *   RebookingLinkCreated; the link `/auth/{urlhash}` is texted to the client through the
 *   messaging port. 404 when the client has no past appointment at that salon.
 * - POST rebooking/token/{urlhash}/ (no auth) → 200 RebookingToken; 410 with detail when the
 *   link has expired or was replaced (the old-link notice), 404 when unknown or malformed.
 * - GET rebooking/salons/ → RebookingClient[] (the salons where this client has past
 *   appointments; may be empty).
 * - GET rebooking/history/{clientId}/appointments/ → RebookingAppointment[] (past, newest first,
 *   at most 30).
 * - GET rebooking/availability/appointment/{appointmentId}/?from={YYYY-MM-DD}&to={YYYY-MM-DD}
 *   → RebookingAvailability (from..to inclusive, at most 7 days; the same services with the
 *   same stylists, in the same order, as the past appointment).
 * - POST rebooking/rebook/ body RebookBody, header Idempotency-Key (8-128 of [A-Za-z0-9_-]; 8-64
 *   is always fine) → 201 RebookAnswer (a retry with the same key answers the same appointment,
 *   200); 409 when the time has been taken (code SLOT_TAKEN) or is not one availability offers
 *   (NOT_OFFERED), no appointment made; 400 for a time in the past.
 * - Availability and rebook answer 409 (code NOT_REBOOKABLE) for an appointment that can no
 *   longer be booked online; availability's from/to: 400 naming the field (impossible date, from
 *   before the salon's today, more than REBOOKING_MAX_DAYS days, to before from).
 * - Error answers are {detail, code, field?}; the 410 of the token call has code LINK_EXPIRED.
 *
 * The rebooking calls other than the token call carry `Authorization: Rebooking {token}` (not
 * a Cognito token; a Cognito token is refused there, and a rebooking token is refused by every
 * other protected call). Without a valid token they answer 401 with detail
 * 'Your link has expired. Please ask the salon for a new one.'; another client's or salon's
 * ids answer 404.
 */

/** How long a texted link can be opened (§9 of this build). */
export const REBOOKING_LINK_DAYS = 14;
/** How long the token a link gives lasts. */
export const REBOOKING_TOKEN_MINUTES = 60;
/** The time picker's window and its 'limited availability' threshold (§9). */
export const REBOOKING_WINDOW_DAYS = 3;
export const REBOOKING_SLOT_THRESHOLD = 12;
export const REBOOKING_SLOT_CAP = 96;
/** The most days one availability call answers (from..to inclusive). */
export const REBOOKING_MAX_DAYS = 7;

/** The scheme of the Authorization header of the rebooking calls. */
export const REBOOKING_AUTH_SCHEME = 'Rebooking';

/**
 * A link's hash: 32 to 64 URL-safe characters (192 random bits in base64url), after the id of
 * its salon and a dot (`2.…`; links sent before salons were named in them have none).
 */
export const URLHASH = new RegExp(`^(?:${ID_DIGITS}\\.)?[A-Za-z0-9_-]{32,64}$`);

export interface RebookingLinkBody {
  /** the client: its Cognito username (sub), as appointments.client_id holds it; texted at its verified phone */
  client_id: string;
}

export interface RebookingLinkCreated {
  urlhash: string;
  /** the full link texted, e.g. https://book.example/auth/{urlhash} */
  link: string;
  expires_at: string;
}

/** POST rebooking/token/{urlhash}/ → the token for the other calls. */
export interface RebookingToken {
  token: string;
  expires_at: string;
  first_name: string;
}

/**
 * §3 Rebooking client: the client's record at one salon. `id` is the path's {clientId}: an opaque
 * number naming this client at this salon; the Worker checks it belongs to the token's client.
 */
export interface RebookingClient {
  id: number;
  salon: {
    id: number;
    name: string;
    phone: string;
    timezone: string;
    currency: string;
    theme_mode: string;
    /** the salon's brand colours over its theme's, as CSS variables (none without a brand colour; docs/console/README.md "Brand colour") */
    colours?: Record<string, string>;
  };
  title: string;
  first_name: string;
}

export interface RebookingProcedure {
  id: number;
  service: { id: number; name: string; category: { name: string } };
  stylist: { id: number; user_name: string };
  price: number;
  /** minutes */
  duration: number;
  start_time: string;
}

/** §3 Appointment (history): a past appointment that may be booked again. */
export interface RebookingAppointment {
  id: number;
  salon_id: number;
  starts_at: string;
  ends_at: string;
  price: number;
  deposit: number;
  title: string;
  procedures: RebookingProcedure[];
  /** false when one of its services or stylists is no longer bookable online */
  can_rebook: boolean;
}

/** Days keyed YYYYMMDD, each listing the start times (ISO, UTC) in order; at most 96 a day. */
export type RebookingAvailability = Record<string, string[]>;

/**
 * §3 Rebook payload: a copy of the appointment without its id, plus the chosen start. The Worker
 * trusts only `appointment_id` (whose services and stylists it re-reads, scoped to the token)
 * and `start_time`; end_time, status ('unconfirmed') and origin ('online_rebooking') are its own.
 */
export interface RebookBody {
  appointment_id: number;
  client_id: number;
  /** the appointment's salon (as history answered it): where the Worker finds it */
  salon_id?: number;
  start_time: string;
  end_time?: string;
  status?: 'unconfirmed';
  origin?: 'online_rebooking';
  procedures?: unknown[];
}

export interface RebookAnswer {
  id: number;
  starts_at: string;
  ends_at: string;
  status: 'unconfirmed';
  origin: 'online_rebooking';
  price: number;
  procedures: RebookingProcedure[];
  /** an iCalendar file for Add to calendar */
  ics: string;
}

/** The texts of the flow (§8). */
export const REBOOKING_TEXTS = {
  tokenFailed: 'Ooops, sorry! Something went wrong!',
  noSalons: "We can't find any salons for you",
  noHistory: "Sorry, we can't find any past appointments at",
  limited: 'There is limited availability for your service',
  noTimes: 'No available times',
  availabilityFailed: 'Sorry, something went wrong',
  linkExpired: 'Your link has expired. Please ask the salon for a new one.',
} as const;
