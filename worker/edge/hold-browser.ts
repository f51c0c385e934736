import type { Context } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import { randomBase64url, sha256Hex } from '../crypto';
import type { AppEnv } from '../env';

/**
 * The browser a hold belongs to (issue 16): a random HttpOnly cookie, sent only to /api/, that a
 * script cannot read, so a hold's id seen elsewhere (a log, a shared screen) gives nobody its
 * times. The edge passes its SHA-256 to the API as X-Hold-Browser (never taken from the caller);
 * it is an essential cookie: it only makes the hold the client asked for work.
 */
const NAME = 'hold_browser';
const OPTIONS = { prefix: 'host', httpOnly: true, secure: true, sameSite: 'Strict', path: '/', maxAge: 24 * 3600 } as const;
const VALUE = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (value: string) => sha256Hex(`hold-browser:${value}`);

/**
 * Puts the hashed hold browser of the request on the context (`holdBrowser`). A request that takes
 * a hold (its route says so: api/policy.ts) without one gets a new browser: the answer is the
 * Set-Cookie its response must carry.
 */
export async function identifyHoldBrowser(c: Context<AppEnv>, takesHold: boolean): Promise<string | null> {
  const value = getCookie(c, NAME, 'host');
  if (value && VALUE.test(value)) {
    c.set('holdBrowser', await hashOf(value));
    return null;
  }
  if (!takesHold) return null;
  const fresh = randomBase64url(32);
  c.set('holdBrowser', await hashOf(fresh));
  return generateCookie(NAME, fresh, OPTIONS);
}

/** The answer with the new hold cookie, when the request got one. */
export function withHoldCookie(res: Response, cookie: string | null): Response {
  if (!cookie) return res;
  const out = new Response(res.body, res);
  out.headers.append('Set-Cookie', cookie);
  return out;
}
