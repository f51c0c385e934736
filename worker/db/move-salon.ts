import * as z from 'zod';
import { claimRange, keepFloors } from './ids';
import { bindingName, databaseOf, endMove, markMoving, placeSalon, placementOf, type BindingName } from './placement';
import { SALON_TABLES, type SalonTable } from './salon-rows';

/**
 * Moves one salon's rows to another database (docs/scale.md, "Moving a salon"):
 *
 * 1. mark the salon as moving in the directory: its calls answer 503 (try again in a minute);
 * 2. wait out the directory's lease, so no isolate still writes to the old database;
 * 3. copy every row of the salon (db/salon-rows.ts), and the group, clients and staff they
 *    name where the target lacks them;
 * 4. verify: each of the salon's own tables counts the same rows in both databases;
 * 5. switch the directory to the new database (the move ends: calls are served from there);
 * 6. remove the salon's own rows from the old database.
 *
 * A failure before the switch removes what was copied and leaves the salon where it was. The
 * salon's rows keep their ids: each database makes ids from a range of its own (db/ids.ts; the
 * target takes its range on the first move into it), and a database a salon leaves keeps its next
 * ids as floors, so the ids are free in the target. Rows a database made before it had a range
 * may still clash: that fails the copy, safely.
 */
export interface MoveOptions {
  /** an object with the D1 bindings (the Worker's env, or wrangler's platform proxy) */
  env: object;
  salonId: number;
  to: BindingName;
  /** the directory lease of the Worker (VERSION_LEASE_MS): waited out after the mark */
  leaseMs: number;
  now?: () => number;
  log?: (line: string) => void;
}

export interface MoveReport {
  salonId: number;
  from: BindingName;
  to: BindingName;
  /** rows of each of the salon's own tables, as counted in both databases */
  counts: Record<string, number>;
}

/**
 * A move refused for what the databases hold, not for a failure of D1: the salon is not where the
 * directory says (`missing`), or is there already, is being moved, or its rows meet rows of the
 * target (`conflict`). Nothing is left changed.
 */
export class MoveRefused extends Error {
  constructor(
    message: string,
    readonly kind: 'missing' | 'conflict',
  ) {
    super(message);
  }
}

export const moveRequest = z.object({ salonId: z.number().int().positive(), to: bindingName });

/** JSON of one page of rows stays well under D1's limits on a statement and its parameters. */
const PAGE_ROWS = 500;
const MAX_JSON = 90_000;

export async function moveSalon(o: MoveOptions): Promise<MoveReport> {
  const { salonId, to } = moveRequest.parse({ salonId: o.salonId, to: o.to });
  const log = o.log ?? (() => {});
  const now = o.now ?? Date.now;
  const directory = databaseOf(o.env, 'DB');
  const { binding: from } = await placementOf(directory, salonId, 0);
  if (from === to) throw new MoveRefused(`Salon ${salonId} is already in ${to}`, 'conflict');
  const source = databaseOf(o.env, from);
  const target = databaseOf(o.env, to);
  await claimRange(target, to).catch((e: unknown) => {
    throw new MoveRefused(e instanceof Error ? e.message : String(e), 'conflict');
  });
  const salon = await source.prepare('SELECT group_id FROM salons WHERE id = ?').bind(salonId).first<{ group_id: number | null }>();
  if (!salon) throw new MoveRefused(`Salon ${salonId} is not in ${from}`, 'missing');
  if (!(await markMoving(directory, salonId, from, salon.group_id, now())))
    throw new MoveRefused(`Salon ${salonId} is already being moved`, 'conflict');
  log(`salon ${salonId}: moving from ${from} to ${to}; waiting ${o.leaseMs + 100} ms for every isolate to see it`);
  try {
    await new Promise((resolve) => setTimeout(resolve, o.leaseMs + 100));
    for (const t of SALON_TABLES)
      log(`  ${t.table}${t.kind === 'shared' ? ' (shared)' : ''}: ${await copyRows(source, target, t, salonId)} copied`);
    const counts = await verify(source, target, salonId);
    await placeSalon(directory, salonId, to, salon.group_id);
    log(`salon ${salonId}: the directory now names ${to}; removing its rows from ${from}`);
    await removeRows(source, salonId);
    return { salonId, from, to, counts };
  } catch (e) {
    const placed = await placementOf(directory, salonId, 0);
    if (placed.binding === from) {
      await removeRows(target, salonId).catch(() => {});
      await endMove(directory, salonId);
    }
    throw e;
  }
}

