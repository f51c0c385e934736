import type { Context } from 'hono';
import type { AppEnv, Env } from '../env';
import { AppError } from '../errors';
import { databaseOf, DIRECTORY_BINDING, placementIn, salonDatabaseOf } from '../db/placement';
import type { NameIndex } from '../names/claims';

/** 503 MOVING while a salon is being moved (scripts/move-salon.mjs): the client tries again. */
const moving = () => new AppError('MOVING', 'This salon is being updated for a moment. Please try again in a minute.');

/**
 * The database of one salon, as the directory places it (docs/scale.md, "Salons across
 * databases"): the one place a call finds a salon's database, whether the salon is named in its
 * path (the edge, edge/salon-database.ts) or in what it was given (a link's token, a payment's
 * metadata, a message's callback). `env`: the request's bindings (its D1 sessions); its `DB` may
 * be any salon's, the first database is found as `DIRECTORY` (or `DB` outside a salon's call).
 * 503 MOVING while the salon is being moved.
 */
export const databaseOfSalon = (env: Env, salonId: number, leaseMs: number): Promise<D1Database> =>
  salonDatabaseOf(env, salonId, leaseMs, moving);

/** The database of the salon a call learnt from what it was given (null: a token of before there were salon ids in tokens, the first database). */
export const salonDatabase = (c: Context<AppEnv>, salonId: number | null): Promise<D1Database> =>
  salonDatabaseOf(c.env, salonId, c.get('config').versionLeaseMs, moving);

/**
 * The name index as a call reaches it (worker/names/claims.ts): the first database, and each
 * holder's own database from a fresh read of the directory (not the isolate's lease: a lookup's
 * answer is cached until the names change, so it must not come from a database the salon has just
 * left), wherever the salon is while it is being moved (its rows stay there until the switch).
 */
export const nameIndex = (c: Context<AppEnv>): NameIndex => nameIndexOf(c.env, Date.now());

/** The name index from the Worker's bindings (the Cron Trigger's sweep, which has no request). */
export const nameIndexOf = (env: Env, now: number): NameIndex => ({
  directory: databaseOf(env, DIRECTORY_BINDING),
  databaseOf: async (salonId) => databaseOf(env, (await placementIn(env, salonId, 0)).binding),
  now,
});
