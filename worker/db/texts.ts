import { directoryOf } from './placement';

/**
 * Two-way texts (migration 0041; docs/messaging.md "Replies"): which salon texted a number last
 * (the first database), each incoming text once by Twilio's sid (the first database), a salon's
 * opt-outs by phone, and the Inbox's threads and messages (the salon's database).
 */

// ---- the first database --------------------------------------------------------------------

/** Records that `salonId` has just texted `phone` (the statement, for a batch). */
export const routeStatement = (db: D1Database, phone: string, salonId: number, now: number) =>
  directoryOf(db)
    .prepare(
      `INSERT INTO text_routes (phone, salon_id, texted_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (phone) DO UPDATE SET salon_id = excluded.salon_id, texted_at = excluded.texted_at
       WHERE excluded.texted_at >= text_routes.texted_at`,
    )
    .bind(phone, salonId, now);

/** The salon that texted this phone last, or null. */
export const salonThatTexted = async (db: D1Database, phone: string) =>
  (await directoryOf(db).prepare('SELECT salon_id FROM text_routes WHERE phone = ?').bind(phone).first<{ salon_id: number }>())?.salon_id ??
  null;

/**
 * Claims an incoming text by Twilio's sid: true for its first delivery, false for a replay (its
 * answer, once recorded, is in `answer`; null while the first delivery is still being handled).
 */
export async function claimInbound(db: D1Database, sid: string, now: number): Promise<{ first: boolean; answer: string | null }> {
  const made = await db
    .prepare(
      'INSERT INTO inbound_texts (message_sid, received_at) VALUES (?, ?) ON CONFLICT (message_sid) DO NOTHING RETURNING message_sid',
    )
    .bind(sid, now)
    .first();
  if (made) return { first: true, answer: null };
  const row = await db.prepare('SELECT answer FROM inbound_texts WHERE message_sid = ?').bind(sid).first<{ answer: string | null }>();
  return { first: false, answer: row?.answer ?? null };
}

/** The answer given to an incoming text, for its replays. */
export const recordInboundAnswer = (db: D1Database, sid: string, salonId: number | null, answer: string) =>
  db.prepare('UPDATE inbound_texts SET salon_id = ?, answer = ? WHERE message_sid = ?').bind(salonId, answer, sid).run();

/** Lets an incoming text whose handling failed be handled again when it is delivered again. */
export const forgetInbound = (db: D1Database, sid: string) =>
  db.prepare('DELETE FROM inbound_texts WHERE message_sid = ? AND answer IS NULL').bind(sid).run();

// ---- opt-outs ------------------------------------------------------------------------------

/** A STOP is stamped with its own time, even over an import's opt-out (whose undo then leaves it: db/imports.ts). */
export const optOutByText = (db: D1Database, salonId: number, phone: string, now: number) =>
  db
    .prepare(
      'INSERT INTO text_opt_outs (salon_id, phone, opted_out_at) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET opted_out_at = excluded.opted_out_at',
    )
    .bind(salonId, phone, now)
    .run();

export const optInByText = (db: D1Database, salonId: number, phone: string) =>
  db.prepare('DELETE FROM text_opt_outs WHERE salon_id = ? AND phone = ?').bind(salonId, phone).run();

export const isOptedOut = async (db: D1Database, salonId: number, phone: string) =>
  (await db.prepare('SELECT 1 AS y FROM text_opt_outs WHERE salon_id = ? AND phone = ?').bind(salonId, phone).first()) !== null;

// ---- the Inbox ------------------------------------------------------------------------------

