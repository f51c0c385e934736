import { numberOf, type BindingName } from './placement';

/**
 * Ids across databases (docs/scale.md, "Ids across databases"). Each database makes the ids of
 * its tables from a range of its own: the first database (DB) 1 to 2^40 - 1, DB_k (k - 1) * 2^40
 * to k * 2^40 - 1 (at most DB_999, under 2^50: ids stay exact JavaScript numbers). A salon's rows
 * keep their ids when it moves, so a database may hold rows of several ranges; it makes new ids
 * only above the largest of its own range (and above its floor: the next id at the moment a salon
 * left it), never SQLite's "largest id + 1", which a row moved in from a higher range would push
 * into another database's range. Every INSERT of a row with an `id INTEGER PRIMARY KEY` therefore
 * names its id as `newId(table)` (tests/worker/ids.test.ts reads the Worker's source for one that
 * does not).
 *
 * The range is the database's own (migration 0026, `id_range`): none means the first database's;
 * a move writes the target's on the first move into it (`claimRange`).
 */
const SPAN = 2 ** 40;

/** The tables whose rows have an `id INTEGER PRIMARY KEY` that other rows and links name. */
export const ID_TABLES = [
  'salon_groups',
  'salons',
  'service_categories',
  'services',
  'stylists',
  'staff',
  'appointments',
  'appointment_procedures',
  'invites',
  'vouchers',
  'voucher_redemptions',
  'rebooking_clients',
  'settings_history',
  'api_keys',
  'client_notes',
  'imports',
  'time_off',
  'blocked_times',
  'sales',
  'sale_lines',
  'sale_payments',
  'refunds',
  'appointment_series',
] as const;
export type IdTable = (typeof ID_TABLES)[number];

export interface IdRange {
  lo: number;
  hi: number;
}

/** The range of ids a database binding makes. */
export function rangeOf(binding: BindingName): IdRange {
  const k = numberOf(binding);
  return { lo: k === 1 ? 1 : (k - 1) * SPAN, hi: k * SPAN - 1 };
}

const RANGE = `(SELECT ifnull((SELECT lo FROM id_range), 1) AS lo, ifnull((SELECT hi FROM id_range), ${SPAN - 1}) AS hi)`;

/**
 * SQL for the next id of `table` in the database the statement runs on: a scalar subquery to put
 * where the INSERT names the row's id. It reads the database's range, the table's floor and the
 * largest id in the range (one step of the primary key's b-tree, backwards), inside the INSERT's
 * own statement, so D1's single writer makes it atomic.
 */
export const newId = (table: IdTable): string =>
  `(SELECT max(r.lo, ifnull((SELECT f.next FROM id_floors f WHERE f.table_name = '${table}'), 0),
               ifnull((SELECT t.id FROM ${table} t WHERE t.id BETWEEN r.lo AND r.hi ORDER BY t.id DESC LIMIT 1), 0) + 1)
      FROM ${RANGE} r)`;

/**
 * SQL for the id an earlier INSERT of the same batch made with `newId(table)`: newId makes an id
 * above every other of the database's range, so it is the range's largest until the batch ends
 * (a D1 batch is one transaction).
 */
export const lastNewId = (table: IdTable): string =>
  `(SELECT t.id FROM ${table} t, ${RANGE} r WHERE t.id BETWEEN r.lo AND r.hi ORDER BY t.id DESC LIMIT 1)`;

/**
 * Statements that keep each table's next id as the database's floor: run before a salon's rows
 * are removed from it, so an id the salon takes with it is never made here again (the salon may
 * come back, and what links to it keeps naming it).
 */
export const keepFloors = (db: D1Database): D1PreparedStatement[] =>
  ID_TABLES.map((table) =>
    db.prepare(
      `INSERT INTO id_floors (table_name, next) VALUES ('${table}', ${newId(table)})
       ON CONFLICT (table_name) DO UPDATE SET next = max(next, excluded.next)`,
    ),
  );

/**
 * Gives `db` the range of its binding unless it has one (the first move into DB_k), and throws
 * when it holds another binding's range (bindings renamed: its ids would meet another's).
 */
export async function claimRange(db: D1Database, binding: BindingName): Promise<void> {
  const want = rangeOf(binding);
  if (binding !== 'DB')
    await db.prepare('INSERT INTO id_range (only, lo, hi) VALUES (1, ?, ?) ON CONFLICT (only) DO NOTHING').bind(want.lo, want.hi).run();
  const have = await db.prepare(`SELECT lo, hi FROM ${RANGE}`).first<IdRange>();
  if (have?.lo !== want.lo || have.hi !== want.hi)
    throw new Error(
      `${binding} makes ids from ${have?.lo} to ${have?.hi}, not ${binding}'s ${want.lo} to ${want.hi}: is it another binding's database?`,
    );
}
