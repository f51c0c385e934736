import { env } from 'cloudflare:test';
import { databaseOf, placementOf } from '../../worker/db/placement';
import { everyDatabase } from '../../worker/db/spanning';

/**
 * The database holding a salon's rows, as the directory places it: `DB`, or `DB_2` for demo
 * salon 2 when the file runs with TEST_DATABASES=2 (apply-migrations.ts) or moved it itself.
 * Tests that read or write a salon's rows directly go through this, never `env.DB` by name.
 */
export async function dbOf(salonId: number): Promise<D1Database> {
  return databaseOf(env, (await placementOf(env.DB, salonId, 0)).binding);
}

/** Every database, DB first (what the scheduled runs walk, and where a shared copy such as a client is kept). */
export const everyDb = (): D1Database[] => everyDatabase(env);

/** The database holding a stylist's row (and so its days off and hours). */
export async function dbOfStylist(stylistId: number): Promise<D1Database> {
  for (const db of everyDb()) if (await db.prepare('SELECT 1 FROM stylists WHERE id = ?').bind(stylistId).first()) return db;
  throw new Error(`no database holds stylist ${stylistId}`);
}

/**
 * Moves a booked appointment (starting at `startTime`) back in time so it started `hoursAgo`
 * hours ago, as one that has taken place (a no-show can be marked): its procedures with it, and
 * its stylists' blocks removed so the moved times hold no one's diary.
 */
export async function moveIntoPast(db: D1Database, id: number, startTime: string, hoursAgo: number): Promise<void> {
  const shift = Date.parse(startTime) - (Date.now() - hoursAgo * 3_600_000);
  await db.batch([
    db.prepare('UPDATE appointments SET start_at = start_at - ?1, end_at = end_at - ?1 WHERE id = ?2').bind(shift, id),
    db
      .prepare('UPDATE appointment_procedures SET start_at = start_at - ?1, end_at = end_at - ?1 WHERE appointment_id = ?2')
      .bind(shift, id),
    db.prepare('DELETE FROM stylist_blocks WHERE appointment_id = ?').bind(id),
  ]);
}
