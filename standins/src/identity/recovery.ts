import type { Action } from './action';
import { assertClient, codeMismatch, CognitoError, invalidParameter, MSG } from './cognito-error';
import { checkCode, sendCode, smsDelivery } from './codes';
import { assertPasswordPolicy, hashPassword } from './passwords';
import { confirmForgotPasswordRequest, forgotPasswordRequest } from './schemas';
import { revokeSessionsStatement } from './sessions';
import { signInKeys } from './throttle';
import { setPasswordStatement, userByPhone } from './users';
import { parseRequest } from './validation';

const resetUserNotFound = () => new CognitoError('UserNotFoundException', MSG.resetUserNotFound);

/** ForgotPassword: a 6-digit code, valid for an hour, texted to the user's verified number (5 an hour). */
export const forgotPassword: Action = async (ctx, body) => {
  const req = parseRequest(forgotPasswordRequest, body);
  assertClient(req.ClientId);
  const user = await userByPhone(ctx.db, req.Username);
  // With "prevent user existence errors": a delivery to a simulated destination, and no text.
  if (!user && ctx.preventUserExistenceErrors) return { CodeDeliveryDetails: smsDelivery(req.Username) };
  if (!user) throw resetUserNotFound();
  // As Cognito: a code goes only to a number the user has proved.
  if (!user.phone_number_verified) throw invalidParameter(MSG.noVerifiedContact);
  return { CodeDeliveryDetails: await sendCode(ctx.db, user.sub, user.phone_number, 'reset_password', ctx.now) };
};

/** ConfirmForgotPassword: a right code sets the new password and revokes every session. */
export const confirmForgotPassword: Action = async (ctx, body) => {
  const req = parseRequest(confirmForgotPasswordRequest, body);
  assertClient(req.ClientId);
  const user = await userByPhone(ctx.db, req.Username);
  if (!user && ctx.preventUserExistenceErrors) throw codeMismatch();
  if (!user) throw resetUserNotFound();
  assertPasswordPolicy(req.Password);
  const db = ctx.db;
  const spend = await checkCode(db, user.sub, 'reset_password', req.ConfirmationCode, ctx.now);
  const password = await hashPassword(req.Password);
  await db.batch([
    setPasswordStatement(db, user.sub, password, ctx.now),
    spend,
    revokeSessionsStatement(db, user.sub, ctx.now),
    // The owner has proved who they are: no back-off left on their number.
    db.prepare('DELETE FROM idp_throttle WHERE key = ?').bind(signInKeys(user.phone_number, '').phone),
  ]);
  return {};
};
