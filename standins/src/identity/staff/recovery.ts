import type { Action } from '../action';
import { CognitoError, invalidParameter, limitExceeded, MSG, notAuthorized } from '../cognito-error';
import { assertPasswordPolicy, hashPassword } from '../passwords';
import { confirmForgotPasswordRequest, forgotPasswordRequest } from '../schemas';
import { signInKeys, takeAllowance } from '../throttle';
import { parseRequest } from '../validation';
import { checkCode, newCode } from './codes';
import { emailDestination, resetCodeText, staffEmailStatement } from './emails';
import { assertStaffClient } from './sign-in';
import { revokeStaffSessionsStatement, setStaffPasswordStatement, staffUserByEmail } from './users';

const CODE_TTL_MS = 3600_000;
const CODE_ATTEMPTS = 5;

/** ForgotPassword: a 6-digit code, valid an hour, emailed (5 an hour per address). */
export const staffForgotPassword: Action = async (ctx, body) => {
  const req = parseRequest(forgotPasswordRequest, body);
  assertStaffClient(req.ClientId);
  const email = req.Username.trim().toLowerCase();
  const user = await staffUserByEmail(ctx.db, email);
  if (!user) throw new CognitoError('UserNotFoundException', MSG.resetUserNotFound);
  if (!user.enabled) throw notAuthorized('User is disabled.');
  // As Cognito: a user who never chose a password is sent a new invitation by an administrator instead.
  if (user.status === 'FORCE_CHANGE_PASSWORD') throw notAuthorized('User password cannot be reset in the current state.');
  // A signed-up user whose email was never confirmed has no verified address to send a code to.
  if (user.status === 'UNCONFIRMED') throw invalidParameter(MSG.noVerifiedContact);
  if (!(await takeAllowance(ctx.db, `forgot:staff:${email}`, 5, 3600_000, ctx.now))) throw limitExceeded();
  const { code, store } = await newCode(ctx.db, 'staff_codes', user.sub, ctx.now + CODE_TTL_MS);
  await ctx.db.batch([store, await staffEmailStatement(ctx.db, user.email, 'Your verification code', resetCodeText(code), ctx.now)]);
  return { CodeDeliveryDetails: { Destination: emailDestination(user.email), DeliveryMedium: 'EMAIL', AttributeName: 'email' } };
};

/** ConfirmForgotPassword: the emailed code sets the new password and ends every session. */
export const staffConfirmForgotPassword: Action = async (ctx, body) => {
  const req = parseRequest(confirmForgotPasswordRequest, body);
  assertStaffClient(req.ClientId);
  const user = await staffUserByEmail(ctx.db, req.Username.trim().toLowerCase());
  if (!user) throw new CognitoError('UserNotFoundException', MSG.resetUserNotFound);
  assertPasswordPolicy(req.Password);
  const db = ctx.db;
  await checkCode(db, 'staff_codes', user.sub, req.ConfirmationCode, CODE_ATTEMPTS, ctx.now);
  await db.batch([
    setStaffPasswordStatement(db, user.sub, await hashPassword(req.Password), ctx.now, null),
    db.prepare('DELETE FROM staff_codes WHERE sub = ?').bind(user.sub),
    revokeStaffSessionsStatement(db, user.sub, ctx.now),
    db.prepare('DELETE FROM idp_throttle WHERE key = ?').bind(signInKeys(`staff:${user.email}`, '').phone),
  ]);
  return {};
};
