import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { cognitoCall } from '../identity/cognito';

/**
 * Calls the Cognito Identity Provider JSON API (one action) for this request, passing on the
 * caller's address (worker/identity/cognito.ts makes the call).
 */
export const cognito = <T>(c: Context<AppEnv>, action: string, body: Record<string, unknown>): Promise<T> =>
  cognitoCall<T>(c.get('config'), action, body, c.req.header('CF-Connecting-IP'));
