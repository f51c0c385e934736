/**
 * The client's own bookings as the bookings lists and appointment details read them
 * (docs/booking/accounts-and-money.md §2 Bookings, Appointment details). Only real bookings are shown: kind
 * 'appointment', confirmed, unconfirmed (rebooked online, the salon is still to confirm it) or on
 * the waitlist, or cancelled by a cancellation (cancelled_at);
 * a booking whose payment never went through (pending, failed, abandoned) is not.
 */

export interface ClientAppointmentRow {
  id: number;
  salon_id: number;
  status: 'confirmed' | 'unconfirmed' | 'waitlist' | 'cancelled';
  /** what a cancelled booking was ('confirmed', 'unconfirmed' or 'waitlist') */
  cancelled_from: string | null;
  start_at: number;
  end_at: number;
  /** minor units */
  total_price: number;
  deposit: number;
  payment_status: string | null;
  payment_intent_id: string | null;
  cancelled_at: number | null;
  notes: string;
  /** a no-show fee charged (or waiting for the client's approval), minor units, and its state */
  no_show_fee: number | null;
  no_show_fee_status: string | null;
  /** the salon's open deposit request for it (minor units; card_only 0/1), null when none */
  requested_deposit: number | null;
  requested_card_only: number | null;
  /** how many times the booking was moved: its calendar file's SEQUENCE (one more once cancelled) */
  calendar_sequence: number;
}

export interface ProcedureRow {
  id: number;
  appointment_id: number;
  service_id: number;
  service_name: string;
  category_name: string;
  /** 0/1: the service is shown online and an active stylist performs it */
  bookable_online: number;
  stylist_id: number;
  stylist_name: string;
  stylist_role: string;
  start_at: number;
  end_at: number;
  price: number;
  occupies: number;
}

/** The salon settings the bookings screens need. */
export interface SalonRulesRow {
  id: number;
  name: string;
  phone: string;
  address_line_1: string;
  city: string;
  postcode: string;
  online_booking: number;
  allow_self_cancellation: number;
  cancellation_window_hours: number;
  refund_deposit_outside_window: number;
  timezone: string;
  /** JSON: the salon's opening hours, or null (none set) */
  opening_hours: string | null;
}

const COLUMNS = `a.id, a.salon_id, a.status, a.cancelled_from, a.start_at, a.end_at, a.total_price, a.deposit, a.payment_status,
  a.payment_intent_id, a.cancelled_at, a.notes, a.calendar_sequence,
  (SELECT f.amount FROM no_show_fees f WHERE f.appointment_id = a.id AND f.status IN ('paid', 'requires_action')) AS no_show_fee,
  (SELECT f.status FROM no_show_fees f WHERE f.appointment_id = a.id AND f.status IN ('paid', 'requires_action')) AS no_show_fee_status,
  (SELECT i.requested_deposit FROM invites i WHERE i.appointment_id = a.id AND i.status IN ('invited', 'reminded', 'seen')
    ORDER BY i.id DESC LIMIT 1) AS requested_deposit,
  (SELECT i.requested_card_only FROM invites i WHERE i.appointment_id = a.id AND i.status IN ('invited', 'reminded', 'seen')
    ORDER BY i.id DESC LIMIT 1) AS requested_card_only`;
const VISIBLE =
  "a.kind = 'appointment' AND (a.status IN ('confirmed', 'unconfirmed', 'waitlist') OR (a.status = 'cancelled' AND a.cancelled_at IS NOT NULL))";
/**
 * future: not cancelled and starting now or later, soonest first; past: started, or cancelled,
 * latest first by when each ended (its start, or its cancellation when that came first), so a
 * booking cancelled days ago for next month sits among the visits of those days, not above them all
 */
const TABS = {
  future: { where: "a.status IN ('confirmed', 'unconfirmed', 'waitlist') AND a.start_at >= ?3", order: 'a.start_at ASC, a.id ASC' },
  past: {
    where: "(a.status = 'cancelled' OR a.start_at < ?3)",
    order: 'MIN(a.start_at, COALESCE(a.cancelled_at, a.start_at)) DESC, a.id DESC',
  },
} as const;
export type Tab = keyof typeof TABS;

/** One page of the client's bookings at a salon, and how many there are in all. */
export async function clientAppointmentPage(
  db: D1Database,
  q: { salonId: number; clientId: string; tab: Tab; now: number; limit: number; offset: number },
): Promise<{ count: number; rows: ClientAppointmentRow[] }> {
  const { where, order } = TABS[q.tab];
  const from = `FROM appointments a WHERE a.salon_id = ?1 AND a.client_id = ?2 AND ${VISIBLE} AND ${where}`;
  const [count, rows] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS n ${from}`).bind(q.salonId, q.clientId, q.now),
    db.prepare(`SELECT ${COLUMNS} ${from} ORDER BY ${order} LIMIT ?4 OFFSET ?5`).bind(q.salonId, q.clientId, q.now, q.limit, q.offset),
  ]);
  return {
    count: (count!.results[0] as { n: number } | undefined)?.n ?? 0,
    rows: rows!.results as ClientAppointmentRow[],
  };
}

/** The client's own booking at the salon (another client's, or one never made: null). */
export const clientAppointment = (db: D1Database, q: { salonId: number; clientId: string; appointmentId: number }) =>
  db
    .prepare(`SELECT ${COLUMNS} FROM appointments a WHERE a.id = ? AND a.salon_id = ? AND a.client_id = ? AND ${VISIBLE}`)
    .bind(q.appointmentId, q.salonId, q.clientId)
    .first<ClientAppointmentRow>();

/** The services of these bookings, in the order they are done, with their stylists. */
export async function proceduresOf(db: D1Database, appointmentIds: number[]): Promise<ProcedureRow[]> {
  if (appointmentIds.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT p.id, p.appointment_id, p.service_id, s.name AS service_name, c.name AS category_name,
              (s.show = 1 AND EXISTS (SELECT 1 FROM stylist_services ss JOIN stylists o ON o.id = ss.stylist_id AND o.active = 1
                                       WHERE ss.service_id = s.id)) AS bookable_online,
              p.stylist_id, st.name AS stylist_name, st.role AS stylist_role, p.start_at, p.end_at, p.price, p.occupies
         FROM appointment_procedures p
         JOIN services s ON s.id = p.service_id
         JOIN service_categories c ON c.id = s.category_id
         JOIN stylists st ON st.id = p.stylist_id
        WHERE p.appointment_id IN (${appointmentIds.map(() => '?').join(', ')})
        ORDER BY p.appointment_id, p.start_at, p.id`,
    )
    .bind(...appointmentIds)
    .all<ProcedureRow>();
  return results;
}

export const salonRules = (db: D1Database, salonId: number) =>
  db
    .prepare(
      `SELECT id, name, phone, address_line_1, city, postcode, online_booking, allow_self_cancellation,
              cancellation_window_hours, refund_deposit_outside_window, timezone, opening_hours
         FROM salons WHERE id = ?`,
    )
    .bind(salonId)
    .first<SalonRulesRow>();

/** The start of a booking's patch test (UTC ms), if it has one that is not cancelled. */
export async function patchTestStartOf(db: D1Database, appointmentId: number): Promise<number | null> {
  const row = await db
    .prepare("SELECT MAX(start_at) AS start_at FROM appointments WHERE patch_for = ? AND kind = 'patch_test' AND status <> 'cancelled'")
    .bind(appointmentId)
    .first<{ start_at: number | null }>();
  return row?.start_at ?? null;
}
