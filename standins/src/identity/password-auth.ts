import type { ActionContext } from './action';
import { CognitoError, invalidParameter, MSG, notAuthorized } from './cognito-error';
import { verifyPassword } from './passwords';
import { TOKEN_TTL_S } from './pool';
import { startSession } from './sessions';
import { clearCounter, recordFailure, signInKeys, signInRefused } from './throttle';
import { issueTokens } from './tokens';
import { storedPasswordOf, userByPhone, type UserRow } from './users';

/** A required authentication parameter, within AWS's length constraint. */
export function parameter(params: Record<string, string>, name: string, maxLength = 256): string {
  const value = params[name];
  if (!value) throw invalidParameter(`Missing required parameter ${name}`);
  if (value.length > maxLength)
    throw invalidParameter(
      `Value at 'authParameters.${name}' failed to satisfy constraint: Member must have length less than or equal to ${maxLength}`,
    );
  return value;
}

/** Tokens of a new session for a user who has proved who they are (a password, or a texted code). */
export async function signedIn(ctx: ActionContext, user: UserRow) {
  const { session, refreshToken } = await startSession(ctx.db, user.sub, ctx.now);
  const { IdToken, AccessToken } = await issueTokens(ctx.db, user, session, ctx.now);
  return {
    ChallengeParameters: {},
    AuthenticationResult: { AccessToken, ExpiresIn: TOKEN_TTL_S, TokenType: 'Bearer', RefreshToken: refreshToken, IdToken },
  };
}

/** USER_PASSWORD_AUTH (and USER_AUTH's PASSWORD), throttled per phone number and per caller address. */
export async function passwordAuth(ctx: ActionContext, phone: string, password: string) {
  const keys = signInKeys(phone, ctx.caller);
  if (await signInRefused(ctx.db, keys, ctx.now)) throw notAuthorized(MSG.attemptsExceeded);
  const user = await userByPhone(ctx.db, phone);
  if (!user) {
    await recordFailure(ctx.db, [keys.phone, keys.address], ctx.now);
    // With "prevent user existence errors" a number with no account fails as a wrong password does.
    if (ctx.preventUserExistenceErrors) throw notAuthorized(MSG.incorrectCredentials);
    throw new CognitoError('UserNotFoundException', MSG.userNotFound);
  }
  if (!(await verifyPassword(password, storedPasswordOf(user)))) {
    await recordFailure(ctx.db, [keys.phone, keys.address], ctx.now);
    throw notAuthorized(MSG.incorrectCredentials);
  }
  await clearCounter(ctx.db, keys.phone);
  // The right password of a user who never entered the code texted at sign-up.
  if (!user.confirmed) throw new CognitoError('UserNotConfirmedException', MSG.notConfirmed);
  return signedIn(ctx, user);
}
