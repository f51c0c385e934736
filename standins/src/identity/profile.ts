import type { Action } from './action';
import { aliasExists, parseAttributes } from './attributes';
import { CognitoError, invalidParameter, MSG } from './cognito-error';
import { checkCode, sendCode } from './codes';
import { getUserRequest, updateUserAttributesRequest, verificationCodeRequest, verifyUserAttributeRequest } from './schemas';
import { authenticateAccessToken } from './tokens';
import { updateAttributes, userAttributes, userByPhone, userBySub, verifyPhoneStatement } from './users';
import { parseRequest } from './validation';

/** The signed-in user of an access token. */
async function signedInUser(db: D1Database, accessToken: string, now: number) {
  const user = await userBySub(db, await authenticateAccessToken(db, accessToken, now));
  if (!user) throw new CognitoError('UserNotFoundException', MSG.userNotFound);
  return user;
}

/** Only the phone number is verified by this pool (its auto-verified attribute). */
function assertPhoneAttribute(name: string): void {
  if (name !== 'phone_number') throw invalidParameter(MSG.onlyPhoneVerified);
}

/** GetUser: the signed-in user's username (the sub) and attributes. */
export const getUser: Action = async (ctx, body) => {
  const req = parseRequest(getUserRequest, body);
  const user = await signedInUser(ctx.db, req.AccessToken, ctx.now);
  return { Username: user.sub, UserAttributes: userAttributes(user) };
};

/**
 * UpdateUserAttributes: name, email, phone number (unique). A new phone number is unverified
 * (phone_number_verified false) and gets a code, as Cognito does for an auto-verified attribute;
 * VerifyUserAttribute with that code verifies it.
 */
export const updateUserAttributes: Action = async (ctx, body) => {
  const req = parseRequest(updateUserAttributesRequest, body);
  const user = await signedInUser(ctx.db, req.AccessToken, ctx.now);
  const changes = parseAttributes(req.UserAttributes);
  const newPhone = changes.phone_number && changes.phone_number !== user.phone_number ? changes.phone_number : null;
  if (newPhone) {
    const holder = await userByPhone(ctx.db, newPhone);
    if (holder && holder.sub !== user.sub) throw aliasExists();
  }
  await updateAttributes(ctx.db, user.sub, changes, ctx.now, { phoneChanged: newPhone !== null });
  if (!newPhone) return { CodeDeliveryDetailsList: [] };
  return { CodeDeliveryDetailsList: [await sendCode(ctx.db, user.sub, newPhone, 'verify_phone_number', ctx.now)] };
};

/** GetUserAttributeVerificationCode: a new code to the user's phone number. */
export const getUserAttributeVerificationCode: Action = async (ctx, body) => {
  const req = parseRequest(verificationCodeRequest, body);
  assertPhoneAttribute(req.AttributeName);
  const user = await signedInUser(ctx.db, req.AccessToken, ctx.now);
  return { CodeDeliveryDetails: await sendCode(ctx.db, user.sub, user.phone_number, 'verify_phone_number', ctx.now) };
};

/** VerifyUserAttribute: the code texted to the phone number verifies it. */
export const verifyUserAttribute: Action = async (ctx, body) => {
  const req = parseRequest(verifyUserAttributeRequest, body);
  assertPhoneAttribute(req.AttributeName);
  const user = await signedInUser(ctx.db, req.AccessToken, ctx.now);
  const spend = await checkCode(ctx.db, user.sub, 'verify_phone_number', req.Code, ctx.now);
  await ctx.db.batch([verifyPhoneStatement(ctx.db, user.sub, user.phone_number, ctx.now), spend]);
  return {};
};