async function copyRows(source: D1Database, target: D1Database, t: SalonTable, salonId: number): Promise<number> {
  let copied = 0;
  for (let offset = 0; ; offset += PAGE_ROWS) {
    const { results } = await source
      .prepare(`SELECT * FROM ${t.table} WHERE ${t.rows} ORDER BY ${t.order ?? 'rowid'} LIMIT ${PAGE_ROWS} OFFSET ?2`)
      .bind(salonId, offset)
      .all<Record<string, unknown>>();
    if (results.length === 0) return copied;
    const columns = Object.keys(results[0]!);
    const insert = `INSERT ${t.kind === 'shared' ? 'OR IGNORE ' : ''}INTO ${t.table} (${columns.map((c) => `"${c}"`).join(', ')})
      SELECT ${columns.map((c) => `value ->> '$."${c}"'`).join(', ')} FROM json_each(?1)`;
    const parts = chunks(results).map((rows) => JSON.stringify(rows));
    await target
      .batch([target.prepare('PRAGMA defer_foreign_keys = on'), ...parts.map((rows) => target.prepare(insert).bind(rows))])
      .catch((e: unknown) => {
        if (!/UNIQUE constraint failed/.test(String(e))) throw e;
        throw new MoveRefused(`${t.table}: a row of salon ${salonId} has an id or key the target already uses (${String(e)})`, 'conflict');
      });
    if (t.same) await checkSame(target, t.table, t.same, parts);
    copied += results.length;
    if (results.length < PAGE_ROWS) return copied;
  }
}

/** Throws unless every shared row copied (or found already there) is the same thing in the target by `same`. */
async function checkSame(target: D1Database, table: string, same: string[], parts: string[]) {
  const match = same.map((c) => `t."${c}" IS j.value ->> '$."${c}"'`).join(' AND ');
  for (const rows of parts) {
    const missing = await target
      .prepare(`SELECT count(*) AS n FROM json_each(?1) j WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE ${match})`)
      .bind(rows)
      .first<{ n: number }>();
    if (missing?.n)
      throw new MoveRefused(`${missing.n} ${table} rows of the target have the ids of other ones (${same.join(', ')} differ)`, 'conflict');
  }
}

/** Rows split so that each part's JSON stays under MAX_JSON characters. */
function chunks(rows: Record<string, unknown>[]): Record<string, unknown>[][] {
  const out: Record<string, unknown>[][] = [[]];
  let size = 0;
  for (const row of rows) {
    const length = JSON.stringify(row).length;
    if (size + length > MAX_JSON && out[out.length - 1]!.length) {
      out.push([]);
      size = 0;
    }
    out[out.length - 1]!.push(row);
    size += length;
  }
  return out;
}

const count = (db: D1Database, t: SalonTable, salonId: number) =>
  db.prepare(`SELECT count(*) AS n FROM ${t.table} WHERE ${t.rows}`).bind(salonId);

/** The salon's own rows, counted in both databases; throws when any table differs. */
async function verify(source: D1Database, target: D1Database, salonId: number): Promise<Record<string, number>> {
  const own = SALON_TABLES.filter((t) => t.kind === 'own');
  const [a, b] = await Promise.all([source, target].map((db) => db.batch<{ n: number }>(own.map((t) => count(db, t, salonId)))));
  const counts: Record<string, number> = {};
  own.forEach((t, i) => {
    const n = a![i]!.results[0]!.n;
    const m = b![i]!.results[0]!.n;
    if (n !== m) throw new MoveRefused(`Salon ${salonId}: ${t.table} has ${n} rows in the source and ${m} in the copy`, 'conflict');
    counts[t.table] = (counts[t.table] ?? 0) + n;
  });
  return counts;
}

/** The salons the directory places outside DB (for scripts: their rows in DB are stale copies). */
export async function salonsOutsideDb(env: object): Promise<number[]> {
  const { results } = await databaseOf(env, 'DB')
    .prepare("SELECT salon_id FROM salon_placements WHERE binding <> 'DB' ORDER BY salon_id")
    .all<{ salon_id: number }>();
  return results.map((r) => r.salon_id);
}

/** Where the directory places a salon now (for scripts: the binding's name). */
export const placedIn = async (env: object, salonId: number) => (await placementOf(databaseOf(env, 'DB'), salonId, 0)).binding;

/**
 * Deletes the salon's own rows from `db` (children first), in one batch: the move's last step,
 * and what `npm start` runs when its idempotent demo seed has put a moved salon's rows back in DB.
 */
export async function removeSalonRows(db: D1Database, salonId: number): Promise<void> {
  await removeRows(db, salonId);
}

async function removeRows(db: D1Database, salonId: number): Promise<void> {
  const own = SALON_TABLES.filter((t) => t.kind === 'own').reverse();
  await db.batch([
    db.prepare('PRAGMA defer_foreign_keys = on'),
    ...keepFloors(db),
    ...own.map((t) => db.prepare(`DELETE FROM ${t.table} WHERE ${t.rows}`).bind(salonId)),
  ]);
}
