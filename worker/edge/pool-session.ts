import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env';

/**
 * A session kept by the edge for one Cognito user pool (the clients' in session.ts, the staff's in
 * staff-session.ts): the browser holds the short-lived access and ID tokens in memory, and the
 * refresh token only in an httpOnly, Secure, SameSite=Strict `__Host-` cookie of the pool's own.
 */
export interface AuthResult {
  AccessToken: string;
  IdToken: string;
  ExpiresIn: number;
  RefreshToken?: string;
}

export interface SessionPool {
  /** the refresh token's cookie (without its __Host- prefix) */
  cookie: string;
  /** a call of the pool's Cognito endpoint with its app client */
  call: <T>(c: Context<AppEnv>, action: string, body: Record<string, unknown>) => Promise<T>;
  /** who signed in, answered beside the tokens ({user}, {me}); a Response instead refuses the session */
  who: (c: Context<AppEnv>, r: AuthResult) => Promise<Record<string, unknown> | Response>;
}

const COOKIE = { prefix: 'host', httpOnly: true, secure: true, sameSite: 'Strict', path: '/', maxAge: 30 * 24 * 3600 } as const;

/** The start, refresh and end of a pool's sessions. */
export function poolSession(pool: SessionPool) {
  const forget = (c: Context<AppEnv>) => deleteCookie(c, pool.cookie, COOKIE);

  /** The tokens and who signed in; the refresh token (new, or the one refreshed with) into the cookie. */
  async function start(c: Context<AppEnv>, r: AuthResult, refreshToken?: string): Promise<Response> {
    const who = await pool.who(c, r);
    if (who instanceof Response) {
      forget(c);
      return who;
    }
    const token = r.RefreshToken ?? refreshToken;
    if (token) setCookie(c, pool.cookie, token, COOKIE);
    c.header('Cache-Control', 'no-store');
    return c.json({ access_token: r.AccessToken, id_token: r.IdToken, expires_in: r.ExpiresIn, ...who });
  }

  /** POST …/refresh: new tokens from the cookie alone; no cookie is an ordinary 204 (a visitor), a refused one is forgotten. */
  async function refresh(c: Context<AppEnv>): Promise<Response> {
    const token = getCookie(c, pool.cookie, 'host');
    if (!token) return c.body(null, 204);
    try {
      const r = await pool.call<{ AuthenticationResult: AuthResult }>(c, 'InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: token },
      });
      return await start(c, r.AuthenticationResult, token);
    } catch (e) {
      forget(c);
      throw e;
    }
  }

  /** Revokes the cookie's refresh token (and the access tokens issued from it) and forgets the cookie. */
  async function end(c: Context<AppEnv>): Promise<void> {
    const token = getCookie(c, pool.cookie, 'host');
    if (token) await pool.call(c, 'RevokeToken', { Token: token }).catch(() => undefined);
    forget(c);
  }

  return { start, refresh, end };
}
