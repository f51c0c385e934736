import type { Action } from './action';
import { aliasExists, parseAttributes } from './attributes';
import { CognitoError, MSG } from './cognito-error';
import { getUserRequest, updateUserAttributesRequest } from './schemas';
import { authenticateAccessToken } from './tokens';
import { updateAttributes, userAttributes, userByPhone, userBySub } from './users';
import { parseRequest } from './validation';

/** GetUser: the signed-in user's username (the sub) and attributes. */
export const getUser: Action = async (ctx, body) => {
  const req = parseRequest(getUserRequest, body);
  const sub = await authenticateAccessToken(ctx.db, req.AccessToken, ctx.now);
  const user = await userBySub(ctx.db, sub);
  if (!user) throw new CognitoError('UserNotFoundException', MSG.userNotFound);
  return { Username: user.sub, UserAttributes: userAttributes(user) };
};

/**
 * UpdateUserAttributes: name, email, phone number (unique). Offline there is no verification
 * step, so nothing is sent and the new phone number is verified at once.
 */
export const updateUserAttributes: Action = async (ctx, body) => {
  const req = parseRequest(updateUserAttributesRequest, body);
  const sub = await authenticateAccessToken(ctx.db, req.AccessToken, ctx.now);
  const changes = parseAttributes(req.UserAttributes);
  if (changes.phone_number) {
    const holder = await userByPhone(ctx.db, changes.phone_number);
    if (holder && holder.sub !== sub) throw aliasExists();
  }
  await updateAttributes(ctx.db, sub, changes, ctx.now);
  return { CodeDeliveryDetailsList: [] };
};
