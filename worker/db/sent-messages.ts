/** The provider's id of a message already sent under this idempotency key, or null. */
export async function sentMessageId(db: D1Database, key: string): Promise<string | null> {
  const row = await db.prepare('SELECT provider_id FROM sent_messages WHERE key = ?').bind(key).first<{ provider_id: string }>();
  return row?.provider_id ?? null;
}

/** Records a sent message by its key (a second record of the same key keeps the first). */
export async function recordSentMessage(db: D1Database, key: string, providerId: string, now: number): Promise<void> {
  await db
    .prepare('INSERT INTO sent_messages (key, provider_id, sent_at) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING')
    .bind(key, providerId, now)
    .run();
}
