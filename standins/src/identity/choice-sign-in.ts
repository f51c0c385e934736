import type { Action, ActionContext } from './action';
import { base64, base64url, randomBytes, randomDigits, sameBytes, sha256Hex, utf8 } from './bytes';
import { assertClient, CognitoError, invalidParameter, limitExceeded, MSG, notAuthorized } from './cognito-error';
import { deliveryDestination, outboxStatement } from '../outbox';
import { respondToAuthChallengeRequest } from './schemas';
import { parameter, passwordAuth, signedIn } from './password-auth';
import { clearCounter, recordFailure, signInKeys, signInRefused, takeAllowance } from './throttle';
import { userByPhone, userBySub, type UserRow } from './users';
import { parseRequest } from './validation';

/**
 * Choice-based sign-in (Cognito's USER_AUTH flow) for a pool whose first factors are PASSWORD and
 * SMS_OTP: a code texted to the user's verified number instead of a password
 * (docs/booking/accounts-and-money.md §7, "Sign in with a code"). Each step answers a Session, valid
 * 3 minutes (the app client's AuthSessionValidity default), stored as its SHA-256 only.
 */
export const AUTH_SESSION_TTL_MS = 3 * 60_000;
/** Wrong codes one SMS_OTP Session takes; then it is spent and a new sign-in texts a new code. */
export const OTP_TRIES = 3;
/** Sign-in codes texted per phone number an hour (as the other codes). */
const OTP_SEND_LIMIT = 5;
const OTP_SEND_WINDOW_MS = 3600_000;
/** Cognito's default text of an authentication code. */
const otpText = (code: string) => `Your authentication code is ${code}`;

type Kind = 'SMS_OTP' | 'SIGN_UP' | 'SIGNED_UP' | 'SELECT_CHALLENGE';
interface AuthSession {
  session_hash: string;
  kind: Kind;
  sub: string | null;
  phone_number: string;
  code_salt: string | null;
  code_hash: string | null;
  wrong_tries: number;
  used: number;
  expires_at: number;
}

const hashCode = (salt: string, code: string) => sha256Hex(`${salt}:${code}`);

