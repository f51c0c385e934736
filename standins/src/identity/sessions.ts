import { base64url, randomBytes, sha256Hex } from './bytes';
import { MSG, notAuthorized } from './cognito-error';
import { REFRESH_TTL_MS } from './pool';
import type { AccessTokenPool } from './tokens';

/**
 * A sign-in session: its refresh token (a random opaque string, stored only as its SHA-256),
 * and the origin_jti that its ID tokens carry and its access tokens are registered under, so
 * revoking the refresh token revokes the access tokens it produced (as RevokeToken does on Cognito).
 */
export interface Session {
  origin_jti: string;
  sub: string;
  /** epoch ms of the sign-in */
  auth_time: number;
  expires_at: number;
  revoked_at: number | null;
}

/** Opens a session at sign-in; the refresh token itself is returned once and never stored. */
export async function startSession(db: D1Database, sub: string, now: number) {
  const refreshToken = base64url(randomBytes(48));
  const session: Session = { origin_jti: crypto.randomUUID(), sub, auth_time: now, expires_at: now + REFRESH_TTL_MS, revoked_at: null };
  await db.batch([
    db
      .prepare(
        'INSERT INTO idp_sessions (origin_jti, sub, refresh_token_hash, auth_time, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .bind(session.origin_jti, sub, await sha256Hex(refreshToken), now, now, session.expires_at),
    // Long-dead sessions are of no use to anyone.
    db.prepare('DELETE FROM idp_sessions WHERE expires_at < ?').bind(now - 24 * 3600_000),
  ]);
  return { session, refreshToken };
}

/** The live session of a refresh token (in the clients' pool, or `sessions` of another), or NotAuthorizedException with Cognito's reason. */
export async function sessionForRefreshToken(
  db: D1Database,
  refreshToken: string,
  now: number,
  sessions: AccessTokenPool['sessions'] = 'idp_sessions',
): Promise<Session> {
  const session = await db
    .prepare(`SELECT origin_jti, sub, auth_time, expires_at, revoked_at FROM ${sessions} WHERE refresh_token_hash = ?`)
    .bind(await sha256Hex(refreshToken))
    .first<Session>();
  if (!session) throw notAuthorized(MSG.refreshInvalid);
  if (session.revoked_at !== null) throw notAuthorized(MSG.refreshRevoked);
  if (session.expires_at <= now) throw notAuthorized(MSG.refreshExpired);
  return session;
}

/** Revokes one refresh token (unknown tokens are ignored, as RFC 7009 revocation does). */
export async function revokeRefreshToken(db: D1Database, refreshToken: string, now: number): Promise<void> {
  await db
    .prepare('UPDATE idp_sessions SET revoked_at = ? WHERE refresh_token_hash = ? AND revoked_at IS NULL')
    .bind(now, await sha256Hex(refreshToken))
    .run();
}

/** Revokes every session of a user (after a password reset). */
export const revokeSessionsStatement = (db: D1Database, sub: string, now: number) =>
  db.prepare('UPDATE idp_sessions SET revoked_at = ? WHERE sub = ? AND revoked_at IS NULL').bind(now, sub);
