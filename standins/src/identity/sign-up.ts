import type { Action } from './action';
import { isPhoneNumber, parseAttributes } from './attributes';
import { assertClient, CognitoError, invalidParameter, MSG } from './cognito-error';
import { assertPasswordPolicy, hashPassword } from './passwords';
import { signUpRequest } from './schemas';
import { createUser, userByPhone } from './users';
import { parseRequest } from './validation';

/**
 * SignUp: the phone number is the username attribute, so Username is an E.164 number and the
 * stored username is a fresh UUID equal to the sub. Users are confirmed at once (no SMS step offline).
 */
export const signUp: Action = async (ctx, body) => {
  const req = parseRequest(signUpRequest, body);
  assertClient(req.ClientId);
  if (!isPhoneNumber(req.Username)) throw invalidParameter(MSG.usernameNotPhone);
  const attributes = parseAttributes(req.UserAttributes ?? []);
  if (attributes.phone_number !== undefined && attributes.phone_number !== req.Username) {
    throw invalidParameter('Attributes did not conform to the schema: phone_number: must be the Username.');
  }
  assertPasswordPolicy(req.Password);
  // Checked before the (slow) hash; the UNIQUE index still decides a race.
  if (await userByPhone(ctx.db, req.Username)) throw new CognitoError('UsernameExistsException', MSG.phoneExists);
  const sub = crypto.randomUUID();
  await createUser(ctx.db, { sub, phone: req.Username, attributes, password: await hashPassword(req.Password) }, ctx.now);
  return { UserConfirmed: true, UserSub: sub };
};
