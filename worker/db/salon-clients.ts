import type { ClientMessageKind } from '../../shared/console/clients';
import { newId } from './ids';

/**
 * A salon's clients (the console's Clients place): everyone who booked with the salon or was sent
 * a request by it. A client with an account is keyed by its id; someone asked by phone who has no
 * account yet (an invite, or a desk booking, with client_id NULL), by that phone. Every statement
 * starts from the salon's own rows (?1 is the salon), so no other salon's client can appear.
 */

/** Each person's appointments at the salon: (key, appointment_id). */
const BOOKED = `booked(k, appointment_id) AS (
  SELECT a.client_id, a.id FROM appointments a WHERE a.salon_id = ?1 AND a.client_id IS NOT NULL
  UNION
  SELECT a.client_phone, a.id FROM appointments a WHERE a.salon_id = ?1 AND a.client_id IS NULL AND a.client_phone IS NOT NULL
  UNION
  SELECT i.client_phone, i.appointment_id FROM invites i JOIN appointments a ON a.id = i.appointment_id
   WHERE i.salon_id = ?1 AND i.client_id IS NULL AND a.client_id IS NULL
)`;

/** The salon's people: (id, name, phone, has_account, email). An imported client with only an email has the phone ''. */
const PEOPLE = `${BOOKED},
account(k) AS (
  SELECT k FROM booked WHERE substr(k, 1, 1) <> '+'
  UNION SELECT i.client_id FROM invites i WHERE i.salon_id = ?1 AND i.client_id IS NOT NULL
),
phoned(k, name) AS (
  SELECT i.client_phone, trim(i.client_first_name || ' ' || i.client_last_name) FROM invites i
   WHERE i.salon_id = ?1 AND i.client_id IS NULL
  UNION ALL
  SELECT a.client_phone, coalesce(a.client_name, '') FROM appointments a
   WHERE a.salon_id = ?1 AND a.client_id IS NULL AND a.client_phone IS NOT NULL
  UNION ALL
  -- clients imported from another system (docs/console/imports.md), by phone, unless an account has it
  SELECT sc.key, trim(sc.first_name || ' ' || sc.last_name) FROM salon_clients sc
   WHERE sc.salon_id = ?1 AND sc.key GLOB '+*' AND sc.key NOT IN (SELECT c.phone FROM clients c JOIN account ON account.k = c.id)
),
people(id, name, phone, has_account, email) AS (
  SELECT c.id, c.name, c.phone, 1, c.email FROM clients c JOIN account ON account.k = c.id
  UNION ALL
  SELECT k, max(name), k, 0, (SELECT sc.email FROM salon_clients sc WHERE sc.salon_id = ?1 AND sc.key = k) FROM phoned GROUP BY k
  UNION ALL
  -- imported with an email and no phone (docs/console/imports.md): found by name or email, keyed by the email
  SELECT sc.key, trim(sc.first_name || ' ' || sc.last_name), coalesce(sc.phone, ''), 0, sc.email FROM salon_clients sc
   WHERE sc.salon_id = ?1 AND sc.key NOT GLOB '+*'
)`;

/** ?2: a stylist's column, or NULL for the whole salon. */
const IN_SCOPE = `(?2 IS NULL OR p.id IN (SELECT b.k FROM booked b JOIN appointment_procedures pr ON pr.appointment_id = b.appointment_id
                                            WHERE pr.stylist_id = ?2))`;

export interface PersonRow {
  id: string;
  name: string;
  /** '' for an imported client with only an email */
  phone: string;
  has_account: number;
  email: string | null;
  appointments: number;
  last_visit: number | null;
}

export interface ClientSearch {
  salonId: number;
  stylistId: number | null;
  /** a LIKE pattern on the name or the email, or null */
  name: string | null;
  /** a LIKE pattern on the phone's digits, or null */
  phone: string | null;
  limit: number;
  offset: number;
  now: number;
}

