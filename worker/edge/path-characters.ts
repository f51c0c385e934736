import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { CONTROL_CHARACTERS as CONTROL } from '../../shared/typed-name';
import { AppError } from '../errors';

/**
 * Refuses a path with a control character in it, before any route (docs/abuse.md "Control
 * characters in paths"): NUL and the other C0 controls, DEL, the C1 controls, and the bidi
 * controls that reorder what a person reads (U+061C, U+200E/F, U+202A–E, U+2066–9). No route of
 * the house has one in a path, and a router or a database driver may drop one (a trailing %00 was
 * ignored, so `logo%00` changed the logo), so they are 400 whatever the route. A path whose
 * escapes are not UTF-8 is refused too: what it would decode to cannot be checked.
 */

/** a path of printable ASCII characters but '%' (none of them a control) */
const PLAIN = /^[!-$&-~]*$/;
/** runs of %XX escapes, decoded together (one character can take up to four) */
const ESCAPES = /(?:%[0-9a-f]{2})+/gi;

export const MSG_PATH_CONTROL = 'The address has a control character in it (such as %00 or %0A). Remove it and try again.';
export const MSG_PATH_ESCAPE = 'The address has a %-escape that is not UTF-8 text. Check the link and try again.';

/** What is wrong with a URL's path (as `URL.pathname` gives it: controls and non-ASCII escaped), or null. */
export function pathFault(pathname: string): string | null {
  // printable ASCII with no escape, as nearly every path is: nothing to decode, no control in it
  if (PLAIN.test(pathname)) return null;
  if (CONTROL.test(pathname)) return MSG_PATH_CONTROL;
  for (const [run] of pathname.matchAll(ESCAPES)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(run);
    } catch {
      return MSG_PATH_ESCAPE;
    }
    if (CONTROL.test(decoded)) return MSG_PATH_CONTROL;
  }
  return null;
}

/**
 * The path of a request's URL as `URL.pathname` gives it, without parsing the URL again: a
 * request's URL is already serialised (its controls and non-ASCII escaped) and has no fragment.
 */
export function rawPathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start === -1) return '/';
  const query = url.indexOf('?', start);
  return url.slice(start, query === -1 ? undefined : query);
}

/** The query of a request's URL with its '?' ('' when none), as `URL.search` gives it. */
export function rawSearchOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 || query === url.length - 1 ? '' : url.slice(query);
}

/** The edge's first check, for every route (worker/index.ts). */
export const refuseControlPaths: MiddlewareHandler<AppEnv> = async (c, next) => {
  const fault = pathFault(rawPathOf(c.req.url));
  if (fault) throw new AppError('BAD_REQUEST', fault);
  await next();
};
