import { directoryOf } from './placement';
import type { DeliveryStatus } from '../../shared/console/reminders';

/**
 * What became of each message, by its key (migration 0020). The status only moves forward
 * (queued → sent → delivered, or failed/bounced), whatever order the providers' callbacks come in.
 */

export interface NewDelivery {
  key: string;
  channel: 'sms' | 'email';
  salonId: number;
  clientId: string | null;
  appointmentId: number;
  /** what the message is ('reminder-24h', 'reminder-2h') */
  what: string;
}

const ROWS_PER_INSERT = 12; // 8 values a row, at most 100 a statement
/** How far on a status is (failed and bounced are as far as it goes), in SQL. */
const rankOf = (status: string) => `CASE ${status} WHEN 'queued' THEN 0 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 ELSE 3 END`;
const RANK = rankOf('status');
const RANK_OF_NEW = rankOf('?2');

/** The statements that record messages as queued (a key already there is left as it is). */
export function deliveryInserts(db: D1Database, rows: NewDelivery[], now: number): D1PreparedStatement[] {
  const parts = Array.from({ length: Math.ceil(rows.length / ROWS_PER_INSERT) }, (_, i) =>
    rows.slice(i * ROWS_PER_INSERT, (i + 1) * ROWS_PER_INSERT),
  );
  return parts.map((part) =>
    db
      .prepare(
        `INSERT INTO message_deliveries (key, channel, salon_id, client_id, appointment_id, what, created_at, updated_at)
         VALUES ${part.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')} ON CONFLICT (key) DO NOTHING`,
      )
      .bind(...part.flatMap((d) => [d.key, d.channel, d.salonId, d.clientId, d.appointmentId, d.what, now, now])),
  );
}

/**
 * The provider took the message: its id (Twilio's sid, Resend's email id), so that its callbacks
 * find it; a message not recorded yet (other than a reminder) gets its row here, with its salon.
 */
export async function recordProviderId(
  db: D1Database,
  d: { key: string; channel: 'sms' | 'email'; providerId: string; salonId: number | null; appointmentId: number | null; now: number },
) {
  await db
    .prepare(
      `INSERT INTO message_deliveries (key, channel, provider_id, salon_id, appointment_id, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)
       ON CONFLICT (key) DO UPDATE SET provider_id = COALESCE(message_deliveries.provider_id, excluded.provider_id),
         salon_id = COALESCE(message_deliveries.salon_id, excluded.salon_id),
         appointment_id = COALESCE(message_deliveries.appointment_id, excluded.appointment_id)`,
    )
    .bind(d.key, d.channel, d.providerId, d.salonId, d.appointmentId, d.now)
    .run();
}

/**
 * A text's status from Twilio's signed callback, by the key its StatusCallback names: recorded
 * even when the callback comes before the send was (the row is made here then, and the sender's
 * record fills in its salon), and only when it is further on than the one there.
 */
