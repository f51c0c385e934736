import type { Action, ActionContext } from '../action';
import { CognitoError, invalidParameter, limitExceeded, MSG, notAuthorized } from '../cognito-error';
import { assertPasswordPolicy, hashPassword } from '../passwords';
import { confirmSignUpRequest, resendConfirmationCodeRequest, signUpRequest } from '../schemas';
import { takeAllowance } from '../throttle';
import { parseRequest } from '../validation';
import { checkCode, newCode } from './codes';
import { emailDestination, signUpCodeText, staffEmailStatement } from './emails';
import { assertStaffClient } from './sign-in';
import { insertStaffUser, staffUserByEmail, type StaffUserRow } from './users';

/**
 * The staff pool's own sign-up (issue 49), as Cognito runs it for a pool whose username is the
 * email and which verifies email addresses: SignUp makes an UNCONFIRMED user and emails a 6-digit
 * code, valid 24 hours, 5 wrong tries; ConfirmSignUp with the code confirms the user (who may then
 * sign in); ResendConfirmationCode emails a new one (the old one stops working), 5 sends an hour
 * per address.
 */
const CODE_TTL_MS = 24 * 3600_000;
const CODE_ATTEMPTS = 5;
const SEND_LIMIT = 5;
const SEND_WINDOW_MS = 3600_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const emailDelivery = (email: string) => ({ Destination: emailDestination(email), DeliveryMedium: 'EMAIL', AttributeName: 'email' });

/** Issues a new sign-up code to the user's email (LimitExceededException past 5 an hour). */
async function sendSignUpCode(ctx: ActionContext, user: { sub: string; email: string }) {
  if (!(await takeAllowance(ctx.db, `confirm_sign_up:staff:${user.email}`, SEND_LIMIT, SEND_WINDOW_MS, ctx.now))) throw limitExceeded();
  const { code, store } = await newCode(ctx.db, 'staff_sign_up_codes', user.sub, ctx.now + CODE_TTL_MS);
  await ctx.db.batch([store, await staffEmailStatement(ctx.db, user.email, 'Your verification code', signUpCodeText(code), ctx.now)]);
  return emailDelivery(user.email);
}

export const staffSignUp: Action = async (ctx, body) => {
  const req = parseRequest(signUpRequest, body);
  assertStaffClient(req.ClientId);
  const email = req.Username.trim().toLowerCase();
  if (!EMAIL.test(email)) throw invalidParameter(MSG.invalidEmail);
  const attrs = Object.fromEntries((req.UserAttributes ?? []).map((a) => [a.Name, a.Value]));
  if (attrs.email !== undefined && attrs.email.trim().toLowerCase() !== email) {
    throw invalidParameter('Attributes did not conform to the schema: email: must be the Username.');
  }
  if (!req.Password) throw invalidParameter('Password did not conform with policy: Password not long enough');
  assertPasswordPolicy(req.Password);
  // Checked before the (slow) hash; the UNIQUE index still decides a race (insertStaffUser).
  if (await staffUserByEmail(ctx.db, email)) throw new CognitoError('UsernameExistsException', MSG.emailExists);
  const sub = crypto.randomUUID();
  const password = await hashPassword(req.Password);
  await insertStaffUser(ctx.db, { sub, email, name: attrs.name?.trim() || null, password, status: 'UNCONFIRMED' }, ctx.now);
  return { UserConfirmed: false, UserSub: sub, CodeDeliveryDetails: await sendSignUpCode(ctx, { sub, email }) };
};

/**
 * The UNCONFIRMED user of an email; a confirmed one is `alreadyConfirmed`; no user is
 * UserNotFoundException, or null with "prevent user existence errors" (answered as if it existed).
 */
async function unconfirmed(ctx: ActionContext, username: string, alreadyConfirmed: () => CognitoError): Promise<StaffUserRow | null> {
  const user = await staffUserByEmail(ctx.db, username.trim().toLowerCase());
  if (!user && ctx.preventUserExistenceErrors) return null;
  if (!user) throw new CognitoError('UserNotFoundException', MSG.userNotFound);
  if (user.status !== 'UNCONFIRMED') throw alreadyConfirmed();
  return user;
}

export const staffConfirmSignUp: Action = async (ctx, body) => {
  const req = parseRequest(confirmSignUpRequest, body);
  assertStaffClient(req.ClientId);
  const user = await unconfirmed(ctx, req.Username, () => notAuthorized(MSG.alreadyConfirmed));
  if (!user) throw new CognitoError('CodeMismatchException', MSG.codeMismatch);
  const db = ctx.db;
  const codeHash = await checkCode(db, 'staff_sign_up_codes', user.sub, req.ConfirmationCode, CODE_ATTEMPTS, ctx.now);
  // Only the code that was checked confirms (a resend in between voids it), and only once.
  const [done] = await db.batch([
    db
      .prepare(
        `UPDATE staff_users SET status = 'CONFIRMED', updated_at = ? WHERE sub = ? AND status = 'UNCONFIRMED'
           AND EXISTS (SELECT 1 FROM staff_sign_up_codes WHERE sub = ? AND code_hash = ?)`,
      )
      .bind(ctx.now, user.sub, user.sub, codeHash),
    db.prepare('DELETE FROM staff_sign_up_codes WHERE sub = ? AND code_hash = ?').bind(user.sub, codeHash),
  ]);
  if (!done?.meta.changes) throw new CognitoError('ExpiredCodeException', MSG.codeExpired);
  return {};
};

export const staffResendConfirmationCode: Action = async (ctx, body) => {
  const req = parseRequest(resendConfirmationCodeRequest, body);
  assertStaffClient(req.ClientId);
  const user = await unconfirmed(ctx, req.Username, () => invalidParameter(MSG.resendConfirmed));
  if (!user) return { CodeDeliveryDetails: emailDelivery(req.Username.trim().toLowerCase()) };
  return { CodeDeliveryDetails: await sendSignUpCode(ctx, user) };
};
