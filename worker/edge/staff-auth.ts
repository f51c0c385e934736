import type { Context } from 'hono';
import { endSession, isSessionEnded } from '../abuse/limits';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { verifiedAccessToken } from './client-auth';

/**
 * Verifies a console call's bearer access token (or `given`, one just received) against the
 * STAFF pool: signature, issuer, client id, token_use, expiry, and a session not ended by a
 * sign-out. A client's token fails here (another issuer and client), as a staff token fails the
 * clients' verifier. Returns the staff member's username (the sub).
 */
export async function verifiedStaff(c: Context<AppEnv>, given?: string): Promise<string> {
  const payload = await verifiedAccessToken(c, c.get('config').staffCognito, given);
  if (typeof payload.origin_jti === 'string' && (await isSessionEnded(c.env.ABUSE, payload.origin_jti, Date.now())))
    throw new AppError('UNAUTHORIZED', 'You have signed out. Please sign in again.');
  return payload.username ?? payload.sub;
}

/** Ends the presented staff session at the edge at once: its access tokens are refused until they expire. */
export async function endStaffSessionOf(c: Context<AppEnv>): Promise<string | null> {
  const payload = await verifiedAccessToken(c, c.get('config').staffCognito).catch(() => null);
  if (!payload) return null;
  if (typeof payload.origin_jti === 'string') await endSession(c.env.ABUSE, payload.origin_jti, payload.exp * 1000);
  return /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1] ?? null;
}
