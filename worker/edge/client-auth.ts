import { InvalidToken, KeysUnreachable, verifyAccessToken } from './access-tokens';
import type { Context } from 'hono';
import type { Config } from '../config';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { endSession, isSessionEnded } from '../abuse/limits';

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
 * Verifies the bearer access token of a protected call (edge/access-tokens.ts): signature (RS256,
 * the pool's JWKS: AWS's own in production, the stand-ins' in development, so a token signed by
 * the stand-ins can never pass in production), issuer, client id, token_use and expiry. Returns the client's username
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
  let payload;
  try {
    payload = await verifyAccessToken(token, pool);
  } catch (e) {
    if (e instanceof KeysUnreachable)
      throw new AppError('BAD_GATEWAY', 'The sign-in service is unreachable at the moment. Please try again shortly.');
    if (e instanceof InvalidToken) throw new AppError('UNAUTHORIZED', MSG_INVALID);
    throw e;
  }
  return payload as unknown as VerifiedAccess;
}
