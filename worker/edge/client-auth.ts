import { CognitoJwtVerifier } from 'aws-jwt-verify';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { standInJwks } from '../standins/identity';
import { identityPool } from './identity';

type AccessVerifier = ReturnType<typeof makeVerifier>;
function makeVerifier(userPoolId: string, clientId: string) {
  return CognitoJwtVerifier.create({ userPoolId, clientId, tokenUse: 'access' });
}

/** One verifier per isolate and pool: it keeps the pool's JWKS cached between requests. */
const verifiers = new Map<string, { verifier: AccessVerifier; jwksLoaded: boolean }>();

/**
 * Verifies the bearer access token of a protected call with aws-jwt-verify: signature (RS256,
 * the pool's JWKS), issuer, client id, token_use and expiry. Offline the JWKS comes from the
 * stand-in; in production from AWS, so a locally signed token can never pass there.
 * Returns the client's username (the Cognito sub).
 */
export async function verifiedClient(c: Context<AppEnv>): Promise<string> {
  const header = c.req.header('Authorization') ?? '';
  const token = /^Bearer ([A-Za-z0-9_\-.=]+)$/.exec(header)?.[1];
  if (!token) throw new AppError('UNAUTHORIZED', 'No token saved! Please log in to continue.');
  const pool = identityPool(c);
  const key = `${pool.userPoolId}|${pool.clientId}`;
  let entry = verifiers.get(key);
  if (!entry) verifiers.set(key, (entry = { verifier: makeVerifier(pool.userPoolId, pool.clientId), jwksLoaded: false }));
  if (pool.standIn && !entry.jwksLoaded) {
    entry.verifier.cacheJwks((await standInJwks(c.env.DB)) as Parameters<AccessVerifier['cacheJwks']>[0]);
    entry.jwksLoaded = true;
  }
  try {
    const payload = await entry.verifier.verify(token);
    if (typeof payload.exp !== 'number') throw new Error('token has no expiry');
    return payload.username ?? payload.sub;
  } catch {
    throw new AppError('UNAUTHORIZED', 'Your session has expired or is not valid. Please log in again.');
  }
}

/** Calls of the spec that act for a logged-in client (accounts-and-money.md §6-7). */
const PROTECTED = [
  /^ncob\//,
  /^client\//,
  /^book-online\/(waitlist\/)?appointment\/create\//,
  /^book-online\/confirm\//,
  /^payments\/(?!stripe\/get\/voucher\/|voucher\/)/,
  /^rebooking\/(?!token\/)/,
  /^salon\/\d+\/appointment\//,
];

export const isProtected = (path: string) => PROTECTED.some((re) => re.test(path));