export async function recordTextStatus(
  db: D1Database,
  u: { key: string; providerId: string; status: DeliveryStatus; errorCode: string | null; now: number },
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO message_deliveries (key, channel, provider_id, status, error_code, created_at, updated_at)
       VALUES (?1, 'sms', ?5, ?2, ?3, ?4, ?4)
       ON CONFLICT (key) DO UPDATE SET status = excluded.status, error_code = COALESCE(excluded.error_code, message_deliveries.error_code),
         updated_at = excluded.updated_at, provider_id = COALESCE(message_deliveries.provider_id, excluded.provider_id)
       WHERE ${rankOf('message_deliveries.status')} < ${RANK_OF_NEW}`,
    )
    .bind(u.key, u.status, u.errorCode, u.now, u.providerId)
    .run();
}

/** A message the provider refused for good (an invalid number or address): failed, with the provider's status and code. */
export async function recordRefused(
  db: D1Database,
  d: { key: string; channel: 'sms' | 'email'; salonId: number | null; appointmentId: number | null; code: string; now: number },
) {
  await db
    .prepare(
      `INSERT INTO message_deliveries (key, channel, salon_id, appointment_id, status, error_code, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, 'failed', ?5, ?6, ?6)
       ON CONFLICT (key) DO UPDATE SET status = 'failed', error_code = excluded.error_code, updated_at = excluded.updated_at`,
    )
    .bind(d.key, d.channel, d.salonId, d.appointmentId, d.code.slice(0, 60), d.now)
    .run();
}

/**
 * An email's status from Resend's signed webhook, by Resend's email id: recorded only when it is
 * further on than the one there. True when it changed something.
 */
export async function recordEmailStatus(
  db: D1Database,
  u: { providerId: string; status: DeliveryStatus; errorCode: string | null; now: number },
): Promise<boolean> {
  const { meta } = await db
    .prepare(
      `UPDATE message_deliveries SET status = ?2, error_code = COALESCE(?3, error_code), updated_at = ?4
        WHERE provider_id = ?1 AND ${RANK} < ${RANK_OF_NEW}`,
    )
    .bind(u.providerId, u.status, u.errorCode, u.now)
    .run();
  return meta.changes > 0;
}

export interface DeliveryRow {
  key: string;
  channel: 'sms' | 'email';
  appointment_id: number | null;
  client_id: string | null;
  what: string | null;
  status: DeliveryStatus;
  error_code: string | null;
  created_at: number;
  updated_at: number;
}
const COLUMNS = 'key, channel, appointment_id, client_id, what, status, error_code, created_at, updated_at';

export interface FailedDeliveryRow extends DeliveryRow {
  client_name: string | null;
  start_at: number | null;
}

/** The salon's messages that failed or bounced since an instant (Today), newest first, with whom and which appointment. */
export async function failedSince(db: D1Database, salonId: number, since: number) {
  const { results } = await db
    .prepare(
      `SELECT d.key, d.channel, d.appointment_id, d.client_id, d.what, d.status, d.error_code, d.created_at, d.updated_at,
              COALESCE(NULLIF(c.name, ''), a.client_name,
                       (SELECT trim(i.client_first_name || ' ' || i.client_last_name) FROM invites i
                         WHERE i.appointment_id = d.appointment_id ORDER BY i.id DESC LIMIT 1)) AS client_name, a.start_at
         FROM message_deliveries d
         LEFT JOIN appointments a ON a.id = d.appointment_id
         LEFT JOIN clients c ON c.id = d.client_id
        WHERE d.salon_id = ? AND d.status IN ('failed', 'bounced') AND d.updated_at >= ? ORDER BY d.updated_at DESC LIMIT 100`,
    )
    .bind(salonId, since)
    .all<FailedDeliveryRow>();
  return results;
}

/** The reminders sent to a client of this salon, newest first. */
export async function deliveriesOfClient(db: D1Database, salonId: number, clientId: string) {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM message_deliveries WHERE client_id = ? AND salon_id = ? ORDER BY created_at DESC LIMIT 100`)
    .bind(clientId, salonId)
    .all<DeliveryRow>();
  return results;
}

/** The reminders of an appointment (other texts about it are found through sent_messages' keys), oldest first. */
export async function deliveriesOfAppointment(db: D1Database, appointmentId: number) {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM message_deliveries WHERE appointment_id = ? AND what IS NOT NULL ORDER BY created_at`)
    .bind(appointmentId)
    .all<DeliveryRow>();
  return results;
}

/** The statuses of messages by key (the texts sent_messages records), for the views that list them. */
export async function statusesOfKeys(db: D1Database, keys: string[]): Promise<Map<string, DeliveryStatus>> {
  if (keys.length === 0) return new Map();
  const { results } = await db
    .prepare(`SELECT key, status FROM message_deliveries WHERE key IN (SELECT value FROM json_each(?))`)
    .bind(JSON.stringify(keys))
    .all<{ key: string; status: DeliveryStatus }>();
  return new Map(results.map((r) => [r.key, r.status]));
}

/**
 * Names the salon of an email Resend took, in the first database (email_salons), when the salon
 * is placed elsewhere: Resend's webhooks name only its id. A salon in the first database needs none.
 */
export async function indexEmailSalon(db: D1Database, providerId: string, salonId: number, now: number) {
  const directory = directoryOf(db);
  if (directory === db) return;
  await directory
    .prepare('INSERT OR IGNORE INTO email_salons (provider_id, salon_id, created_at) VALUES (?, ?, ?)')
    .bind(providerId, salonId, now)
    .run();
}

/**
 * How long the first database remembers an email's salon: Resend's delivery events come within
 * minutes to days, and Svix retries a failed delivery for about a day. A later event finds no salon
 * and changes nothing (as for an email of a salon in the first database that has no row either).
 */
export const EMAIL_SALON_KEPT_MS = 30 * 24 * 3600_000;

/**
 * Forgets the salons of emails sent more than EMAIL_SALON_KEPT_MS before `now`, at most `limit` a
 * call (the Cron Trigger's run, every five minutes: far more than a day's emails an hour). Answers
 * how many it forgot. `directory`: the first database.
 */
export async function pruneEmailSalons(directory: D1Database, now: number, limit = 1000): Promise<number> {
  const done = await directory
    .prepare('DELETE FROM email_salons WHERE provider_id IN (SELECT provider_id FROM email_salons WHERE created_at < ? LIMIT ?)')
    .bind(now - EMAIL_SALON_KEPT_MS, limit)
    .run();
  return done.meta.changes ?? 0;
}

/** The salon of an email Resend names (null: an email of a salon in the first database). `directory`: the first database. */
export const salonOfEmail = async (directory: D1Database, providerId: string) =>
  (await directory.prepare('SELECT salon_id FROM email_salons WHERE provider_id = ?').bind(providerId).first<{ salon_id: number }>())
    ?.salon_id ?? null;
