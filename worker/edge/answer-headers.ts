import type { Context } from 'hono';
import type { AppEnv } from '../env';

/**
 * Changes the headers of the request's answer. An answer of our own is changed in place, so its
 * body is left as it is (a page or JSON keeps its length); an answer whose headers are immutable
 * (one fetched, or read from the cache) is wrapped once in a new Response that takes the change.
 * Setting `c.res` to undefined first keeps Hono from wrapping it a second time to copy the old
 * answer's headers over.
 */
export function changeAnswerHeaders(c: Context<AppEnv>, change: (headers: Headers) => void): void {
  try {
    change(c.res.headers);
    return;
  } catch {
    // immutable headers: the first change threw before any took effect
  }
  const res = new Response(c.res.body, c.res);
  change(res.headers);
  c.res = undefined;
  c.res = res;
}
