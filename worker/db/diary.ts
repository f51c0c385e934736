import { retryable } from './no-show-fees';

/**
 * The diary's reads (issue 29): a salon's appointments over a span with their services and
 * clients, the stylists' weekly hours and days off, an appointment's history and messages;
 * the desk's confirmation and its check that a client is the salon's.
 */

export interface DiaryRow {
  id: number;
  /** the salon's own number of the appointment ("No. 12"; migration 0033) */
  number: number;
  status: 'confirmed' | 'unconfirmed' | 'waitlist' | 'pending' | 'cancelled';
  origin: 'online' | 'salon' | 'online_rebooking';
  /** the booking's campaign or channel: 'google' for one made on Google Search or Maps (docs/google-booking.md) */
  utm_origin: string | null;
  start_at: number;
  end_at: number;
  total_price: number;
  deposit: number;
  payment_status: string | null;
  payment_intent_id: string | null;
  client_id: string | null;
  /** the client's name: their account's, or as the desk took it down */
  client_name: string | null;
  client_phone: string | null;
  arrived_at: number | null;
  no_show_at: number | null;
  notes: string;
  created_at: number;
  cancelled_at: number | null;
  /** an open deposit request (invited, reminded, seen) asks for money */
  open_request: number;
  fee_amount: number | null;
  fee_status: string | null;
  fee_failure: string | null;
  fee_attempt: number | null;
  /** 1 when a refused fee may be tried again (no-show-fees.ts retryable) */
  fee_retryable: number | null;
  /** its repeat series (migration 0048), or null */
  series_id: number | null;
}

export interface DiaryProcedureRow {
  appointment_id: number;
  service_name: string;
  category_id: number | null;
  category_name: string | null;
  stylist_id: number;
  start_at: number;
  end_at: number;
}

const ROW = `a.id, a.number, a.series_id, a.status, a.origin, a.utm_origin, a.start_at, a.end_at, a.total_price, a.deposit, a.payment_status, a.payment_intent_id,
  a.client_id, COALESCE(NULLIF(c.name, ''), a.client_name) AS client_name, COALESCE(c.phone, a.client_phone) AS client_phone,
  a.arrived_at, a.no_show_at, a.notes, a.created_at, a.cancelled_at,
  EXISTS (SELECT 1 FROM invites i WHERE i.appointment_id = a.id AND i.status IN ('invited', 'reminded', 'seen')) AS open_request,
  f.amount AS fee_amount, f.status AS fee_status, f.failure_message AS fee_failure, f.attempt AS fee_attempt,
  ${retryable('f')} AS fee_retryable`;
const FROM = `FROM appointments a LEFT JOIN clients c ON c.id = a.client_id LEFT JOIN no_show_fees f ON f.appointment_id = a.id`;
/** What the diary shows: appointments (not patch tests' own rows) that are, or were, real bookings. */
const SHOWN = `a.kind = 'appointment' AND (a.status IN ('confirmed', 'unconfirmed', 'waitlist', 'pending') OR a.cancelled_at IS NOT NULL)`;

/**
 * A salon's appointments starting in [from, to), with their services; only those with a service
 * of `stylistId` when one is given (a stylist's own column). Cancelled ones only when asked.
 */
export async function diaryRows(
  db: D1Database,
  q: { salonId: number; from: number; to: number; stylistId: number | null; cancelled: boolean },
): Promise<{ rows: DiaryRow[]; procedures: DiaryProcedureRow[] }> {
  const own =
    q.stylistId === null ? '' : 'AND EXISTS (SELECT 1 FROM appointment_procedures o WHERE o.appointment_id = a.id AND o.stylist_id = ?4)';
  const live = q.cancelled ? '' : "AND a.status <> 'cancelled'";
  const where = `a.salon_id = ?1 AND a.start_at >= ?2 AND a.start_at < ?3 AND ${SHOWN} ${live} ${own}`;
  const params = q.stylistId === null ? [q.salonId, q.from, q.to] : [q.salonId, q.from, q.to, q.stylistId];
  const [rows, procedures] = await db.batch([
    db.prepare(`SELECT ${ROW} ${FROM} WHERE ${where} ORDER BY a.start_at, a.id`).bind(...params),
    db
      .prepare(
        `SELECT p.appointment_id, COALESCE(s.name, 'Patch test') AS service_name, s.category_id, k.name AS category_name,
                p.stylist_id, p.start_at, p.end_at
           FROM appointment_procedures p LEFT JOIN services s ON s.id = p.service_id LEFT JOIN service_categories k ON k.id = s.category_id
          WHERE p.appointment_id IN (SELECT a.id FROM appointments a WHERE ${where})
          ORDER BY p.appointment_id, p.start_at, p.id`,
      )
      .bind(...params),
  ]);
  return { rows: rows!.results as DiaryRow[], procedures: procedures!.results as DiaryProcedureRow[] };
}