/** One page of the salon's clients (in the stylist's column only, when given) matching the search, by name. */
export async function searchClients(db: D1Database, q: ClientSearch): Promise<{ rows: PersonRow[]; total: number }> {
  const match = `${IN_SCOPE} AND (?3 IS NULL OR p.name LIKE ?3 ESCAPE '\\' OR p.email LIKE ?3 ESCAPE '\\')
    AND (?4 IS NULL OR replace(p.phone, '+', '') LIKE ?4 ESCAPE '\\')`;
  const [page, count] = await db.batch([
    db
      .prepare(
        `WITH ${PEOPLE},
         found AS (SELECT p.* FROM people p WHERE ${match} ORDER BY p.name COLLATE NOCASE, p.id LIMIT ?5 OFFSET ?6)
         SELECT f.*, (SELECT count(*) FROM booked b WHERE b.k = f.id) AS appointments,
                (SELECT max(a.start_at) FROM booked b JOIN appointments a ON a.id = b.appointment_id
                  WHERE b.k = f.id AND a.start_at <= ?7 AND a.status <> 'cancelled') AS last_visit
           FROM found f ORDER BY f.name COLLATE NOCASE, f.id`,
      )
      .bind(q.salonId, q.stylistId, q.name, q.phone, q.limit, q.offset, q.now),
    db.prepare(`WITH ${PEOPLE} SELECT count(*) AS n FROM people p WHERE ${match}`).bind(q.salonId, q.stylistId, q.name, q.phone),
  ]);
  return { rows: (page?.results ?? []) as PersonRow[], total: (count?.results[0] as { n: number } | undefined)?.n ?? 0 };
}

/** One of the salon's clients by key (in the stylist's column only, when given), or null. */
export const personOf = (db: D1Database, q: { salonId: number; stylistId: number | null; key: string; now: number }) =>
  db
    .prepare(
      `WITH ${PEOPLE}
       SELECT p.*, (SELECT count(*) FROM booked b WHERE b.k = p.id) AS appointments,
              (SELECT max(a.start_at) FROM booked b JOIN appointments a ON a.id = b.appointment_id
                WHERE b.k = p.id AND a.start_at <= ?4 AND a.status <> 'cancelled') AS last_visit
         FROM people p WHERE p.id = ?3 AND ${IN_SCOPE}`,
    )
    .bind(q.salonId, q.stylistId, q.key, q.now)
    .first<PersonRow>();

export interface ClientAppointmentRow {
  id: number;
  /** the salon's own number ("No. 12") */
  number: number;
  start_at: number;
  end_at: number;
  status: string;
  no_show_at: number | null;
  price: number;
  services: string | null;
  stylists: string | null;
  open_request: number;
}

/** The client's appointments at the salon, newest first (at most 200). */
export async function appointmentsOfClient(db: D1Database, salonId: number, key: string): Promise<ClientAppointmentRow[]> {
  const { results } = await db
    .prepare(
      `WITH ${BOOKED}
       SELECT a.id, a.number, a.start_at, a.end_at, a.status, a.no_show_at,
              (SELECT coalesce(sum(p.price), 0) FROM appointment_procedures p WHERE p.appointment_id = a.id) AS price,
              (SELECT group_concat(name, ', ') FROM (SELECT coalesce(sv.name, 'Patch test') AS name FROM appointment_procedures p
                 LEFT JOIN services sv ON sv.id = p.service_id WHERE p.appointment_id = a.id ORDER BY p.start_at)) AS services,
              (SELECT group_concat(name, ', ') FROM (SELECT DISTINCT st.name FROM appointment_procedures p
                 JOIN stylists st ON st.id = p.stylist_id WHERE p.appointment_id = a.id)) AS stylists,
              EXISTS (SELECT 1 FROM invites i WHERE i.appointment_id = a.id AND i.status IN ('invited', 'reminded', 'seen')) AS open_request
         FROM booked b JOIN appointments a ON a.id = b.appointment_id
        WHERE b.k = ?2 ORDER BY a.start_at DESC, a.id DESC LIMIT 200`,
    )
    .bind(salonId, key)
    .all<ClientAppointmentRow>();
  return results;
}

export interface ClientNoteRow {
  id: number;
  body: string;
  staff_name: string;
  created_at: number;
}

