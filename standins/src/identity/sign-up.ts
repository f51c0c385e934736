import type { Action, ActionContext } from './action';
import { isPhoneNumber, parseAttributes } from './attributes';
import { assertClient, codeMismatch, CognitoError, invalidParameter, MSG, notAuthorized } from './cognito-error';
import { checkCode, sendCode, smsDelivery } from './codes';
import { base64url, randomBytes } from './bytes';
import { liveSession, openSession } from './choice-sign-in';
import { assertPasswordPolicy, hashPassword } from './passwords';
import { confirmSignUpRequest, resendConfirmationCodeRequest, signUpRequest } from './schemas';
import { confirmUserStatement, createUser, userByPhone } from './users';
import { parseRequest } from './validation';

/**
 * SignUp: the phone number is the username attribute, so Username is an E.164 number and the
 * stored username is a fresh UUID equal to the sub. As a pool that verifies phone numbers (and
 * has no pre-sign-up Lambda that confirms users): the user is UNCONFIRMED, a code is texted to the
 * number, and nothing signs in until ConfirmSignUp proves the number.
 */
export const signUp: Action = async (ctx, body) => {
  const req = parseRequest(signUpRequest, body);
  assertClient(req.ClientId);
  if (!isPhoneNumber(req.Username)) throw invalidParameter(MSG.usernameNotPhone);
  const attributes = parseAttributes(req.UserAttributes ?? []);
  if (attributes.phone_number !== undefined && attributes.phone_number !== req.Username) {
    throw invalidParameter('Attributes did not conform to the schema: phone_number: must be the Username.');
  }
  // No password: a passwordless user, who signs in with a texted code (the pool allows SMS_OTP).
  const hasPassword = !!req.Password;
  if (req.Password) assertPasswordPolicy(req.Password);
  // Checked before the (slow) hash; the UNIQUE index still decides a race.
  if (await userByPhone(ctx.db, req.Username)) throw new CognitoError('UsernameExistsException', MSG.phoneExists);
  const sub = crypto.randomUUID();
  // A passwordless user's stored hash is of random bytes nobody knows: no password matches it.
  const password = await hashPassword(req.Password || base64url(randomBytes(32)));
  await createUser(ctx.db, { sub, phone: req.Username, attributes, password, hasPassword }, ctx.now);
  const CodeDeliveryDetails = await sendCode(ctx.db, sub, req.Username, 'confirm_sign_up', ctx.now);
  // Passed to ConfirmSignUp, it lets the user sign in straight after (USER_AUTH with the Session).
  const Session = await openSession(ctx, 'SIGN_UP', sub, req.Username);
  return { UserConfirmed: false, UserSub: sub, CodeDeliveryDetails, Session };
};

/**
 * The UNCONFIRMED user of a Username (NotAuthorized once confirmed); with no such user,
 * UserNotFoundException, or null with "prevent user existence errors" (the caller answers as if it existed).
 */
async function unconfirmedUser(ctx: ActionContext, username: string, alreadyConfirmed: () => CognitoError) {
  const user = await userByPhone(ctx.db, username);
  if (!user && ctx.preventUserExistenceErrors) return null;
  if (!user) throw new CognitoError('UserNotFoundException', MSG.userNotFound);
  if (user.confirmed) throw alreadyConfirmed();
  return user;
}

/** ConfirmSignUp: the code texted at sign-up confirms the user and verifies its phone number. */
export const confirmSignUp: Action = async (ctx, body) => {
  const req = parseRequest(confirmSignUpRequest, body);
  assertClient(req.ClientId);
  const user = await unconfirmedUser(ctx, req.Username, () => notAuthorized(MSG.alreadyConfirmed));
  if (!user) throw codeMismatch();
  const spend = await checkCode(ctx.db, user.sub, 'confirm_sign_up', req.ConfirmationCode, ctx.now);
  await ctx.db.batch([confirmUserStatement(ctx.db, user.sub, ctx.now), spend]);
  // With SignUp's Session: a Session that InitiateAuth USER_AUTH takes instead of a second code.
  const signUp = req.Session ? await liveSession(ctx, req.Session, 'SIGN_UP').catch(() => null) : null;
  if (signUp?.sub !== user.sub) return {};
  return { Session: await openSession(ctx, 'SIGNED_UP', user.sub, user.phone_number) };
};

/** ResendConfirmationCode: a new sign-up code (the old one stops working), 5 an hour per number. */
export const resendConfirmationCode: Action = async (ctx, body) => {
  const req = parseRequest(resendConfirmationCodeRequest, body);
  assertClient(req.ClientId);
  const user = await unconfirmedUser(ctx, req.Username, () => invalidParameter(MSG.resendConfirmed));
  if (!user) return { CodeDeliveryDetails: smsDelivery(req.Username) };
  return { CodeDeliveryDetails: await sendCode(ctx.db, user.sub, user.phone_number, 'confirm_sign_up', ctx.now) };
};
