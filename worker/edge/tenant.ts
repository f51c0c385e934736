import type { Context, MiddlewareHandler } from 'hono';
import { ID_DIGITS } from '../../shared/ids';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { hostName, shortSlugParam } from '../validate';
import { cachedJson } from './public-cache';

/** A salon or group id in a page path: a positive whole number. */
export const ID = new RegExp(`^${ID_DIGITS}$`);

/** The request's host name, lower-cased and without a port. */
export function hostOf(c: Context<AppEnv>): string {
  return (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase().replace(/:\d+$/, '');
}

/** Whether the request came to one of the platform's own hosts (not a salon's custom domain). */
export function isAppHost(c: Context<AppEnv>): boolean {
  return c.get('config').appHosts.includes(hostOf(c));
}

/**
 * What the staff reach only on the platform's own hosts, as the console's page (the console's API,
 * its sign-in): on a salon's own domain a 404, so that domain is the salon's booking site alone.
 */
export const appHostOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isAppHost(c)) throw new AppError('NOT_FOUND', 'Not found');
  await next();
};

/**
 * The salon a custom domain or short URL belongs to, asked of the API (embedded or upstream) and
 * cached under the tenancy version; null when the name is malformed or belongs to no salon.
 */
export async function salonIdFor(c: Context<AppEnv>, by: 'domain' | 'slug', raw: string): Promise<string | null> {
  const name = (by === 'domain' ? hostName : shortSlugParam).safeParse(raw);
  if (!name.success) return null; // the API would refuse it: no call
  const found = await cachedJson<{ id?: unknown }>(c, `book-online/salon/by-${by}/${name.data}/`);
  const id = String(found?.id);
  return ID.test(id) ? id : null;
}
