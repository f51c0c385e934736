import { MSG, notAuthorized } from './cognito-error';
import { decodeJwt, signJwt, verifySignature } from './jwt';
import { ACCESS_SCOPE, LOCAL_POOL, TOKEN_TTL_S } from './pool';
import type { Session } from './sessions';
import { privateKeyOf, publicKeyOf, signingKeys } from './signing-keys';
import type { UserRow } from './users';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The ID and access tokens of a session, with Cognito's claims; the access token's jti is registered. */
export async function issueTokens(db: D1Database, user: UserRow, session: Session, now: number) {
  const keys = await signingKeys(db);
  const iat = seconds(now);
  const exp = iat + TOKEN_TTL_S;
  const auth_time = seconds(session.auth_time);
  const idClaims = {
    sub: user.sub,
    aud: LOCAL_POOL.clientId,
    token_use: 'id',
    iss: LOCAL_POOL.issuer,
    'cognito:username': user.sub,
    auth_time,
    exp,
    iat,
    jti: crypto.randomUUID(),
    origin_jti: session.origin_jti,
    phone_number: user.phone_number,
    phone_number_verified: user.phone_number_verified === 1,
    ...(user.email !== null ? { email: user.email } : {}),
    ...(user.name !== null ? { name: user.name } : {}),
    ...(user.given_name !== null ? { given_name: user.given_name } : {}),
    ...(user.family_name !== null ? { family_name: user.family_name } : {}),
  };
  const accessJti = crypto.randomUUID();
  const accessClaims = {
    sub: user.sub,
    client_id: LOCAL_POOL.clientId,
    token_use: 'access',
    // Not in the brief's list, but every Cognito access token has it and verifiers require it.
    iss: LOCAL_POOL.issuer,
    scope: ACCESS_SCOPE,
    username: user.sub,
    auth_time,
    exp,
    iat,
    jti: accessJti,
    // As Cognito's: the session (refresh token) the token came from, which revocation names.
    origin_jti: session.origin_jti,
  };
  const [IdToken, AccessToken] = await Promise.all([
    signJwt(idClaims, await privateKeyOf(keys.id), keys.id.kid),
    signJwt(accessClaims, await privateKeyOf(keys.access), keys.access.kid),
  ]);
  await db.batch([
    db
      .prepare('INSERT INTO idp_access_tokens (jti, origin_jti, expires_at) VALUES (?, ?, ?)')
      .bind(accessJti, session.origin_jti, exp * 1000),
    db.prepare('DELETE FROM idp_access_tokens WHERE expires_at < ?').bind(now),
  ]);
  return { IdToken, AccessToken };
}

/** The pool an access token must come from, and where its sessions are kept. */
export interface AccessTokenPool {
  issuer: string;
  clientId: string;
  /** SQL: the session row (sub, revoked_at) of an access token's jti (?1) */
  sessionOfJti: string;
}

export const CLIENT_POOL_TOKENS: AccessTokenPool = {
  issuer: LOCAL_POOL.issuer,
  clientId: LOCAL_POOL.clientId,
  sessionOfJti: `SELECT s.sub, s.revoked_at FROM idp_access_tokens t JOIN idp_sessions s ON s.origin_jti = t.origin_jti WHERE t.jti = ?1`,
};

/**
 * Checks an access token as Cognito does for GetUser and UpdateUserAttributes: our signature
 * and kid, the pool's issuer and client, token_use, expiry, and that its session was not revoked.
 * Returns the user's sub.
 */
export async function authenticateAccessToken(db: D1Database, token: string, now: number, pool = CLIENT_POOL_TOKENS): Promise<string> {
  const jwt = decodeJwt(token);
  if (!jwt) throw notAuthorized(MSG.accessInvalid);
  const keys = await signingKeys(db);
  const { claims } = jwt;
  const wellFormed =
    jwt.header.alg === 'RS256' &&
    jwt.header.kid === keys.access.kid &&
    (await verifySignature(jwt, await publicKeyOf(keys.access))) &&
    claims.token_use === 'access' &&
    claims.iss === pool.issuer &&
    claims.client_id === pool.clientId &&
    typeof claims.sub === 'string' &&
    typeof claims.jti === 'string' &&
    typeof claims.exp === 'number';
  if (!wellFormed) throw notAuthorized(MSG.accessInvalid);
  if ((claims.exp as number) * 1000 <= now) throw notAuthorized(MSG.accessExpired);
  const row = await db.prepare(pool.sessionOfJti).bind(claims.jti).first<{ sub: string; revoked_at: number | null }>();
  if (!row || row.sub !== claims.sub) throw notAuthorized(MSG.accessInvalid);
  if (row.revoked_at !== null) throw notAuthorized(MSG.accessRevoked);
  return row.sub;
}
