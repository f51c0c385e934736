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
