import * as z from 'zod';

/**
 * The directory: which D1 database holds each salon's rows (docs/scale.md, "Salons across
 * databases"). The databases are the Worker's D1 bindings `DB`, `DB_2`, `DB_3`…; `DB` is the
 * first and holds the directory itself (salon_placements) and what spans salons. A salon with
 * no row lives in `DB`, so a deployment with one database needs no rows and no change.
 *
 * Each isolate keeps what it read for the settings lease (VERSION_LEASE_MS, 1 s): a move marks
 * the salon as moving, then waits out the lease before copying, so no isolate still writes to
 * the old database once the copy starts (scripts/move-salon.mjs).
 */
export const DIRECTORY_BINDING = 'DB';
const BINDING_NAME = /^DB(?:_[2-9]|_[1-9]\d{1,2})?$/;
export const bindingName = z.string().regex(BINDING_NAME, 'a D1 binding: DB, DB_2, DB_3…');
export type BindingName = z.infer<typeof bindingName>;

export interface Placement {
  binding: BindingName;
  /** set while the salon is being moved to another database (ms since the epoch) */
  movingSince: number | null;
}

/** per env object: its D1 bindings' names (every request opens a session on each: edge/d1-session.ts) */
const namesOf = new WeakMap<object, BindingName[]>();

/** The D1 bindings of this Worker, DB first: every binding named DB or DB_{n}. */
export function databaseNames(env: object): BindingName[] {
  const known = namesOf.get(env);
  if (known) return known;
  const names = Object.keys(env).filter((k) => BINDING_NAME.test(k) && isDatabase((env as Record<string, unknown>)[k])) as BindingName[];
  names.sort((a, b) => numberOf(a) - numberOf(b));
  namesOf.set(env, names);
  return names;
}

/** A binding's number: DB is 1, DB_k is k. */
export const numberOf = (binding: string) => (binding === DIRECTORY_BINDING ? 1 : Number(binding.slice(3)));
const isDatabase = (v: unknown): v is D1Database => typeof (v as D1Database | null)?.prepare === 'function';

/**
 * The database of a binding name (throws when this Worker has no such binding: the directory
 * names one it lacks). DB is always the first database, even in the API of a salon's call, whose
 * `DB` is the salon's own and `DIRECTORY` the first (edge/salon-database.ts).
 */
export function databaseOf(env: object, binding: BindingName): D1Database {
  const bindings = env as Record<string, unknown>;
  const db = binding === DIRECTORY_BINDING ? (bindings.DIRECTORY ?? bindings.DB) : bindings[binding];
  if (!isDatabase(db)) throw new Error(`The directory places a salon in ${binding}, a D1 binding this Worker does not have`);
  return db;
}

const DIRECTORY = Symbol('the directory database of a salon database');
type KnowsDirectory = D1Database & { [DIRECTORY]: D1Database };

/**
 * A salon's database that knows the first database (`directory`), so the rare query of what is
 * global (a client's saved card, the index's writes) finds it from any salon's call: see
 * directoryOf. A small object in the database's shape, each call passed on to `db` (as
 * db/session.ts makes a session one), so every query module keeps taking a `D1Database`.
 */
export function withDirectory(db: D1Database, directory: D1Database): D1Database {
  if (db === directory) return db;
  const known: KnowsDirectory = {
    [DIRECTORY]: directory,
    prepare: (sql) => db.prepare(sql),
    batch: <T>(statements: D1PreparedStatement[]) => db.batch<T>(statements),
    exec: (sql) => db.exec(sql),
    withSession: (start) => db.withSession(start),
    dump: () => db.dump(),
  };
  return known;
}

/** The first database (the directory and what is global) of a salon's database; itself when it is the first. */
export const directoryOf = (db: D1Database): D1Database => (db as Partial<KnowsDirectory>)[DIRECTORY] ?? db;

interface Read extends Placement {
  readAt: number;
}
const reads = new Map<number, Read>();
const MAX_SALONS = 20_000;

const IN_DB: Placement = { binding: DIRECTORY_BINDING, movingSince: null };

/**
 * Where `salonId`'s rows live for a Worker with these bindings: without a second database every
 * salon is in DB and the directory is not read at all (one database costs nothing more).
 */
export async function placementIn(env: object, salonId: number, leaseMs: number): Promise<Placement> {
  if (databaseNames(env).length < 2) return IN_DB;
  return placementOf(databaseOf(env, DIRECTORY_BINDING), salonId, leaseMs);
}