const threadId = () => [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The statements that add a text to its thread (made on the first text), once by its key. A
 * replayed key adds nothing.
 */
export function threadMessageStatements(
  db: D1Database,
  m: {
    salonId: number;
    phone: string;
    direction: 'in' | 'out';
    body: string;
    key: string;
    staffName?: string | null;
    /** counts as unread in the Inbox (an incoming text no keyword handled) */
    unread?: boolean;
    now: number;
  },
): D1PreparedStatement[] {
  const unread = m.unread ? 1 : 0;
  return [
    db
      .prepare(
        `INSERT INTO text_threads (id, salon_id, phone, last_at, unread) VALUES (?1, ?2, ?3, ?4, 0)
         ON CONFLICT (salon_id, phone) DO NOTHING`,
      )
      .bind(threadId(), m.salonId, m.phone, m.now),
    db
      .prepare(
        `INSERT INTO text_messages (thread_id, salon_id, direction, body, key, staff_name, created_at)
         SELECT id, ?1, ?3, ?4, ?5, ?6, ?7 FROM text_threads WHERE salon_id = ?1 AND phone = ?2
         ON CONFLICT (key) DO NOTHING`,
      )
      .bind(m.salonId, m.phone, m.direction, m.body, m.key, m.staffName ?? null, m.now),
    db
      .prepare(
        `UPDATE text_threads SET last_at = max(last_at, ?3), unread = unread + ?4
          WHERE salon_id = ?1 AND phone = ?2 AND changes() > 0`,
      )
      .bind(m.salonId, m.phone, m.now, unread),
  ];
}

export interface ThreadRow {
  id: string;
  phone: string;
  last_at: number;
  unread: number;
  client_id: string | null;
  client_name: string | null;
  opted_out: number;
  last_body: string | null;
  last_direction: 'in' | 'out' | null;
}

/**
 * Who a thread's phone is at the salon: its account (a client with that verified phone who booked
 * here) or the name a desk booking or a request took down.
 */
const CLIENT_OF = `
  (SELECT c.id FROM clients c WHERE c.phone = t.phone AND EXISTS (SELECT 1 FROM appointments a WHERE a.salon_id = t.salon_id AND a.client_id = c.id) LIMIT 1) AS client_id,
  coalesce((SELECT nullif(c.name, '') FROM clients c WHERE c.phone = t.phone AND EXISTS (SELECT 1 FROM appointments a WHERE a.salon_id = t.salon_id AND a.client_id = c.id) LIMIT 1),
           (SELECT nullif(a.client_name, '') FROM appointments a WHERE a.salon_id = t.salon_id AND a.client_phone = t.phone ORDER BY a.id DESC LIMIT 1)) AS client_name`;
const WHO = `${CLIENT_OF},
  EXISTS (SELECT 1 FROM text_opt_outs o WHERE o.salon_id = t.salon_id AND o.phone = t.phone) AS opted_out,
  (SELECT m.body FROM text_messages m WHERE m.thread_id = t.id ORDER BY m.created_at DESC, m.rowid DESC LIMIT 1) AS last_body,
  (SELECT m.direction FROM text_messages m WHERE m.thread_id = t.id ORDER BY m.created_at DESC, m.rowid DESC LIMIT 1) AS last_direction`;

/**
 * ?2: a stylist's own column, or NULL for the whole salon: a stylist sees the threads of phones
 * with an appointment in their column.
 */
const THREAD_SCOPE = `(?2 IS NULL OR EXISTS (
  SELECT 1 FROM appointments a JOIN appointment_procedures p ON p.appointment_id = a.id
    LEFT JOIN clients c ON c.id = a.client_id
   WHERE a.salon_id = t.salon_id AND p.stylist_id = ?2 AND (a.client_phone = t.phone OR c.phone = t.phone)))`;

/** The salon's threads the caller sees, most recent first (at most 100). */
export async function threadsOf(db: D1Database, salonId: number, stylistId: number | null): Promise<ThreadRow[]> {
  const { results } = await db
    .prepare(
      `SELECT t.id, t.phone, t.last_at, t.unread, ${WHO}
         FROM text_threads t WHERE t.salon_id = ?1 AND ${THREAD_SCOPE}
        ORDER BY t.last_at DESC LIMIT 100`,
    )
    .bind(salonId, stylistId)
    .all<ThreadRow>();
  return results;
}

/** One thread the caller sees, or null (another salon's, or outside a stylist's column). */
export const threadOf = (db: D1Database, salonId: number, stylistId: number | null, id: string) =>
  db
    .prepare(
      `SELECT t.id, t.phone, t.last_at, t.unread, ${WHO} FROM text_threads t WHERE t.salon_id = ?1 AND t.id = ?3 AND ${THREAD_SCOPE}`,
    )
    .bind(salonId, stylistId, id)
    .first<ThreadRow>();

export const threadIdOf = async (db: D1Database, salonId: number, phone: string) =>
  (await db.prepare('SELECT id FROM text_threads WHERE salon_id = ? AND phone = ?').bind(salonId, phone).first<{ id: string }>())?.id ??
  null;

export interface ThreadMessageRow {
  direction: 'in' | 'out';
  body: string;
  key: string;
  staff_name: string | null;
  created_at: number;
  status: string | null;
}

/** A thread's texts, oldest first (the last 200), each outgoing one with its delivery status. */
export async function messagesOfThread(db: D1Database, threadId: string): Promise<ThreadMessageRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM (SELECT m.direction, m.body, m.key, m.staff_name, m.created_at, d.status, m.rowid AS r
         FROM text_messages m LEFT JOIN message_deliveries d ON d.key = m.key
        WHERE m.thread_id = ? ORDER BY m.created_at DESC, m.rowid DESC LIMIT 200) ORDER BY created_at, r`,
    )
    .bind(threadId)
    .all<ThreadMessageRow>();
  return results;
}

export const markThreadRead = (db: D1Database, salonId: number, id: string) =>
  db.prepare('UPDATE text_threads SET unread = 0 WHERE salon_id = ? AND id = ? AND unread > 0').bind(salonId, id).run();

// ---- a reply's appointment -----------------------------------------------------------------

export interface PhoneAppointmentRow {
  id: number;
  status: string;
  start_at: number;
  client_id: string | null;
}

/**
 * The next appointment at the salon of whoever has this phone (a client whose verified phone it
 * is, or a desk booking that took it down) in one of `statuses`, or null.
 */
export const nextAppointmentOfPhone = (db: D1Database, q: { salonId: number; phone: string; now: number; statuses: string[] }) =>
  db
    .prepare(
      `SELECT a.id, a.status, a.start_at, a.client_id FROM appointments a
         LEFT JOIN clients c ON c.id = a.client_id
        WHERE a.salon_id = ?1 AND a.kind = 'appointment' AND a.start_at > ?3
          AND a.status IN (SELECT value FROM json_each(?4))
          AND (a.client_phone = ?2 OR c.phone = ?2)
        ORDER BY a.start_at, a.id LIMIT 1`,
    )
    .bind(q.salonId, q.phone, q.now, JSON.stringify(q.statuses))
    .first<PhoneAppointmentRow>();

/** A cancelled booking's deposit state, read afresh (what payments/cancelled-deposit.ts settles). */
export const depositStateOf = async (db: D1Database, appointmentId: number) =>
  (await db
    .prepare('SELECT id, payment_status, payment_intent_id FROM appointments WHERE id = ?')
    .bind(appointmentId)
    .first<{ id: number; payment_status: string | null; payment_intent_id: string | null }>())!;

/**
 * What a staff notice of a reply may say (docs/console/notifications.md): the thread's client name
 * (its first name is shown) and the columns with an appointment of its phone (their stylists hear of it).
 */
export const threadNotice = (db: D1Database, salonId: number, id: string) =>
  db
    .prepare(
      `SELECT ${CLIENT_OF},
         (SELECT group_concat(DISTINCT p.stylist_id) FROM appointments a JOIN appointment_procedures p ON p.appointment_id = a.id
            LEFT JOIN clients c ON c.id = a.client_id
           WHERE a.salon_id = t.salon_id AND (a.client_phone = t.phone OR c.phone = t.phone)) AS stylist_ids
         FROM text_threads t WHERE t.salon_id = ?1 AND t.id = ?2`,
    )
    .bind(salonId, id)
    .first<{ client_id: string | null; client_name: string | null; stylist_ids: string | null }>();