/** One appointment of the salon, as the diary reads it (another salon's: null). */
export async function diaryAppointment(
  db: D1Database,
  salonId: number,
  appointmentId: number,
): Promise<{ row: DiaryRow; procedures: DiaryProcedureRow[] } | null> {
  const [rows, procedures] = await db.batch([
    db.prepare(`SELECT ${ROW} ${FROM} WHERE a.id = ?1 AND a.salon_id = ?2 AND ${SHOWN}`).bind(appointmentId, salonId),
    db
      .prepare(
        `SELECT p.appointment_id, COALESCE(s.name, 'Patch test') AS service_name, s.category_id, k.name AS category_name,
                p.stylist_id, p.start_at, p.end_at
           FROM appointment_procedures p LEFT JOIN services s ON s.id = p.service_id LEFT JOIN service_categories k ON k.id = s.category_id
          WHERE p.appointment_id = ?1 AND p.salon_id = ?2 ORDER BY p.start_at, p.id`,
      )
      .bind(appointmentId, salonId),
  ]);
  const row = rows!.results[0] as DiaryRow | undefined;
  return row ? { row, procedures: procedures!.results as DiaryProcedureRow[] } : null;
}

export interface StylistHoursRow {
  id: number;
  name: string;
  role: string;
  weekday: number | null;
  start_min: number | null;
  end_min: number | null;
  /** JSON [[start, end], ...] (shared/working-hours.ts breaksOf) */
  breaks: string | null;
}

/** The salon's active stylists with their weekly hours (a row per weekday worked), in the salon's order. */
export const stylistsWithHours = (db: D1Database, salonId: number) =>
  db
    .prepare(
      `SELECT st.id, st.name, st.role, h.weekday, h.start_min, h.end_min, h.breaks
         FROM stylists st LEFT JOIN stylist_hours h ON h.stylist_id = st.id
        WHERE st.salon_id = ? AND st.active = 1 ORDER BY st.position, st.id, h.weekday`,
    )
    .bind(salonId)
    .all<StylistHoursRow>();

/** Extra working days of the salon's stylists between two local dates (inclusive): they replace the weekday's hours. */
export const extraDaysBetween = (db: D1Database, salonId: number, from: string, to: string) =>
  db
    .prepare(
      `SELECT d.stylist_id, d.date, d.start_min, d.end_min, d.breaks FROM stylist_extra_days d JOIN stylists st ON st.id = d.stylist_id
        WHERE st.salon_id = ? AND d.date BETWEEN ? AND ?`,
    )
    .bind(salonId, from, to)
    .all<{ stylist_id: number; date: string; start_min: number; end_min: number; breaks: string }>();

/** The stylists' column a staff member works in at a salon (their stylist role's), or null. */
export const stylistOfStaff = async (db: D1Database, staffId: number, salonId: number) =>
  (
    await db
      .prepare("SELECT stylist_id FROM staff_roles WHERE staff_id = ? AND salon_id = ? AND role = 'stylist'")
      .bind(staffId, salonId)
      .first<{ stylist_id: number | null }>()
  )?.stylist_id ?? null;

/** A client's appointments at a salon, latest first (at most 20), and how many times they did not come. */
export async function clientHistory(db: D1Database, salonId: number, clientId: string | null, phone: string | null) {
  const who = clientId ? 'a.client_id = ?2' : 'a.client_phone = ?2';
  const key = clientId ?? phone;
  if (!key) return { rows: [] as DiaryRow[], procedures: [] as DiaryProcedureRow[], noShows: 0 };
  const where = `a.salon_id = ?1 AND ${who} AND ${SHOWN}`;
  const [rows, procedures, noShows] = await db.batch([
    db.prepare(`SELECT ${ROW} ${FROM} WHERE ${where} ORDER BY a.start_at DESC LIMIT 20`).bind(salonId, key),
    db
      .prepare(
        `SELECT p.appointment_id, COALESCE(s.name, 'Patch test') AS service_name, s.category_id, k.name AS category_name,
                p.stylist_id, p.start_at, p.end_at
           FROM appointment_procedures p LEFT JOIN services s ON s.id = p.service_id LEFT JOIN service_categories k ON k.id = s.category_id
          WHERE p.appointment_id IN (SELECT a.id FROM appointments a WHERE ${where} ORDER BY a.start_at DESC LIMIT 20)`,
      )
      .bind(salonId, key),
    db.prepare(`SELECT COUNT(*) AS n FROM appointments a WHERE ${where} AND a.no_show_at IS NOT NULL`).bind(salonId, key),
  ]);
  return {
    rows: rows!.results as DiaryRow[],
    procedures: procedures!.results as DiaryProcedureRow[],
    noShows: (noShows!.results[0] as { n: number } | undefined)?.n ?? 0,
  };
}

