import { base64url, randomBytes, sha256Hex } from '../bytes';
import { MSG, notAuthorized } from '../cognito-error';
import { decodeJwt, signJwt } from '../jwt';
import { ACCESS_SCOPE, REFRESH_TTL_MS, TOKEN_TTL_S } from '../pool';
import { privateKeyOf, signingKeys } from '../signing-keys';
import { authenticateAccessToken, type AccessTokenPool } from '../tokens';
import { STAFF_POOL } from './pool';
import type { StaffUserRow } from './users';

const seconds = (ms: number) => Math.floor(ms / 1000);

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
export async function staffSessionOf(db: D1Database, refreshToken: string, now: number): Promise<StaffSession> {
  const s = await db
    .prepare('SELECT origin_jti, sub, auth_time, expires_at, revoked_at FROM staff_sessions WHERE refresh_token_hash = ?')
    .bind(await sha256Hex(refreshToken))
    .first<StaffSession & { expires_at: number; revoked_at: number | null }>();
  if (!s) throw notAuthorized(MSG.refreshInvalid);
  if (s.revoked_at !== null) throw notAuthorized(MSG.refreshRevoked);
  if (s.expires_at <= now) throw notAuthorized(MSG.refreshExpired);
  return s;
}

/** The ID and access tokens of a staff session, with Cognito's claims for an email sign-in pool. */
export async function issueStaffTokens(db: D1Database, user: StaffUserRow, session: StaffSession, now: number) {
  const keys = await signingKeys(db);
  const iat = seconds(now);
  const exp = iat + TOKEN_TTL_S;
  const common = { sub: user.sub, iss: STAFF_POOL.issuer, auth_time: seconds(session.auth_time), exp, iat, origin_jti: session.origin_jti };
  const accessJti = crypto.randomUUID();
  const idClaims = {
    ...common,
    aud: STAFF_POOL.clientId,
    token_use: 'id',
    'cognito:username': user.sub,
    jti: crypto.randomUUID(),
    email: user.email,
    email_verified: true,
    ...(user.name !== null ? { name: user.name } : {}),
  };
  const accessClaims = {
    ...common,
    client_id: STAFF_POOL.clientId,
    token_use: 'access',
    scope: ACCESS_SCOPE,
    username: user.sub,
    jti: accessJti,
  };
  const [IdToken, AccessToken] = await Promise.all([
    signJwt(idClaims, await privateKeyOf(keys.id), keys.id.kid),
    signJwt(accessClaims, await privateKeyOf(keys.access), keys.access.kid),
  ]);
  await db.batch([
    db
      .prepare('INSERT INTO staff_access_tokens (jti, origin_jti, expires_at) VALUES (?, ?, ?)')
      .bind(accessJti, session.origin_jti, exp * 1000),
    db.prepare('DELETE FROM staff_access_tokens WHERE expires_at < ?').bind(now),
  ]);
  return { AccessToken, IdToken, ExpiresIn: TOKEN_TTL_S, TokenType: 'Bearer' };
}

const STAFF_POOL_TOKENS: AccessTokenPool = {
  issuer: STAFF_POOL.issuer,
  clientId: STAFF_POOL.clientId,
  sessionOfJti: `SELECT s.sub, s.revoked_at FROM staff_access_tokens t JOIN staff_sessions s ON s.origin_jti = t.origin_jti WHERE t.jti = ?1`,
};

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
