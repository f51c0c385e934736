import { MSG, notAuthorized } from './cognito-error';
import { decodeJwt, signJwt, verifySignature } from './jwt';
import { ACCESS_SCOPE, LOCAL_POOL, TOKEN_TTL_S } from './pool';
import type { Session } from './sessions';
import { privateKeyOf, publicKeyOf, signingKeys } from './signing-keys';
import type { UserRow } from './users';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A user pool's tokens: the issuer and app client they carry, and the tables of its sessions and access tokens. */
export interface AccessTokenPool {
  issuer: string;
  clientId: string;
  sessions: 'idp_sessions' | 'staff_sessions';
  accessTokens: 'idp_access_tokens' | 'staff_access_tokens';
}

export const CLIENT_POOL_TOKENS: AccessTokenPool = {
  issuer: LOCAL_POOL.issuer,
  clientId: LOCAL_POOL.clientId,
  sessions: 'idp_sessions',
  accessTokens: 'idp_access_tokens',
};

/**
 * The ID and access tokens of a session of `pool`, with Cognito's claims; `userClaims` are the
 * user's own in the ID token (a phone number or an email, names). The access token's jti is
 * registered under its session, so revoking the session revokes it.
 */
export async function issuePoolTokens(
  db: D1Database,
  pool: AccessTokenPool,
  sub: string,
  session: { origin_jti: string; auth_time: number },
  userClaims: Record<string, unknown>,
  now: number,
) {
  const keys = await signingKeys(db);
  const iat = seconds(now);
  const exp = iat + TOKEN_TTL_S;
  // As Cognito's: the session (refresh token) the tokens came from, which revocation names.
  const common = { sub, iss: pool.issuer, auth_time: seconds(session.auth_time), exp, iat, origin_jti: session.origin_jti };
  const idClaims = { ...common, aud: pool.clientId, token_use: 'id', 'cognito:username': sub, jti: crypto.randomUUID(), ...userClaims };
  const accessJti = crypto.randomUUID();
  const accessClaims = { ...common, client_id: pool.clientId, token_use: 'access', scope: ACCESS_SCOPE, username: sub, jti: accessJti };
  const [IdToken, AccessToken] = await Promise.all([
    signJwt(idClaims, await privateKeyOf(keys.id), keys.id.kid),
    signJwt(accessClaims, await privateKeyOf(keys.access), keys.access.kid),
  ]);
  await db.batch([
    db
      .prepare(`INSERT INTO ${pool.accessTokens} (jti, origin_jti, expires_at) VALUES (?, ?, ?)`)
      .bind(accessJti, session.origin_jti, exp * 1000),
    db.prepare(`DELETE FROM ${pool.accessTokens} WHERE expires_at < ?`).bind(now),
  ]);
  return { IdToken, AccessToken };
}

/** The ID and access tokens of a client's session (the phone-number pool). */
export const issueTokens = (db: D1Database, user: UserRow, session: Session, now: number) =>
  issuePoolTokens(
    db,
    CLIENT_POOL_TOKENS,
    user.sub,
    session,
    {
      phone_number: user.phone_number,
      phone_number_verified: user.phone_number_verified === 1,
      ...(user.email !== null ? { email: user.email } : {}),
      ...(user.name !== null ? { name: user.name } : {}),
      ...(user.given_name !== null ? { given_name: user.given_name } : {}),
      ...(user.family_name !== null ? { family_name: user.family_name } : {}),
    },
    now,
  );

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
  const row = await db
    .prepare(
      `SELECT s.sub, s.revoked_at FROM ${pool.accessTokens} t JOIN ${pool.sessions} s ON s.origin_jti = t.origin_jti WHERE t.jti = ?`,
    )
    .bind(claims.jti)
    .first<{ sub: string; revoked_at: number | null }>();
  if (!row || row.sub !== claims.sub) throw notAuthorized(MSG.accessInvalid);
  if (row.revoked_at !== null) throw notAuthorized(MSG.accessRevoked);
  return row.sub;
}
