import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { validate } from '../validate';
import { cognito } from './identity';
import type { AuthResult } from './pool-session';
import { codeConfirmRequest, phoneRequest } from '../../shared/account-schemas';
import { addressOf, admitCodeSend, admitLogin, admitNumber, loginSucceeded } from '../abuse/limits';
import { isNoUser, maskedPhone } from './user-existence';
import { noticeLater, tellClient } from '../identity/sign-in-notice';

/** Tells the client whose password or codes are being guessed, after the answer (docs/abuse.md). */
export const tellClientLater = (c: Context<AppEnv>, phone: string) =>
  noticeLater(c.executionCtx, c.get('requestId'), () => tellClient(c.get('config'), c.env.DB, phone));

/**
 * Sign in with a code by text (docs/booking/accounts-and-money.md §7, "Sign in with a code"): Cognito's
 * choice-based sign-in, USER_AUTH with PREFERRED_CHALLENGE SMS_OTP, then RespondToAuthChallenge
 * with SMS_OTP_CODE. Cognito's Session lives between the two calls in an httpOnly cookie of its
 * own, beside the tries it has left (for the message only: Cognito counts them itself).
 */
const COOKIE_NAME = 'code-sign-in';
/** The app client's AuthSessionValidity (3 minutes, Cognito's default). */
const COOKIE = { prefix: 'host', httpOnly: true, secure: true, sameSite: 'Strict', path: '/', maxAge: 180 } as const;
/** Wrong codes one Session takes (docs/booking/accounts-and-money.md §9). */
export const CODE_TRIES = 3;
/** A number with no account gets a Session no code matches, so the answers look alike. */
const NO_SESSION = '-';

export const MSG_CODE_EXPIRED = 'This code has expired. Ask for a new code.';
export const MSG_CODE_USED_UP = 'This code can no longer be used. Ask for a new code.';
export const MSG_CODE_LAST_TRY = 'That code is not right, and that was the last try for it. Ask for a new code.';
export const MSG_CODE_LOCKED = 'Too many wrong codes or passwords. Please wait 15 minutes, then ask for a new code.';
export const msgWrongCode = (left: number) =>
  `That code is not right. Check the text message and try again (${left} ${left === 1 ? 'try' : 'tries'} left).`;

/** An InitiateAuth answer that asks for a challenge. */
interface Challenge {
  ChallengeName?: string;
  Session?: string;
}

const refuse = (message: string, code: string, status: 'BAD_REQUEST' | 'TOO_MANY_REQUESTS' = 'BAD_REQUEST') =>
  new AppError(status, message, 'code', code);

/** Texts a code (USER_AUTH, SMS_OTP) and keeps Cognito's Session in the cookie. */
export async function sendSignInCode(c: Context<AppEnv>, phone: string): Promise<{ destination: string }> {
  let session = NO_SESSION;
  try {
    const r = await cognito<Challenge>(c, 'InitiateAuth', {
      AuthFlow: 'USER_AUTH',
      AuthParameters: { USERNAME: phone, PREFERRED_CHALLENGE: 'SMS_OTP' },
    });
    // Another challenge (a pool that answers an unknown number with a random one): no code will match.
    if (r.ChallengeName === 'SMS_OTP' && r.Session) session = r.Session;
  } catch (e) {
    if (!isNoUser(e)) throw asCodeRefusal(e);
  }
  setCookie(c, COOKIE_NAME, `${CODE_TRIES}.${session}`, COOKIE);
  // The typed number, masked, whether or not a text went (docs/abuse.md).
  return { destination: maskedPhone(phone) };
}

/** Cognito's refusals of a code, in words the code screen can act on. */
function asCodeRefusal(e: unknown): unknown {
  if (!(e instanceof AppError)) return e;
  if (e.providerCode === 'PasswordAttemptsExceeded') return refuse(MSG_CODE_LOCKED, 'PasswordAttemptsExceeded', 'TOO_MANY_REQUESTS');
  if (e.providerCode === 'NotAuthorizedException') {
    return /expired/i.test(e.message) ? refuse(MSG_CODE_EXPIRED, 'CodeExpired') : refuse(MSG_CODE_USED_UP, 'CodeUsedUp');
  }
  return e;
}

/** The tries left and Session of the cookie, or null. */
function pending(c: Context<AppEnv>): { left: number; session: string } | null {
  const m = /^([1-9])\.(\S+)$/.exec(getCookie(c, COOKIE_NAME, 'host') ?? '');
  return m ? { left: Number(m[1]), session: m[2]! } : null;
}

/** A wrong code: tries left, or the last try (the cookie goes: the client asks for a new code). */
function wrongCode(c: Context<AppEnv>, p: { left: number; session: string }): AppError {
  const left = Math.min(p.left, CODE_TRIES) - 1;
  if (left <= 0) {
    deleteCookie(c, COOKIE_NAME, COOKIE);
    return refuse(MSG_CODE_LAST_TRY, 'CodeUsedUp');
  }
  setCookie(c, COOKIE_NAME, `${left}.${p.session}`, COOKIE);
  return refuse(msgWrongCode(left), 'CodeMismatchException');
}

/** Checks the code with Cognito (counted as a password check); its tokens, or a refusal in words. */
export async function confirmSignInCode(c: Context<AppEnv>, phone: string, code: string): Promise<AuthResult> {
  const address = addressOf(c.req.header('CF-Connecting-IP'));
  await admitNumber(c.env.ABUSE, phone, address, Date.now());
  const p = pending(c);
  if (!p) throw refuse(MSG_CODE_EXPIRED, 'CodeExpired');
  await admitLogin(c.env.ABUSE, phone, address, Date.now(), tellClientLater(c, phone));
  if (p.session === NO_SESSION) throw wrongCode(c, p);
  try {
    const r = await cognito<{ AuthenticationResult?: AuthResult }>(c, 'RespondToAuthChallenge', {
      ChallengeName: 'SMS_OTP',
      Session: p.session,
      ChallengeResponses: { USERNAME: phone, SMS_OTP_CODE: code },
    });
    if (!r.AuthenticationResult) throw refuse(MSG_CODE_USED_UP, 'CodeUsedUp');
    await loginSucceeded(c.env.ABUSE, phone, address);
    deleteCookie(c, COOKIE_NAME, COOKIE);
    return r.AuthenticationResult;
  } catch (e) {
    if (e instanceof AppError && e.providerCode === 'CodeMismatchException') throw wrongCode(c, p);
    const refusal = asCodeRefusal(e);
    if (refusal instanceof AppError && refusal.providerCode !== 'PasswordAttemptsExceeded' && refusal !== e)
      deleteCookie(c, COOKIE_NAME, COOKIE);
    throw refusal;
  }
}

/** POST /session/code and /session/code/confirm; `start` opens the session as /session/login does. */
export const codeSignIn = (start: (c: Context<AppEnv>, r: AuthResult) => Promise<Response>) =>
  new Hono<AppEnv>()
    .post('/session/code', validate('json', phoneRequest), async (c) => {
      const phone = c.req.valid('json').phone;
      const address = addressOf(c.req.header('CF-Connecting-IP'));
      await admitNumber(c.env.ABUSE, phone, address, Date.now());
      await admitCodeSend(c.env.ABUSE, phone, address, Date.now());
      c.header('Cache-Control', 'no-store');
      return c.json(await sendSignInCode(c, phone), 202);
    })
    .post('/session/code/confirm', validate('json', codeConfirmRequest), async (c) => {
      const { phone, code } = c.req.valid('json');
      return start(c, await confirmSignInCode(c, phone, code));
    });
