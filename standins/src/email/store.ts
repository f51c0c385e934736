/** The emails the Resend stand-in "sent" (table resend_emails, standins/migrations/0004). */
export interface StoredEmail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  reply_to: string[] | null;
  created_at: number;
}

interface EmailRow {
  id: string;
  fingerprint: string;
  from_address: string;
  to_addresses: string;
  subject: string;
  html: string | null;
  text: string | null;
  reply_to: string | null;
  created_at: number;
}

const COLUMNS = 'id, fingerprint, from_address, to_addresses, subject, html, text, reply_to, created_at';

const toEmail = (r: EmailRow): StoredEmail => ({
  id: r.id,
  from: r.from_address,
  to: JSON.parse(r.to_addresses) as string[],
  subject: r.subject,
  html: r.html,
  text: r.text,
  reply_to: r.reply_to === null ? null : (JSON.parse(r.reply_to) as string[]),
  created_at: r.created_at,
});

/** What a POST stored: a new email, or the first one sent with the same Idempotency-Key. */
export type Inserted = { email: StoredEmail; replay: false } | { email: StoredEmail; replay: true; sameBody: boolean };

/**
 * Stores an email, or (the same Idempotency-Key again) answers the first one with that key and
 * stores nothing: the key's UNIQUE constraint decides, not a read-then-write.
 */
export async function insertEmail(
  db: D1Database,
  email: StoredEmail,
  idempotencyKey: string | null,
  fingerprint: string,
): Promise<Inserted> {
  const { meta } = await db
    .prepare(
      `INSERT INTO resend_emails (idempotency_key, ${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (idempotency_key) DO NOTHING`,
    )
    .bind(
      idempotencyKey,
      email.id,
      fingerprint,
      email.from,
      JSON.stringify(email.to),
      email.subject,
      email.html,
      email.text,
      email.reply_to === null ? null : JSON.stringify(email.reply_to),
      email.created_at,
    )
    .run();
  if (meta.changes > 0 || idempotencyKey === null) return { email, replay: false };
  const first = await db.prepare(`SELECT ${COLUMNS} FROM resend_emails WHERE idempotency_key = ?`).bind(idempotencyKey).first<EmailRow>();
  if (!first) throw new Error('The email of an idempotency key is missing');
  return { email: toEmail(first), replay: true, sameBody: first.fingerprint === fingerprint };
}

/** The newest emails first; with `to`, only those sent to that address (alone or as `Name <address>`). */
export async function recentEmails(db: D1Database, limit: number, to?: string): Promise<StoredEmail[]> {
  const where = to
    ? `WHERE EXISTS (SELECT 1 FROM json_each(to_addresses) WHERE lower(value) = lower(?1) OR instr(lower(value), '<' || lower(?1) || '>') > 0)`
    : 'WHERE ?1 IS NULL';
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM resend_emails ${where} ORDER BY created_at DESC, rowid DESC LIMIT ?2`)
    .bind(to ?? null, limit)
    .all<EmailRow>();
  return results.map(toEmail);
}
