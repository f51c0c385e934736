/** Abuse counters (table throttle): fixed windows counted atomically in SQL. */

const countStatement = (db: D1Database, key: string, windowMs: number, now: number) =>
  db
    .prepare(
      `INSERT INTO throttle (key, count, window_start) VALUES (?1, 1, ?2)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN ?2 - window_start >= ?3 THEN 1 ELSE count + 1 END,
         window_start = CASE WHEN ?2 - window_start >= ?3 THEN ?2 ELSE window_start END
       RETURNING count`,
    )
    .bind(key, now, windowMs);

/**
 * Counts one use of each key and answers each count in its window (this use included). A window
 * starts at a key's first use and restarts at its first use after the window ends. Each key is
 * one statement, so two simultaneous uses get two different counts.
 */
export async function countUses(db: D1Database, keys: { key: string; windowMs: number }[], now: number): Promise<number[]> {
  const results = await db.batch<{ count: number }>(keys.map((k) => countStatement(db, k.key, k.windowMs, now)));
  return results.map((r) => r.results[0]?.count ?? Number.MAX_SAFE_INTEGER);
}

/** Forgets a key (a successful sign-in clears its phone's failures). */
export const forget = (db: D1Database, key: string) => db.prepare('DELETE FROM throttle WHERE key = ?').bind(key).run();

/** Deletes counters whose windows ended long ago (called now and then by the writers). */
export const pruneCounters = (db: D1Database, before: number) =>
  db.prepare('DELETE FROM throttle WHERE window_start < ?').bind(before).run();