/** The texts sent about an appointment (the message queue's record, by key) and when. */
export async function messagesAbout(db: D1Database, appointmentId: number) {
  // keys are built here: D1 binds a JS number as a REAL, which SQL would concatenate as '45.0'
  const { results } = await db
    .prepare(
      `SELECT key, sent_at FROM sent_messages
        WHERE key = ?1 OR key LIKE ?2
           OR key LIKE 'invite-' || (SELECT id FROM invites WHERE appointment_id = ?3 ORDER BY id DESC LIMIT 1) || '-%'
        ORDER BY sent_at`,
    )
    .bind(`verify-${appointmentId}`, `appt-${appointmentId}-%`, appointmentId)
    .all<{ key: string; sent_at: number }>();
  return results;
}

/**
 * Clients of the salon found by name or phone (LIKE patterns, ESCAPE '\', as the Clients place
 * searches: console/clients.ts `searchPatterns`): those with an account who booked here (or were
 * asked for a deposit), those the desk took down without one (id null: booked by name and phone),
 * and those imported with a phone that no such account has (id null; docs/console/imports.md).
 */
export async function findClients(db: D1Database, salonId: number, search: { name: string | null; phone: string | null }) {
  const { results } = await db
    .prepare(
      `SELECT c.id, c.name, c.phone FROM clients c
        WHERE (c.name LIKE ?2 ESCAPE '\\' OR c.phone LIKE ?3)
          AND (EXISTS (SELECT 1 FROM appointments a WHERE a.client_id = c.id AND a.salon_id = ?1)
               OR EXISTS (SELECT 1 FROM invites i WHERE i.client_id = c.id AND i.salon_id = ?1))
       UNION
       SELECT NULL AS id, a.client_name AS name, a.client_phone AS phone FROM appointments a
        WHERE a.salon_id = ?1 AND a.client_id IS NULL AND a.client_phone IS NOT NULL
          AND (a.client_name LIKE ?2 ESCAPE '\\' OR a.client_phone LIKE ?3)
       UNION
       SELECT NULL, trim(sc.first_name || ' ' || sc.last_name), sc.phone FROM salon_clients sc
        WHERE sc.salon_id = ?1 AND sc.phone IS NOT NULL
          AND (trim(sc.first_name || ' ' || sc.last_name) LIKE ?2 ESCAPE '\\' OR sc.phone LIKE ?3)
          AND sc.phone NOT IN (SELECT c.phone FROM clients c JOIN appointments a ON a.client_id = c.id AND a.salon_id = ?1)
       ORDER BY name LIMIT 20`,
    )
    .bind(salonId, search.name, search.phone)
    .all<{ id: string | null; name: string; phone: string }>();
  return results;
}

/** The salon an appointment belongs to, or null. */
export const salonOfAppointment = async (db: D1Database, appointmentId: number) =>
  (await db.prepare('SELECT salon_id FROM appointments WHERE id = ?').bind(appointmentId).first<{ salon_id: number }>())?.salon_id ?? null;

/** Whether a client has an appointment or a request at the salon (a desk booking may only pick such a client by id). */
export async function isClientOfSalon(db: D1Database, clientId: string, salonId: number): Promise<boolean> {
  const row = await db
    .prepare(
      'SELECT 1 FROM appointments WHERE client_id = ?1 AND salon_id = ?2 UNION ALL SELECT 1 FROM invites WHERE client_id = ?1 AND salon_id = ?2 LIMIT 1',
    )
    .bind(clientId, salonId)
    .first();
  return row !== null;
}

/** Confirms an unconfirmed appointment of the salon; false when it is not (any longer) unconfirmed. */
export async function confirmUnconfirmed(db: D1Database, salonId: number, appointmentId: number): Promise<boolean> {
  const done = await db
    .prepare("UPDATE appointments SET status = 'confirmed' WHERE id = ? AND salon_id = ? AND status = 'unconfirmed'")
    .bind(appointmentId, salonId)
    .run();
  return done.meta.changes > 0;
}
