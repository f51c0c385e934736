import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { identityStandIn, LOCAL_POOL } from '../standins/identity';

export interface IdentityPool {
  region: string;
  userPoolId: string;
  clientId: string;
  /** true offline: the embedded stand-in answers, in-process */
  standIn: boolean;
}

/** The user pool the configuration names, or the embedded stand-in's (never in production). */
export function identityPool(c: Context<AppEnv>): IdentityPool {
  const cognito = c.get('config').cognito;
  if (cognito) return { region: cognito.userPoolId.split('_')[0]!, ...cognito, standIn: false };
  return { region: LOCAL_POOL.region, userPoolId: LOCAL_POOL.userPoolId, clientId: LOCAL_POOL.clientId, standIn: true };
}

/** A Cognito error answer: its type (e.g. NotAuthorizedException) and message. */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Calls the Cognito Identity Provider JSON API (one action): over HTTPS to AWS, or to the
 * stand-in in-process. Same request, same answer shapes, same errors.
 */
export async function cognito<T>(c: Context<AppEnv>, action: string, body: Record<string, unknown>): Promise<T> {
  const pool = identityPool(c);
  const init = {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}`,
      ...(c.req.header('CF-Connecting-IP') ? { 'CF-Connecting-IP': c.req.header('CF-Connecting-IP')! } : {}),
    },
    body: JSON.stringify({ ClientId: pool.clientId, ...body }),
  };
  let res: Response;
  try {
    res = pool.standIn
      ? await identityStandIn.fetch(new Request('http://idp.internal/', init), c.env, c.executionCtx)
      : await fetch(`https://cognito-idp.${pool.region}.amazonaws.com/`, init);
  } catch {
    throw new AppError('BAD_GATEWAY', 'The sign-in service is unreachable at the moment. Please try again shortly.');
  }
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    const type = String(data.__type ?? data.code ?? 'UnknownError').split('#').pop()!;
    throw new CognitoError(type, String(data.message ?? data.Message ?? 'Sign-in failed'));
  }
  return data as T;
}
