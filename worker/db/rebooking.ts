import type { ClientAppointmentRow } from './client-appointments';
import { newId } from './ids';

/**
 * The older rebooking flow's tables (migration 0012): texted links, the tokens they give, and
 * the opaque number naming a client at a salon. Links and tokens are stored as SHA-256 only.
 */

/** A past appointment the flow offers to book again: a confirmed (or unconfirmed) one that started before `now` (an SQL parameter). */
const past = (now = '?') => `a.kind = 'appointment' AND a.status IN ('confirmed', 'unconfirmed') AND a.start_at < ${now}`;

const COLUMNS =
  'a.id, a.salon_id, a.status, a.cancelled_from, a.start_at, a.end_at, a.total_price, a.deposit, a.payment_status, a.payment_intent_id, a.cancelled_at, a.notes, a.calendar_sequence';

export interface LinkRow {
  salon_id: number;
  client_id: string;
  expires_at: number;
  replaced_at: number | null;
}

/** Stores a new link; the client's current link at that salon (if any) is replaced in the same batch. */
export async function insertLink(db: D1Database, l: { hash: string; salonId: number; clientId: string; now: number; expiresAt: number }) {
  await db.batch([
    db
      .prepare('UPDATE rebooking_links SET replaced_at = ? WHERE salon_id = ? AND client_id = ? AND replaced_at IS NULL')
      .bind(l.now, l.salonId, l.clientId),
    db
      .prepare('INSERT INTO rebooking_links (urlhash_sha256, salon_id, client_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
      .bind(l.hash, l.salonId, l.clientId, l.now, l.expiresAt),
  ]);
}

export const linkByHash = (db: D1Database, hash: string) =>
  db
    .prepare('SELECT salon_id, client_id, expires_at, replaced_at FROM rebooking_links WHERE urlhash_sha256 = ?')
    .bind(hash)
    .first<LinkRow>();

/** Stores a token (and lets expired ones go). */
export async function insertToken(db: D1Database, t: { hash: string; clientId: string; salonId: number; now: number; expiresAt: number }) {
  await db.batch([
    db.prepare('DELETE FROM rebooking_tokens WHERE expires_at <= ?').bind(t.now),
    db
      .prepare('INSERT INTO rebooking_tokens (token_sha256, client_id, salon_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
      .bind(t.hash, t.clientId, t.salonId, t.now, t.expiresAt),
  ]);
}

/** The client of a live token, or null. */
export const tokenClient = (db: D1Database, hash: string, now: number) =>
  db
    .prepare('SELECT client_id, salon_id FROM rebooking_tokens WHERE token_sha256 = ? AND expires_at > ?')
    .bind(hash, now)
    .first<{ client_id: string; salon_id: number }>();

/** Whether the client has a past appointment at the salon. */
export async function hasPastAppointment(db: D1Database, q: { salonId: number; clientId: string; now: number }): Promise<boolean> {
  const row = await db
    .prepare(`SELECT 1 AS found FROM appointments a WHERE a.salon_id = ? AND a.client_id = ? AND ${past()} LIMIT 1`)
    .bind(q.salonId, q.clientId, q.now)
    .first<{ found: number }>();
  return row !== null;
}

export interface RebookingSalonRow {
  id: number;
  salon_id: number;
  name: string;
  phone: string;
  timezone: string;
  currency: string;
  theme_mode: string;
  brand_colour: string | null;
  first_name: string;
}

/** The salons where the client has past appointments, by name, each with the client's number there (made on first sight). */
export async function rebookingSalons(db: D1Database, clientId: string, now: number): Promise<RebookingSalonRow[]> {
  const salons = `SELECT DISTINCT a.salon_id FROM appointments a WHERE a.client_id = ?1 AND ${past('?2')}`;
  const [, listed] = await db.batch([
    db
      .prepare(
        `INSERT OR IGNORE INTO rebooking_clients (id, client_id, salon_id)
       SELECT ${newId('rebooking_clients')} + row_number() OVER () - 1, ?1, salon_id FROM (${salons})`,
      )
      .bind(clientId, now),
    db
      .prepare(
        `SELECT rc.id, s.id AS salon_id, s.name, s.phone, s.timezone, s.currency, s.theme_mode, s.brand_colour,
                COALESCE(c.first_name, '') AS first_name
           FROM rebooking_clients rc
           JOIN salons s ON s.id = rc.salon_id
           LEFT JOIN clients c ON c.id = rc.client_id
          WHERE rc.client_id = ?1 AND rc.salon_id IN (${salons})
          ORDER BY s.name, s.id`,
      )
      .bind(clientId, now),
  ]);
  return listed!.results as RebookingSalonRow[];
}

/** The salon a client's number names, when the number is this client's. */
export const salonOfRebookingClient = (db: D1Database, id: number, clientId: string) =>
  db.prepare('SELECT salon_id FROM rebooking_clients WHERE id = ? AND client_id = ?').bind(id, clientId).first<{ salon_id: number }>();

/** The client's past appointments at a salon, newest first. */
export async function pastAppointments(
  db: D1Database,
  q: { salonId: number; clientId: string; now: number; limit: number },
): Promise<ClientAppointmentRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${COLUMNS} FROM appointments a WHERE a.salon_id = ? AND a.client_id = ? AND ${past()} ORDER BY a.start_at DESC, a.id DESC LIMIT ?`,
    )
    .bind(q.salonId, q.clientId, q.now, q.limit)
    .all<ClientAppointmentRow>();
  return results;
}

/** One past appointment of the client (another client's, a future or a cancelled one: null). */
export const pastAppointment = (db: D1Database, q: { appointmentId: number; clientId: string; now: number }) =>
  db
    .prepare(`SELECT ${COLUMNS} FROM appointments a WHERE a.id = ? AND a.client_id = ? AND ${past()}`)
    .bind(q.appointmentId, q.clientId, q.now)
    .first<ClientAppointmentRow>();

/**
 * Which of these appointments can be booked again online exactly as they were: the salon books
 * online, and each service is shown online and still performed by the same (active) stylist.
 */
export async function rebookableIds(db: D1Database, appointmentIds: number[]): Promise<Set<number>> {
  if (appointmentIds.length === 0) return new Set();
  const { results } = await db
    .prepare(
      `SELECT a.id FROM appointments a JOIN salons s ON s.id = a.salon_id
        WHERE a.id IN (${appointmentIds.map(() => '?').join(', ')}) AND s.online_booking = 1
          AND EXISTS (SELECT 1 FROM appointment_procedures p WHERE p.appointment_id = a.id)
          AND NOT EXISTS (
            SELECT 1 FROM appointment_procedures p
             WHERE p.appointment_id = a.id
               AND (p.service_id IS NULL
                    OR NOT EXISTS (SELECT 1 FROM services sv WHERE sv.id = p.service_id AND sv.salon_id = a.salon_id AND sv.show = 1)
                    OR NOT EXISTS (SELECT 1 FROM stylist_services ss JOIN stylists st ON st.id = ss.stylist_id
                                    WHERE ss.service_id = p.service_id AND ss.stylist_id = p.stylist_id
                                      AND st.active = 1 AND st.salon_id = a.salon_id)))`,
    )
    .bind(...appointmentIds)
    .all<{ id: number }>();
  return new Set(results.map((r) => r.id));
}

/** The rebooked appointment a client made with this idempotency key, if any. */
export const rebookedByKey = (db: D1Database, clientId: string, key: string) =>
  db
    .prepare(`SELECT ${COLUMNS} FROM appointments a WHERE a.client_id = ? AND a.idempotency_key = ? AND a.origin = 'online_rebooking'`)
    .bind(clientId, key)
    .first<ClientAppointmentRow>();