/** Where `salonId`'s rows live, read from the directory (`directory`: the DB binding or a session of it). */
export async function placementOf(directory: D1Database, salonId: number, leaseMs: number, now = Date.now()): Promise<Placement> {
  const last = reads.get(salonId);
  if (last && now >= last.readAt && now - last.readAt < leaseMs) return last;
  const row = await directory
    .prepare('SELECT binding, moving_since FROM salon_placements WHERE salon_id = ?')
    .bind(salonId)
    .first<{ binding: string; moving_since: number | null }>();
  const placement: Placement = {
    binding: row ? bindingName.parse(row.binding) : DIRECTORY_BINDING,
    movingSince: row?.moving_since ?? null,
  };
  if (leaseMs > 0) {
    if (!last && reads.size >= MAX_SALONS) reads.delete(reads.keys().next().value as number);
    reads.set(salonId, { ...placement, readAt: now });
  }
  return placement;
}

/**
 * The database of a salon (the first for none); throws `moving()` while the salon is being moved
 * (the caller retries: a queued message, or a call answered 503, api/salon-database.ts).
 */
export async function salonDatabaseOf(
  env: object,
  salonId: number | null,
  leaseMs: number,
  moving: (salonId: number) => Error = (id) => new Error(`salon ${id} is being moved`),
): Promise<D1Database> {
  const directory = databaseOf(env, DIRECTORY_BINDING);
  if (salonId === null) return directory;
  const placement = await placementIn(env, salonId, leaseMs);
  if (placement.movingSince !== null) throw moving(salonId);
  return withDirectory(databaseOf(env, placement.binding), directory);
}

/** Forgets this isolate's directory reads (tests that move salons underneath the Worker). */
export function forgetPlacements(): void {
  reads.clear();
}

/** Places a salon in `binding` (and indexes its group), ending any move. */
export const placeSalon = (directory: D1Database, salonId: number, binding: BindingName, groupId: number | null) =>
  directory
    .prepare(
      `INSERT INTO salon_placements (salon_id, binding, group_id, moving_since) VALUES (?1, ?2, ?3, NULL)
       ON CONFLICT (salon_id) DO UPDATE SET binding = excluded.binding, group_id = excluded.group_id, moving_since = NULL`,
    )
    .bind(salonId, binding, groupId)
    .run();

/** Marks a salon as moving (its calls answer 503 until placeSalon). False when it is already moving. */
export async function markMoving(directory: D1Database, salonId: number, from: BindingName, groupId: number | null, now: number) {
  const { meta } = await directory
    .prepare(
      `INSERT INTO salon_placements (salon_id, binding, group_id, moving_since) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (salon_id) DO UPDATE SET moving_since = excluded.moving_since WHERE moving_since IS NULL`,
    )
    .bind(salonId, from, groupId, now)
    .run();
  return meta.changes === 1;
}

/** Ends a move that failed: the salon stays where it was. */
export const endMove = (directory: D1Database, salonId: number) =>
  directory.prepare('UPDATE salon_placements SET moving_since = NULL WHERE salon_id = ?').bind(salonId).run();

/** The salons of a group the directory places outside DB (those in DB are found there by group_id). */
export async function placedGroupLocations(directory: D1Database, groupId: number) {
  const { results } = await directory
    .prepare("SELECT salon_id, binding FROM salon_placements WHERE group_id = ? AND binding <> 'DB' ORDER BY salon_id")
    .bind(groupId)
    .all<{ salon_id: number; binding: string }>();
  return results.map((r) => ({ salonId: r.salon_id, binding: bindingName.parse(r.binding) }));
}

/**
 * Salons a database takes before the next is used for new salons: half of what its writer serves
 * at the peak of docs/scale.md's capacity model (about 3,800), when the next database is due.
 */
export const NEW_SALONS_UP_TO = 1_900;

/**
 * Where a new salon is written (docs/scale.md "How salons are placed"): the newest database with
 * headroom, asked newest first; when every one is past its half, the newest still (and the
 * operator adds the next).
 */
export async function bindingForNewSalon(env: object, salonsIn: (db: D1Database) => Promise<number>): Promise<BindingName> {
  const names = databaseNames(env);
  for (const name of [...names].reverse()) {
    if ((await salonsIn(databaseOf(env, name))) < NEW_SALONS_UP_TO) return name;
  }
  return names.at(-1) ?? DIRECTORY_BINDING;
}
