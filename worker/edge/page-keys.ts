import type { Context } from 'hono';
import { base64url } from '../crypto';
import { consentFromCookies } from '../../shared/consent';
import type { AppEnv } from '../env';
import { rawPathOf, rawSearchOf } from './path-characters';

/**
 * What the server render of a first screen depends on beyond the page's data: the path and query
 * (a category filter, the links that carry the campaign), and the visitor's cookie choice (the
 * banner). Null when the page is not server-rendered: a salon's later screens (rendered in the
 * browser, which has the selection), or a query too long to be worth keeping a copy of.
 */
export function firstScreenOf(c: Context<AppEnv>, serverRendered: boolean) {
  const search = rawSearchOf(c.req.url);
  if (!serverRendered || search.length > 200) return null;
  const choice = consentFromCookies(c.req.header('Cookie'));
  const location = rawPathOf(c.req.url) + search;
  return { location, choice, key: `first:${choice ?? 'none'}:${locationKey(location)}` };
}

/**
 * A location in base64url, as the memo key has it (the key becomes the page's ETag, which keeps
 * only word characters, '.', '@', ':' and '-'), kept per isolate: a salon's page is asked for at
 * the same few locations again and again. At most LOCATION_KEYS, the oldest forgotten first.
 */
const locationKeys = new Map<string, string>();
const LOCATION_KEYS = 1000;
function locationKey(location: string): string {
  let key = locationKeys.get(location);
  if (key === undefined) {
    key = base64url(new TextEncoder().encode(location));
    if (locationKeys.size >= LOCATION_KEYS) locationKeys.delete(locationKeys.keys().next().value as string);
    locationKeys.set(location, key);
  }
  return key;
}

/**
 * A salon page's memo key (shell.ts: it becomes the page's ETag): the salon and its settings
 * version, the area's base path, and for the first screen, rendered at the edge, what the render
 * depends on and the quarter of an hour it was made in. The rendered screen says which day it is
 * and whether the salon is open now, so it is kept for that quarter (every timezone's day starts
 * on a UTC quarter-hour); the page's script says it afresh as soon as it runs.
 */
export function salonPageKey(c: Context<AppEnv>, rawId: string, basePath: string, version: string, now: Date) {
  // only the service selection, at the area's root, is rendered at the edge
  const first = firstScreenOf(c, c.req.path.replace(/\/$/, '') === basePath);
  const memoKey = `salon:${rawId}@${version}:${basePath || 'domain'}${first ? `:${first.key}:q${Math.floor(now.getTime() / 900_000)}` : ''}`;
  return { first, memoKey };
}
