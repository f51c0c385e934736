import type { ReminderChannel, ReminderKind } from '../../shared/console/reminders';

/** An upcoming appointment the cron may remind, with what its reminders need. */
export interface ReminderCandidate {
  id: number;
  salon_id: number;
  client_id: string | null;
  start_at: number;
  end_at: number;
  created_at: number;
  salon_name: string;
  salon_phone: string;
  timezone: string;
  reminder_24h: number;
  reminder_2h: number;
  reminder_channel: ReminderChannel;
  /** the client's verified phone, or the one the desk took down */
  phone: string | null;
  email: string | null;
  /** 1: the client opted out of this salon's texts */
  opted_out: number;
  /** the kinds already reminded for this start ('24h', '24h,2h'), or null */
  reminded: string | null;
  /** what a reply may do (docs/messaging.md "Replies"): the booking's status and the salon's cancellation rules */
  status: string;
  allow_self_cancellation: number;
  cancellation_window_hours: number;
}

/**
 * The appointments a client comes to that start in (from, to], at salons that remind, with the
 * reminders already made for their current start. One search of the appointments_to_remind index
 * (start_at, partial on the statuses a client comes to) across every salon; answers the rows and
 * the D1 rows read.
 */
export async function appointmentsToRemind(db: D1Database, q: { from: number; to: number }) {
  const { results, meta } = await db.prepare(APPOINTMENTS_TO_REMIND).bind(q.from, q.to).all<ReminderCandidate>();
  return { rows: results, rowsRead: meta.rows_read };
}

/** The cron's search (exported for its query plan: npm run bench:reminders). */
export const APPOINTMENTS_TO_REMIND = `SELECT a.id, a.salon_id, a.client_id, a.start_at, a.end_at, a.created_at, a.status,
              s.name AS salon_name, s.phone AS salon_phone, s.timezone, s.reminder_24h, s.reminder_2h, s.reminder_channel,
              s.allow_self_cancellation, s.cancellation_window_hours,
              COALESCE(c.phone, a.client_phone) AS phone, c.email,
              (EXISTS (SELECT 1 FROM marketing_opt_outs o
                        WHERE o.salon_id = a.salon_id AND o.client_id = a.client_id AND o.opted_out_at IS NOT NULL)
               OR EXISTS (SELECT 1 FROM text_opt_outs t WHERE t.salon_id = a.salon_id AND t.phone = COALESCE(c.phone, a.client_phone))) AS opted_out,
              (SELECT group_concat(r.kind) FROM reminders r WHERE r.appointment_id = a.id AND r.start_at = a.start_at) AS reminded
         FROM appointments a
         JOIN salons s ON s.id = a.salon_id
         LEFT JOIN clients c ON c.id = a.client_id
        WHERE a.status IN ('confirmed', 'unconfirmed') AND a.start_at > ?1 AND a.start_at <= ?2
          AND (s.reminder_24h = 1 OR s.reminder_2h = 1)`;

/** A reminder about to be made: the row that makes it once, and its link's hash. */
export interface NewReminder {
  appointmentId: number;
  startAt: number;
  kind: ReminderKind;
  salonId: number;
  clientId: string | null;
  linkSha256: string;
  expiresAt: number;
}

/** D1 binds at most 100 values a statement: 12 rows of 8. */
const ROWS_PER_INSERT = 12;
const chunks = <T>(list: T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/**
 * The statements that make these reminders, each once: a reminder already there (a second cron
 * run, two at once, or a redelivered batch) is skipped by the primary key, and each statement
 * answers the (appointment_id, kind) of the rows it really inserted.
 */
export function reminderInserts(db: D1Database, reminders: NewReminder[], now: number): D1PreparedStatement[] {
  return chunks(reminders, ROWS_PER_INSERT).map((part) =>
    db
      .prepare(
        `INSERT INTO reminders (appointment_id, start_at, kind, salon_id, client_id, link_sha256, expires_at, created_at)
         VALUES ${part.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
         ON CONFLICT DO NOTHING RETURNING appointment_id, start_at, kind`,
      )
      .bind(...part.flatMap((r) => [r.appointmentId, r.startAt, r.kind, r.salonId, r.clientId, r.linkSha256, r.expiresAt, now])),
  );
}

/** The reminder whose link has this hash, while its appointment has not ended. */
export const reminderOfLink = (db: D1Database, linkSha256: string, now: number) =>
  db
    .prepare('SELECT appointment_id, salon_id, client_id, expires_at FROM reminders WHERE link_sha256 = ? AND expires_at > ?')
    .bind(linkSha256, now)
    .first<{ appointment_id: number; salon_id: number; client_id: string | null; expires_at: number }>();
