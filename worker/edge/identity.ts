import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { AppError, type ErrorCode } from '../errors';

/**
 * Cognito's errors, mapped once: each type to the status the caller gets. The type itself goes
 * on as the answer's `code` (the client decides by it) and Cognito's message as its `detail`.
 */
const COGNITO_ERRORS: Record<string, ErrorCode> = {
  NotAuthorizedException: 'UNAUTHORIZED',
  UserNotFoundException: 'NOT_FOUND',
  UsernameExistsException: 'CONFLICT',
  AliasExistsException: 'CONFLICT',
  LimitExceededException: 'TOO_MANY_REQUESTS',
  TooManyRequestsException: 'TOO_MANY_REQUESTS',
  TooManyFailedAttemptsException: 'TOO_MANY_REQUESTS',
  InternalErrorException: 'BAD_GATEWAY',
};

function cognitoError(type: string, message: string): AppError {
  // Cognito tells a locked sign-in from a wrong password only by its message: give it a code here,
  // once, so that no caller ever reads the message.
  const code = type === 'NotAuthorizedException' && /attempts exceeded/i.test(message) ? 'PasswordAttemptsExceeded' : type;
  return new AppError(COGNITO_ERRORS[type] ?? 'BAD_REQUEST', message, undefined, code);
}

/**
 * Calls the Cognito Identity Provider JSON API (one action) at the configured endpoint: Amazon
 * Cognito in production, the stand-ins Worker in development. Same request, same answers.
 */
export async function cognito<T>(c: Context<AppEnv>, action: string, body: Record<string, unknown>): Promise<T> {
  const { endpoint, clientId } = c.get('config').cognito;
  const address = c.req.header('CF-Connecting-IP');
  let res: Response;
  try {
    res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}`,
        ...(address ? { 'CF-Connecting-IP': address } : {}),
      },
      body: JSON.stringify({ ClientId: clientId, ...body }),
    });
  } catch {
    throw new AppError('BAD_GATEWAY', 'The sign-in service is unreachable at the moment. Please try again shortly.');
  }
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    const type = String(data.__type ?? data.code ?? 'UnknownError')
      .split('#')
      .pop()!;
    throw cognitoError(type, String(data.message ?? data.Message ?? 'Sign-in failed'));
  }
  return data as T;
}
