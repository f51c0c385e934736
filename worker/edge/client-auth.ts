import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { FetchError } from 'aws-jwt-verify/error';
import { SimpleFetcher } from 'aws-jwt-verify/https';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Context } from 'hono';
import type { Config } from '../config';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { endSession, isSessionEnded } from '../abuse/limits';

type AccessVerifier = ReturnType<typeof makeVerifier>;
/** The claims of a verified access token the edge reads. */
export interface VerifiedAccess {
  sub: string;
  username?: string;
  exp: number;
  origin_jti?: unknown;
}
/** A user pool whose access tokens the edge verifies: the clients' (config.cognito) or the staff's (config.staffCognito). */
type Pool = Pick<Config['cognito'], 'userPoolId' | 'clientId' | 'issuer' | 'jwksUrl'>;

/**
 * The pool's access-token verifier. Its JWKS is read from the configured URL: AWS's own in
 * production (the issuer's /.well-known/jwks.json), the stand-ins' in development, so a token
 * signed by the stand-ins can never pass in production.
 */
function makeVerifier({ userPoolId, clientId, issuer, jwksUrl }: Pool) {
  const https = new SimpleFetcher();
  const awsJwks = `${issuer}/.well-known/jwks.json`;
  const fetcher = {
    fetch: (uri: string, options?: Record<string, unknown>, data?: ArrayBuffer) =>
      https.fetch(uri === awsJwks ? jwksUrl : uri, options, data),
  };
  return CognitoJwtVerifier.create({ userPoolId, clientId, tokenUse: 'access' }, { jwksCache: new SimpleJwksCache({ fetcher }) });
}

/** One verifier per isolate and pool: it keeps the pool's JWKS cached between requests. */
const verifiers = new Map<string, AccessVerifier>();

/**
 * Verifies the bearer access token of a protected call with aws-jwt-verify: signature (RS256,
 * the pool's JWKS), issuer, client id, token_use and expiry. Returns the client's username
 * (the Cognito sub).
 */
export async function verifiedClient(c: Context<AppEnv>): Promise<string> {
  const payload = await verifiedAccessToken(c);
  if (typeof payload.origin_jti === 'string' && (await isSessionEnded(c.env.ABUSE, payload.origin_jti, Date.now())))
    throw new AppError('UNAUTHORIZED', MSG_ENDED);
  return payload.username ?? payload.sub;
}

const MSG_INVALID = 'Your session has expired or is not valid. Please log in again.';
const MSG_ENDED = 'You have logged out. Please log in again.';

/**
 * Ends the session of the presented access token: from now until the token expires, every
 * token of that session (its origin_jti) is refused by verifiedClient, although Cognito's
 * signatures stay valid. No token or an invalid one ends nothing.
 */
export async function endSessionOf(c: Context<AppEnv>): Promise<void> {
  const payload = await verifiedAccessToken(c).catch(() => null);
  if (payload && typeof payload.origin_jti === 'string') await endSession(c.env.ABUSE, payload.origin_jti, payload.exp * 1000);
}

/**
 * The verified claims of the request's bearer access token (see verifiedClient), or of `given`
 * (a token the edge has just received from the pool), for the clients' pool unless `pool` says.
 */
export async function verifiedAccessToken(
  c: Context<AppEnv>,
  pool: Pool = c.get('config').cognito,
  given?: string,
): Promise<VerifiedAccess> {
  const header = c.req.header('Authorization') ?? '';
  const token = given ?? /^Bearer ([A-Za-z0-9_\-.=]+)$/.exec(header)?.[1];
  if (!token) throw new AppError('UNAUTHORIZED', 'No token saved! Please log in to continue.');
  const key = `${pool.userPoolId}|${pool.clientId}|${pool.jwksUrl}`;
  let verifier = verifiers.get(key);
  if (!verifier) verifiers.set(key, (verifier = makeVerifier(pool)));
  let payload;
  try {
    payload = await verifier.verify(token);
  } catch (e) {
    if (isUnreachable(e)) throw new AppError('BAD_GATEWAY', 'The sign-in service is unreachable at the moment. Please try again shortly.');
    throw new AppError('UNAUTHORIZED', MSG_INVALID);
  }
  if (typeof payload.exp !== 'number') throw new AppError('UNAUTHORIZED', MSG_INVALID);
  return payload as VerifiedAccess;
}

/** The JWKS could not be fetched (the identity service is down), as opposed to a bad token. */
const isUnreachable = (e: unknown) => e instanceof FetchError || (e instanceof TypeError && /fetch|network/i.test(e.message));
