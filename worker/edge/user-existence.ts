import { AppError } from '../errors';

/**
 * What the edge answers for a number with no account, whatever the pool's "prevent user
 * existence errors" setting: the same as for a number with one (docs/abuse.md). Cognito with the
 * setting ENABLED answers a wrong password for an unknown user at sign-in and a simulated delivery
 * for a reset; a LEGACY pool's UserNotFoundException (and a reset's "no verified phone") are
 * turned into those answers here, so that a pool set wrongly still lists nobody.
 */
const MSG_INCORRECT = 'Incorrect username or password.';
const MSG_CODE_MISMATCH = 'Invalid verification code provided, please try again.';

export const isNoUser = (e: unknown) => e instanceof AppError && e.providerCode === 'UserNotFoundException';
const isNoVerifiedPhone = (e: unknown) =>
  e instanceof AppError && e.providerCode === 'InvalidParameterException' && /no registered\/verified/i.test(e.message);

/** A sign-in of a number with no account fails as a wrong password does. */
export function asWrongPassword(e: unknown): never {
  if (isNoUser(e)) throw new AppError('UNAUTHORIZED', MSG_INCORRECT, undefined, 'NotAuthorizedException');
  throw e;
}

/** A code checked for a number with no account is a wrong code. */
export function asWrongCode(e: unknown): never {
  if (isNoUser(e)) throw new AppError('BAD_REQUEST', MSG_CODE_MISMATCH, undefined, 'CodeMismatchException');
  throw e;
}

/** Cognito's masked destination of a text to `phone` ('+*******0123'). */
export const maskedPhone = (phone: string) => `+*******${phone.slice(-4)}`;

/** Cognito's masked destination of an email to `email` ('r***@e***'). */
export const maskedEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
};

/**
 * A staff member's reset code (the console's forgot-password): answered with the typed email's
 * masked destination whether or not an email went. An unknown email, and an account that cannot be
 * reset by email (invited and never signed in, or disabled), answer as a known one does.
 */
export async function staffCodeSent(email: string, send: () => Promise<unknown>): Promise<{ destination: string }> {
  try {
    await send();
  } catch (e) {
    const notResettable = e instanceof AppError && e.providerCode === 'NotAuthorizedException';
    if (!isNoUser(e) && !notResettable) throw e;
  }
  return { destination: maskedEmail(email) };
}

/**
 * A code sent on request (a reset, a sign-up's code again): answered with the typed number's masked
 * destination whether or not a text went, so known and unknown numbers look alike.
 */
export async function codeSent(phone: string, send: () => Promise<unknown>): Promise<{ destination: string }> {
  try {
    await send();
  } catch (e) {
    if (!isNoUser(e) && !isNoVerifiedPhone(e)) throw e;
  }
  return { destination: maskedPhone(phone) };
}
