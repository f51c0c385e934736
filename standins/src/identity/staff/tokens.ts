import { base64url, randomBytes, sha256Hex } from '../bytes';
import { decodeJwt } from '../jwt';
import { REFRESH_TTL_MS, TOKEN_TTL_S } from '../pool';
import { sessionForRefreshToken } from '../sessions';
import { authenticateAccessToken, issuePoolTokens, type AccessTokenPool } from '../tokens';
import { STAFF_POOL } from './pool';
import type { StaffUserRow } from './users';

interface StaffSession {
  origin_jti: string;
  sub: string;
  auth_time: number;
}

/** Opens a session at sign-in: its refresh token is answered once and stored only hashed. */
export async function startStaffSession(db: D1Database, sub: string, now: number) {
  const refreshToken = base64url(randomBytes(48));
  const session: StaffSession = { origin_jti: crypto.randomUUID(), sub, auth_time: now };
  await db
    .prepare('INSERT INTO staff_sessions (origin_jti, sub, refresh_token_hash, auth_time, expires_at) VALUES (?, ?, ?, ?, ?)')
    .bind(session.origin_jti, sub, await sha256Hex(refreshToken), now, now + REFRESH_TTL_MS)
    .run();
  return { session, refreshToken };
}

/** The live session of a refresh token, or NotAuthorizedException with Cognito's reason. */
export const staffSessionOf = (db: D1Database, refreshToken: string, now: number) =>
  sessionForRefreshToken(db, refreshToken, now, 'staff_sessions');

const STAFF_POOL_TOKENS: AccessTokenPool = {
  issuer: STAFF_POOL.issuer,
  clientId: STAFF_POOL.clientId,
  sessions: 'staff_sessions',
  accessTokens: 'staff_access_tokens',
};

/** The ID and access tokens of a staff session, with Cognito's claims for an email sign-in pool. */
export async function issueStaffTokens(db: D1Database, user: StaffUserRow, session: StaffSession, now: number) {
  const tokens = await issuePoolTokens(
    db,
    STAFF_POOL_TOKENS,
    user.sub,
    session,
    { email: user.email, email_verified: true, ...(user.name !== null ? { name: user.name } : {}) },
    now,
  );
  return { AccessToken: tokens.AccessToken, IdToken: tokens.IdToken, ExpiresIn: TOKEN_TTL_S, TokenType: 'Bearer' };
}

/** Checks a staff access token as Cognito does (signature, issuer, client, expiry, session not revoked); its sub. */
export const authenticateStaffToken = (db: D1Database, token: string, now: number) =>
  authenticateAccessToken(db, token, now, STAFF_POOL_TOKENS);

/** The app client a token names, read without trusting it: only to route the call to its pool. */
export function clientIdOfToken(token: unknown): string | null {
  if (typeof token !== 'string') return null;
  const claims = decodeJwt(token)?.claims;
  const id = claims?.client_id ?? claims?.aud;
  return typeof id === 'string' ? id : null;
}
