import { databaseNames, databaseOf, DIRECTORY_BINDING, directoryOf, placedGroupLocations, placementIn, withDirectory } from './placement';
import { placesOf } from './staff-salons';

/**
 * What spans salons, across databases (docs/scale.md, "Salons across databases"): the index in
 * the first database names the salons (a client's, a group's), the directory their databases,
 * and each database is asked once for its own.
 */

/** Records that a client has a booking at a salon (the index; idempotent). Run after the salon's own write. */
export const indexClientSalon = (db: D1Database, clientId: string, salonId: number) =>
  directoryOf(db).prepare('INSERT OR IGNORE INTO client_salons (client_id, salon_id) VALUES (?, ?)').bind(clientId, salonId).run();

/** Indexes every salon of `db` where the client has bookings (after claims of bookings made for its phone). */
export async function indexClientSalonsIn(db: D1Database, clientId: string) {
  const { results } = await db
    .prepare('SELECT DISTINCT salon_id FROM appointments WHERE client_id = ?')
    .bind(clientId)
    .all<{ salon_id: number }>();
  const directory = directoryOf(db);
  if (results.length)
    await directory.batch(
      results.map((r) =>
        directory.prepare('INSERT OR IGNORE INTO client_salons (client_id, salon_id) VALUES (?, ?)').bind(clientId, r.salon_id),
      ),
    );
}

/** The salons the index names for a client. */
export async function indexedSalonsOf(directory: D1Database, clientId: string): Promise<number[]> {
  const { results } = await directory
    .prepare('SELECT salon_id FROM client_salons WHERE client_id = ? ORDER BY salon_id')
    .bind(clientId)
    .all<{ salon_id: number }>();
  return results.map((r) => r.salon_id);
}

/** The salons, grouped by the database the directory places each in (`env`: the bindings, DB first). */
export async function databasesOfSalons(env: object, salonIds: number[], leaseMs: number): Promise<Map<D1Database, number[]>> {
  const out = new Map<D1Database, number[]>();
  for (const id of salonIds) {
    const db = databaseOf(env, (await placementIn(env, id, leaseMs)).binding);
    out.set(db, [...(out.get(db) ?? []), id]);
  }
  return out;
}

/** Every database (DB first), each knowing the first: for what concerns a client wherever it booked (its verified phone). */
export function everyDatabase(env: object): D1Database[] {
  const directory = databaseOf(env, DIRECTORY_BINDING);
  return databaseNames(env).map((name) => withDirectory(databaseOf(env, name), directory));
}

/**
 * The databases that hold a staff member's salons (DB first), as the staff index names them (its
 * salons' and groups' databases): what a console call that names no salon asks, instead of every
 * database. None for someone no salon has.
 */
export async function databasesOfStaff(env: object, sub: string, leaseMs: number): Promise<D1Database[]> {
  const directory = databaseOf(env, DIRECTORY_BINDING);
  const { salons, groups } = await placesOf(directory, sub);
  const found = new Set<D1Database>((await databasesOfSalons(env, salons, leaseMs)).keys());
  for (const group of groups) for (const db of await databasesOfGroup(env, group)) found.add(db);
  return databaseNames(env)
    .map((name) => databaseOf(env, name))
    .filter((db) => found.has(db))
    .map((db) => withDirectory(db, directory));
}

/** The databases that hold a group's locations: the first (its own locations, found there by group_id), then the others the index names. */
export async function databasesOfGroup(env: object, groupId: number): Promise<D1Database[]> {
  const directory = databaseOf(env, DIRECTORY_BINDING);
  if (databaseNames(env).length < 2) return [directory];
  const bindings = new Set((await placedGroupLocations(directory, groupId)).map((l) => l.binding));
  return [directory, ...[...bindings].map((b) => databaseOf(env, b))];
}
