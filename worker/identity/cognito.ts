import type { Config } from '../config';
import { AppError, type ErrorCode } from '../errors';

/**
 * Cognito's errors, mapped once: each type to the status the caller gets. The type itself goes
 * on as the answer's `code` (the client decides by it) and Cognito's message as its `detail`.
 */
const COGNITO_ERRORS: Record<string, ErrorCode> = {
  NotAuthorizedException: 'UNAUTHORIZED',
  UserNotConfirmedException: 'FORBIDDEN',
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

/** The actions that take the end user's context (its address feeds Cognito's own protection). */
const WITH_USER_CONTEXT = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
]);

/**
 * Calls the Cognito Identity Provider JSON API (one action) at the configured endpoint: Amazon
 * Cognito in production, the stand-ins Worker in development. Same request, same answers. Used
 * by the edge (sign-in, sign-up) and by the API (GetUser with the caller's own access token).
 */
export async function cognitoCall<T>(
  config: Config,
  action: string,
  body: Record<string, unknown>,
  callerAddress?: string,
  pool: { endpoint: string; clientId: string } = config.cognito,
): Promise<T> {
  const { endpoint, clientId } = pool;
  let res: Response;
  try {
    res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}`,
        ...(callerAddress ? { 'CF-Connecting-IP': callerAddress } : {}),
      },
      body: JSON.stringify({
        ClientId: clientId,
        ...(callerAddress && WITH_USER_CONTEXT.has(action) ? { UserContextData: { IpAddress: callerAddress } } : {}),
        ...body,
      }),
    });
  } catch {
    throw unreachable();
  }
  return cognitoAnswer<T>(res);
}

export const unreachable = () => new AppError('BAD_GATEWAY', 'The sign-in service is unreachable at the moment. Please try again shortly.');

/** A Cognito answer: its JSON, or its error mapped once (COGNITO_ERRORS). */
export async function cognitoAnswer<T>(res: Response): Promise<T> {
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    const type = String(data.__type ?? data.code ?? 'UnknownError')
      .split('#')
      .pop()!;
    throw cognitoError(type, String(data.message ?? data.Message ?? 'Sign-in failed'));
  }
  return data as T;
}

/** What GetUser tells of the signed-in user: its verified phone (null when not verified) and names. */
export interface VerifiedUser {
  username: string;
  phone: string | null;
  firstName: string;
  name: string;
  /** the account's email address, if it has one (email reminders) */
  email: string | null;
}

/** GetUser with the caller's own access token. */
export async function userOfToken(config: Config, accessToken: string): Promise<VerifiedUser> {
  const u = await cognitoCall<{ Username: string; UserAttributes: { Name: string; Value: string }[] }>(config, 'GetUser', {
    AccessToken: accessToken,
  });
  const attr = (n: string) => u.UserAttributes.find((a) => a.Name === n)?.Value ?? '';
  const name = attr('name') || [attr('given_name'), attr('family_name')].filter(Boolean).join(' ');
  return {
    username: u.Username,
    phone: attr('phone_number_verified') === 'true' && /^\+[1-9]\d{6,14}$/.test(attr('phone_number')) ? attr('phone_number') : null,
    firstName: attr('given_name') || name.split(' ')[0] || '',
    name,
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(attr('email')) ? attr('email') : null,
  };
}
