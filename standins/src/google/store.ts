/** The stand-in's tokens and received updates (migration 0015): every SQL statement of the Google stand-in. */
export const insertToken = (db: D1Database, token: string, email: string, expiresAt: number) =>
  db.prepare('INSERT INTO google_tokens (token, email, expires_at) VALUES (?, ?, ?)').bind(token, email, expiresAt).run();

export const tokenValid = async (db: D1Database, token: string, now: number) =>
  (await db.prepare('SELECT 1 FROM google_tokens WHERE token = ? AND expires_at > ?').bind(token, now).first()) !== null;

export const recordNotification = (
  db: D1Database,
  n: { kind: 'booking' | 'availability'; partnerId: string; path: string; body: unknown; now: number },
) =>
  db
    .prepare('INSERT INTO google_notifications (kind, partner_id, path, body, received_at) VALUES (?, ?, ?, ?, ?)')
    .bind(n.kind, n.partnerId, n.path, JSON.stringify(n.body), n.now)
    .run();

export interface NotificationRow {
  id: number;
  kind: string;
  partner_id: string;
  path: string;
  body: string;
  received_at: number;
}

export async function notifications(db: D1Database, kind: string | null): Promise<NotificationRow[]> {
  const q = kind
    ? db.prepare('SELECT * FROM google_notifications WHERE kind = ? ORDER BY id DESC LIMIT 500').bind(kind)
    : db.prepare('SELECT * FROM google_notifications ORDER BY id DESC LIMIT 500');
  return (await q.all<NotificationRow>()).results;
}
