import { byKey } from './appointments';

/** An appointment booked through Google's booking server, as Google's calls read it back. */
export interface GoogleBookingRow {
  idempotency_token: string;
  salon_id: number;
  appointment_id: number;
  user_id: string;
  status: string;
  start_at: number;
  end_at: number;
  client_name: string | null;
  client_phone: string | null;
  service_id: number | null;
  service_name: string | null;
  stylist_id: number | null;
  stylist_name: string | null;
  /** the first service's length in minutes, as the slot Google booked had it */
  duration: number;
  no_show: number;
}

const BOOKING = `SELECT g.idempotency_token, g.salon_id, g.appointment_id, g.user_id, a.status, a.start_at, a.end_at,
         a.client_name, a.client_phone, p.service_id, sv.name AS service_name, p.stylist_id, st.name AS stylist_name,
         (p.end_at - p.start_at) / 60000 AS duration, CASE WHEN a.no_show_at IS NULL THEN 0 ELSE 1 END AS no_show
    FROM google_bookings g
    JOIN appointments a ON a.id = g.appointment_id
    LEFT JOIN appointment_procedures p ON p.id = (SELECT MIN(id) FROM appointment_procedures WHERE appointment_id = a.id)
    LEFT JOIN stylists st ON st.id = p.stylist_id
    LEFT JOIN services sv ON sv.id = p.service_id`;

export const googleBookingByToken = (db: D1Database, token: string) =>
  db.prepare(`${BOOKING} WHERE g.idempotency_token = ?`).bind(token).first<GoogleBookingRow>();

export const googleBookingOf = (db: D1Database, salonId: number, appointmentId: number) =>
  db.prepare(`${BOOKING} WHERE g.salon_id = ? AND g.appointment_id = ?`).bind(salonId, appointmentId).first<GoogleBookingRow>();

/** A Google user's bookings at these salons (one database's), newest first. */
export async function googleBookingsOfUser(db: D1Database, userId: string, salonIds: number[]): Promise<GoogleBookingRow[]> {
  if (!salonIds.length) return [];
  const marks = salonIds.map(() => '?').join(',');
  const { results } = await db
    .prepare(`${BOOKING} WHERE g.user_id = ? AND g.salon_id IN (${marks}) ORDER BY a.start_at DESC LIMIT 500`)
    .bind(userId, ...salonIds)
    .all<GoogleBookingRow>();
  return results;
}

/** Whether this Google user already holds a booking at this salon starting then (SLOT_ALREADY_BOOKED_BY_USER). */
export const userHasBookingAt = async (db: D1Database, salonId: number, userId: string, start: number) =>
  (await db
    .prepare(
      `SELECT 1 FROM google_bookings g JOIN appointments a ON a.id = g.appointment_id
        WHERE g.salon_id = ? AND g.user_id = ? AND a.start_at = ? AND a.status IN ('confirmed', 'pending', 'unconfirmed')`,
    )
    .bind(salonId, userId, start)
    .first()) !== null;

/**
 * The statement that records the token in the booking's own batch: the appointment is the one the
 * batch inserts under `(clientId, idempotencyKey)`; a second booking with the token fails the
 * whole batch on the primary key.
 */
export const insertGoogleBooking = (
  db: D1Database,
  g: { token: string; salonId: number; clientId: string | null; idempotencyKey: string; userId: string; now: number },
) =>
  db
    .prepare(
      `INSERT INTO google_bookings (idempotency_token, salon_id, appointment_id, user_id, created_at) VALUES (?, ?, ${byKey('appointment')}, ?, ?)`,
    )
    .bind(g.token, g.salonId, g.clientId, g.idempotencyKey, g.userId, g.now);

/** Whether a failed batch failed on the token (a second CreateBooking with it, at the same moment). */
export const isDuplicateToken = (e: unknown) =>
  /google_bookings\.idempotency_token|UNIQUE constraint failed: google_bookings/.test(String(e));

/** First database: the salon is one of the user's (ListBookings reads only theirs). */
export const indexGoogleUser = (directory: D1Database, userId: string, salonId: number) =>
  directory.prepare('INSERT OR IGNORE INTO google_users (user_id, salon_id) VALUES (?, ?)').bind(userId, salonId).run();

export async function salonsOfGoogleUser(directory: D1Database, userId: string): Promise<number[]> {
  const { results } = await directory
    .prepare('SELECT salon_id FROM google_users WHERE user_id = ? LIMIT 200')
    .bind(userId)
    .all<{ salon_id: number }>();
  return results.map((r) => r.salon_id);
}

/** What decides whether a salon and its services are offered on Google (docs/google-booking.md "Who is offered"). */
export interface GoogleMerchantRow {
  id: number;
  name: string;
  phone: string;
  timezone: string;
  country_code: string;
  online_booking: number;
  address_line_1: string;
  city: string;
  postcode: string;
  needs_card: number;
  ncob_deposit_settings: string | null;
  allow_self_cancellation: number;
  cancellation_window_hours: number;
  refund_deposit_outside_window: number;
  opening_hours: string | null;
}

export const googleMerchant = (db: D1Database, salonId: number) =>
  db
    .prepare(
      `SELECT id, name, phone, timezone, country_code, online_booking, address_line_1, city, postcode, needs_card, ncob_deposit_settings,
              allow_self_cancellation, cancellation_window_hours, refund_deposit_outside_window, opening_hours
         FROM salons WHERE id = ?`,
    )
    .bind(salonId)
    .first<GoogleMerchantRow>();

/** A service as Google may book it: shown online, not archived, no patch test. */
export const googleService = (db: D1Database, salonId: number, serviceId: number) =>
  db
    .prepare('SELECT id, name, has_patch_test, show, archived_at FROM services WHERE salon_id = ? AND id = ?')
    .bind(salonId, serviceId)
    .first<{ id: number; name: string; has_patch_test: number; show: number; archived_at: number | null }>();
