import type { Context } from 'hono';
import { rowIdOf } from '../../shared/ids';
import { withBindings } from '../config';
import type { AppEnv, Env } from '../env';
import { databaseOfSalon } from '../api/salon-database';
import type { MatchedRoute } from './route-policy';

/**
 * The API call's databases (docs/scale.md, "Salons across databases"): a call for one salon
 * reads and writes that salon's database as `DB`, the one the directory names; `DIRECTORY` is
 * always the first database (the directory, and what spans salons: a client's cards, the index).
 * A call that names no salon keeps the first database as `DB`. The bindings are the request's
 * D1 sessions (edge/d1-session.ts), so each database keeps its own bookmark.
 */
export async function envForCall(c: Context<AppEnv>, route: MatchedRoute | null): Promise<Env> {
  const salonId = salonOfRoute(route);
  return salonId === null ? withBindings(c.env, { DIRECTORY: c.env.DB }) : envForSalon(c, salonId);
}

export async function envForSalon(c: Context<AppEnv>, salonId: number): Promise<Env> {
  const db = await databaseOfSalon(c.env, salonId, c.get('config').versionLeaseMs);
  return withBindings(c.env, { DB: db, DIRECTORY: c.env.DB });
}

/**
 * The salon a matched API route is for: its `:salonId` (every route naming a salon calls it so);
 * null when it names none. The operator's calls move salons between databases: they keep the
 * first database (the directory) as `DB`, whichever salon they name.
 */
export function salonOfRoute(route: MatchedRoute | null): number | null {
  if (!route || route.policy.caller === 'operator') return null;
  return rowIdOf(route.params.salonId);
}