function insertSession(db: D1Database, hash: string, s: Omit<AuthSession, 'session_hash' | 'wrong_tries' | 'used'>) {
  return db
    .prepare(
      `INSERT INTO idp_auth_sessions (session_hash, kind, sub, phone_number, code_salt, code_hash, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(hash, s.kind, s.sub, s.phone_number, s.code_salt, s.code_hash, s.expires_at);
}
const pruneSessions = (db: D1Database, now: number) =>
  db.prepare('DELETE FROM idp_auth_sessions WHERE expires_at < ?').bind(now - 3600_000);

/** A new Session of `kind` (a random opaque string, returned once). */
export async function openSession(ctx: ActionContext, kind: Kind, sub: string | null, phone: string): Promise<string> {
  const session = base64url(randomBytes(96));
  await ctx.db.batch([
    insertSession(ctx.db, await sha256Hex(session), {
      kind,
      sub,
      phone_number: phone,
      code_salt: null,
      code_hash: null,
      expires_at: ctx.now + AUTH_SESSION_TTL_MS,
    }),
    pruneSessions(ctx.db, ctx.now),
  ]);
  return session;
}

/** The live Session of `kind`, or NotAuthorizedException in Cognito's words. */
export async function liveSession(ctx: ActionContext, session: string, kind: Kind): Promise<AuthSession> {
  const row = await ctx.db
    .prepare('SELECT * FROM idp_auth_sessions WHERE session_hash = ?')
    .bind(await sha256Hex(session))
    .first<AuthSession>();
  if (!row || row.kind !== kind) throw notAuthorized(MSG.sessionInvalid);
  if (row.expires_at <= ctx.now) throw notAuthorized(MSG.sessionExpired);
  if (row.used) throw notAuthorized(MSG.sessionUsed);
  return row;
}

const spend = (ctx: ActionContext, hash: string) =>
  ctx.db.prepare('UPDATE idp_auth_sessions SET used = 1 WHERE session_hash = ? AND used = 0 RETURNING 1').bind(hash).first();

/** Whether a user can get a sign-in code: confirmed, with the number it proved. */
const canReceiveCode = (u: UserRow | null): u is UserRow => !!u && !!u.confirmed && !!u.phone_number_verified;

/**
 * The SMS_OTP challenge: a 6-digit code texted to the user's number. A number with no account
 * (or one that never proved its number) gets the same answer and no text, as with Cognito's
 * "prevent user existence errors"; no code ever matches its Session.
 */
async function smsOtpChallenge(ctx: ActionContext, phone: string, user: UserRow | null) {
  const keys = signInKeys(phone, ctx.caller);
  if (await signInRefused(ctx.db, keys, ctx.now)) throw notAuthorized(MSG.attemptsExceeded);
  if (!user && !ctx.preventUserExistenceErrors) throw new CognitoError('UserNotFoundException', MSG.userNotFound);
  if (!(await takeAllowance(ctx.db, `sms_otp:${phone}`, OTP_SEND_LIMIT, OTP_SEND_WINDOW_MS, ctx.now))) throw limitExceeded();
  const session = base64url(randomBytes(96));
  const code = randomDigits(6);
  const salt = base64(randomBytes(16));
  const real = canReceiveCode(user);
  await ctx.db.batch([
    insertSession(ctx.db, await sha256Hex(session), {
      kind: 'SMS_OTP',
      sub: real ? user.sub : null,
      phone_number: phone,
      code_salt: salt,
      code_hash: await hashCode(salt, code),
      expires_at: ctx.now + AUTH_SESSION_TTL_MS,
    }),
    pruneSessions(ctx.db, ctx.now),
    ...(real ? [outboxStatement(ctx.db, 'sms', user.phone_number, otpText(code), ctx.now)] : []),
  ]);
  return {
    ChallengeName: 'SMS_OTP',
    Session: session,
    ChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS', CODE_DELIVERY_DESTINATION: deliveryDestination(phone) },
  };
}

/** What the user may choose: no PASSWORD for a user who has none. */
const availableChallenges = (user: UserRow | null) => (user && !user.has_password ? ['SMS_OTP'] : ['PASSWORD', 'SMS_OTP']);

/**
 * InitiateAuth USER_AUTH: with PREFERRED_CHALLENGE SMS_OTP the code is texted at once; PASSWORD
 * (with PASSWORD) signs in as USER_PASSWORD_AUTH does; otherwise SELECT_CHALLENGE lists the
 * choices. With the Session ConfirmSignUp answered, a user who has just proved its number signs
 * in without a second code.
 */
export async function userAuth(ctx: ActionContext, session: string | undefined, params: Record<string, string>) {
  const phone = parameter(params, 'USERNAME', 128);
  if (session) {
    const s = await liveSession(ctx, session, 'SIGNED_UP');
    const user = s.sub ? await userBySub(ctx.db, s.sub) : null;
    if (!user || (phone !== user.phone_number && phone !== user.sub)) throw notAuthorized(MSG.sessionInvalid);
    if (!(await spend(ctx, s.session_hash))) throw notAuthorized(MSG.sessionUsed);
    return signedIn(ctx, user);
  }
  const user = await userByPhone(ctx.db, phone);
  const preferred = params.PREFERRED_CHALLENGE;
  if (preferred === 'SMS_OTP') return smsOtpChallenge(ctx, phone, user);
  if (preferred === 'PASSWORD' && params.PASSWORD) return passwordAuth(ctx, phone, parameter(params, 'PASSWORD'));
  return {
    ChallengeName: 'SELECT_CHALLENGE',
    Session: await openSession(ctx, 'SELECT_CHALLENGE', user?.sub ?? null, phone),
    ChallengeParameters: {},
    AvailableChallenges: availableChallenges(user),
  };
}

/** The SMS_OTP code: each answer takes one of the Session's tries first, atomically. */
async function answerCode(ctx: ActionContext, s: AuthSession, given: string) {
  const keys = signInKeys(s.phone_number, ctx.caller);
  if (await signInRefused(ctx.db, keys, ctx.now)) throw notAuthorized(MSG.attemptsExceeded);
  const taken = await ctx.db
    .prepare(
      `UPDATE idp_auth_sessions SET wrong_tries = wrong_tries + 1
       WHERE session_hash = ? AND used = 0 AND wrong_tries < ? RETURNING wrong_tries`,
    )
    .bind(s.session_hash, OTP_TRIES)
    .first<{ wrong_tries: number }>();
  if (!taken) throw notAuthorized(MSG.sessionUsed);
  const hash = await hashCode(s.code_salt ?? '', given);
  const user = s.sub ? await userBySub(ctx.db, s.sub) : null;
  if (user && s.code_hash && sameBytes(utf8(hash), utf8(s.code_hash)) && (await spend(ctx, s.session_hash))) {
    await clearCounter(ctx.db, keys.phone);
    return signedIn(ctx, user);
  }
  await recordFailure(ctx.db, [keys.phone, keys.address], ctx.now);
  // The last try spends the Session: a new sign-in texts a new code.
  if (taken.wrong_tries >= OTP_TRIES) await spend(ctx, s.session_hash);
  throw new CognitoError('CodeMismatchException', MSG.otpMismatch);
}

/** RespondToAuthChallenge of the clients' pool: SELECT_CHALLENGE and SMS_OTP. */
export const respondToAuthChallenge: Action = async (ctx, body) => {
  const req = parseRequest(respondToAuthChallengeRequest, body);
  assertClient(req.ClientId);
  if (req.ChallengeName !== 'SMS_OTP' && req.ChallengeName !== 'SELECT_CHALLENGE') {
    throw invalidParameter(`${req.ChallengeName} is not the challenge of this session.`);
  }
  const s = await liveSession(ctx, req.Session, req.ChallengeName);
  const username = parameter(req.ChallengeResponses, 'USERNAME', 128);
  if (username !== s.phone_number && username !== s.sub) throw notAuthorized(MSG.sessionInvalid);
  if (s.kind === 'SMS_OTP') return answerCode(ctx, s, parameter(req.ChallengeResponses, 'SMS_OTP_CODE', 2048));
  const answer = parameter(req.ChallengeResponses, 'ANSWER');
  const user = s.sub ? await userBySub(ctx.db, s.sub) : null;
  if (!availableChallenges(user).includes(answer)) throw invalidParameter(`${answer} is not an available challenge.`);
  if (!(await spend(ctx, s.session_hash))) throw notAuthorized(MSG.sessionUsed);
  if (answer === 'PASSWORD') return passwordAuth(ctx, s.phone_number, parameter(req.ChallengeResponses, 'PASSWORD'));
  return smsOtpChallenge(ctx, s.phone_number, user);
};