/** The salon's notes about the client; first, the notes its import brought (by its key, or the phone an account has). */
export async function notesOfClient(db: D1Database, salonId: number, key: string, phone: string | null = null): Promise<ClientNoteRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM (
         SELECT id, body, staff_name, created_at FROM client_notes WHERE salon_id = ?1 AND client_id = ?2
         UNION ALL
         -- the notes an import brought (allergies among them), first on the card
         SELECT -1, notes, 'Imported', created_at FROM salon_clients WHERE salon_id = ?1 AND (key = ?2 OR key = ?3) AND notes <> ''
       ) ORDER BY id = -1 DESC, created_at DESC, id DESC`,
    )
    .bind(salonId, key, phone)
    .all<ClientNoteRow>();
  return results;
}

export async function insertClientNote(
  db: D1Database,
  n: { salonId: number; key: string; body: string; staffId: number; staffName: string; now: number },
): Promise<ClientNoteRow> {
  return (await db
    .prepare(
      `INSERT INTO client_notes (id, salon_id, client_id, body, staff_id, staff_name, created_at) VALUES (${newId('client_notes')}, ?, ?, ?, ?, ?, ?)
       RETURNING id, body, staff_name, created_at`,
    )
    .bind(n.salonId, n.key, n.body, n.staffId, n.staffName, n.now)
    .first<ClientNoteRow>())!;
}

export interface ClientMessageRow {
  kind: Exclude<ClientMessageKind, 'reminder_24h' | 'reminder_2h'>;
  /** the message's key (its delivery status is kept under it) */
  key: string;
  sent_at: number;
  appointment_id: number | null;
}

/**
 * The texts sent to the client about this salon, newest first: found by the idempotency keys the
 * product sends them under (worker/api/bookings.ts `verify-{appointment}`, invite-notices.ts
 * `invite-{id}-invited` and `invite-{id}-reminded-{at}`, admin-rebooking.ts `rebooking-link-{ref}`),
 * each an exact key or a key range, so every lookup is by sent_messages' primary key.
 */
export async function messagesOfClient(db: D1Database, salonId: number, key: string): Promise<ClientMessageRow[]> {
  const { results } = await db
    .prepare(
      `WITH ${BOOKED},
       mine AS (SELECT i.id, i.appointment_id FROM invites i
                 WHERE i.salon_id = ?1 AND (i.client_id = ?2 OR (i.client_id IS NULL AND i.client_phone = ?2)))
       SELECT 'booking_verification' AS kind, m.key, m.sent_at, b.appointment_id FROM booked b
         JOIN sent_messages m ON m.key = 'verify-' || b.appointment_id WHERE b.k = ?2
       UNION ALL
       -- the desk's texts about an appointment (api/console/desk.ts): appt-{id}-booked, -cancelled, -moved-{start}, -no-show-link-{n}
       SELECT CASE WHEN m.key = 'appt-' || b.appointment_id || '-booked' THEN 'booked'
                   WHEN m.key = 'appt-' || b.appointment_id || '-cancelled' THEN 'cancelled'
                   WHEN m.key GLOB 'appt-' || b.appointment_id || '-moved-*' THEN 'moved'
                   ELSE 'no_show_fee_link' END,
              m.key, m.sent_at, b.appointment_id FROM booked b
         JOIN sent_messages m ON m.key > 'appt-' || b.appointment_id || '-' AND m.key < 'appt-' || b.appointment_id || '.'
        WHERE b.k = ?2
       UNION ALL
       SELECT 'deposit_request', m.key, m.sent_at, i.appointment_id FROM mine i JOIN sent_messages m ON m.key = 'invite-' || i.id || '-invited'
       UNION ALL
       SELECT 'deposit_reminder', m.key, m.sent_at, i.appointment_id FROM mine i
         JOIN sent_messages m ON m.key > 'invite-' || i.id || '-reminded-' AND m.key < 'invite-' || i.id || '-reminded.'
       UNION ALL
       SELECT 'rebooking_link', m.key, m.sent_at, NULL FROM rebooking_links l
         JOIN sent_messages m ON m.key = 'rebooking-link-' || substr(l.urlhash_sha256, 1, 24)
        WHERE l.salon_id = ?1 AND l.client_id = ?2
       ORDER BY sent_at DESC LIMIT 100`,
    )
    .bind(salonId, key)
    .all<ClientMessageRow>();
  return results;
}

export interface ImportedDetailsRow {
  email: string | null;
  landline: string | null;
  birthday: string | null;
  blocked: number;
}

/** What an import brought about the client (docs/console/imports.md): by its key, or the phone an account has; null when nothing was imported. */
export const importedDetailsOf = (db: D1Database, salonId: number, key: string, phone: string | null) =>
  db
    .prepare(
      'SELECT email, landline, birthday, blocked FROM salon_clients WHERE salon_id = ?1 AND (key = ?2 OR key = ?3) ORDER BY key = ?2 DESC LIMIT 1',
    )
    .bind(salonId, key, phone)
    .first<ImportedDetailsRow>();

/**
 * Whether the salon holds this client (an account) blocked: an imported client marked Blocked
 * (docs/console/imports.md) keyed by the account's verified phone, or by its email for one
 * imported with an email only. One lookup by the salon_clients key.
 */
export async function isBlockedClient(db: D1Database, salonId: number, clientId: string): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT 1 FROM clients c JOIN salon_clients sc ON sc.salon_id = ?1 AND sc.key IN (c.phone, lower(c.email)) AND sc.blocked = 1
        WHERE c.id = ?2 LIMIT 1`,
    )
    .bind(salonId, clientId)
    .first();
  return row !== null;
}
