import { LOCAL_POOL } from './pool';

/** An error answered as Cognito does: HTTP 400 {"__type": type, "message": message}. */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = type;
  }
}

/** Cognito's own wording for the errors the stand-in answers. */
export const MSG = {
  incorrectCredentials: 'Incorrect username or password.',
  attemptsExceeded: 'Password attempts exceeded',
  userNotFound: 'User does not exist.',
  resetUserNotFound: 'Username/client id combination not found.',
  limitExceeded: 'Attempt limit exceeded, please try after some time.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  codeExpired: 'Invalid code provided, please request a code again.',
  phoneExists: 'An account with the given phone_number already exists.',
  emailExists: 'An account with the given email already exists.',
  accessExpired: 'Access Token has expired',
  accessInvalid: 'Invalid Access Token',
  accessRevoked: 'Access Token has been revoked',
  refreshInvalid: 'Invalid Refresh Token',
  refreshExpired: 'Refresh Token has expired',
  refreshRevoked: 'Refresh Token has been revoked',
  usernameNotPhone: 'Username should be a phone number.',
  invalidPhone: 'Invalid phone number format.',
  invalidEmail: 'Invalid email address format.',
  unauthorizedAttribute: 'A client attempted to write unauthorized attribute',
  notConfirmed: 'User is not confirmed.',
  alreadyConfirmed: 'User cannot be confirmed. Current status is CONFIRMED',
  resendConfirmed: 'User is already confirmed.',
  noVerifiedContact: 'Cannot reset password for the user as there is no registered/verified email or phone_number',
  onlyPhoneVerified: 'Auto verification not turned on.',
  otpMismatch: 'Invalid code received for user',
  sessionInvalid: 'Invalid session for the user.',
  sessionExpired: 'Invalid session for the user, session is expired.',
  sessionUsed: 'Invalid session for the user, session can only be used once.',
} as const;

export const invalidParameter = (message: string) => new CognitoError('InvalidParameterException', message);
export const notAuthorized = (message: string) => new CognitoError('NotAuthorizedException', message);
export const limitExceeded = () => new CognitoError('LimitExceededException', MSG.limitExceeded);
export const codeMismatch = () => new CognitoError('CodeMismatchException', MSG.codeMismatch);

/** Only the stand-in's app client exists. */
export function assertClient(clientId: string): void {
  if (clientId !== LOCAL_POOL.clientId) {
    throw new CognitoError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
  }
}

/** D1 reports a UNIQUE violation in the error message. */
export const isUniqueViolation = (e: unknown) => e instanceof Error && /UNIQUE constraint failed/i.test(e.message);
