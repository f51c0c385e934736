import type { Action, ActionContext } from './action';
import { assertClient, CognitoError, invalidParameter, MSG, notAuthorized } from './cognito-error';
import { assertPasswordPolicy, hashPassword, verifyPassword } from './passwords';
import { TOKEN_TTL_S } from './pool';
import { changePasswordRequest, globalSignOutRequest, initiateAuthRequest, revokeTokenRequest } from './schemas';
import { revokeRefreshToken, revokeSessionsStatement, sessionForRefreshToken } from './sessions';
import { signInRefused, recordFailure, signInKeys } from './throttle';
import { authenticateAccessToken, issueTokens } from './tokens';
import { setPasswordStatement, storedPasswordOf, userBySub } from './users';
import { userAuth } from './choice-sign-in';
import { parameter, passwordAuth } from './password-auth';
import { parseRequest } from './validation';

/** REFRESH_TOKEN_AUTH: new ID and access tokens of the same session; no new refresh token. */
async function refreshAuth(ctx: ActionContext, refreshToken: string) {
  const session = await sessionForRefreshToken(ctx.db, refreshToken, ctx.now);
  const user = await userBySub(ctx.db, session.sub);
  if (!user) throw new CognitoError('UserNotFoundException', MSG.userNotFound);
  const { IdToken, AccessToken } = await issueTokens(ctx.db, user, session, ctx.now);
  return { ChallengeParameters: {}, AuthenticationResult: { AccessToken, ExpiresIn: TOKEN_TTL_S, TokenType: 'Bearer', IdToken } };
}

export const initiateAuth: Action = async (ctx, body) => {
  const req = parseRequest(initiateAuthRequest, body);
  assertClient(req.ClientId);
  const params = req.AuthParameters ?? {};
  switch (req.AuthFlow) {
    case 'USER_PASSWORD_AUTH':
      return passwordAuth(ctx, parameter(params, 'USERNAME', 128), parameter(params, 'PASSWORD'));
    case 'USER_AUTH':
      return userAuth(ctx, req.Session, params);
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN':
      return refreshAuth(ctx, parameter(params, 'REFRESH_TOKEN', 2048));
    default:
      throw invalidParameter(`${req.AuthFlow} flow not enabled for this client`);
  }
};

/** ChangePassword: the signed-in user's previous password, then the new one (policy checked). */
export const changePassword: Action = async (ctx, body) => {
  const req = parseRequest(changePasswordRequest, body);
  const user = await userBySub(ctx.db, await authenticateAccessToken(ctx.db, req.AccessToken, ctx.now));
  if (!user) throw new CognitoError('UserNotFoundException', MSG.userNotFound);
  const keys = signInKeys(user.phone_number, ctx.caller);
  if (await signInRefused(ctx.db, keys, ctx.now)) throw notAuthorized(MSG.attemptsExceeded);
  if (!req.PreviousPassword || !(await verifyPassword(req.PreviousPassword, storedPasswordOf(user)))) {
    await recordFailure(ctx.db, [keys.phone, keys.address], ctx.now);
    throw notAuthorized(MSG.incorrectCredentials);
  }
  assertPasswordPolicy(req.ProposedPassword);
  await setPasswordStatement(ctx.db, user.sub, await hashPassword(req.ProposedPassword), ctx.now).run();
  return {};
};

/** GlobalSignOut: every refresh token of the user, and every access token they produced, stop working. */
export const globalSignOut: Action = async (ctx, body) => {
  const req = parseRequest(globalSignOutRequest, body);
  const sub = await authenticateAccessToken(ctx.db, req.AccessToken, ctx.now);
  await revokeSessionsStatement(ctx.db, sub, ctx.now).run();
  return {};
};

/** RevokeToken: revokes a refresh token and the access tokens issued with it. */
export const revokeToken: Action = async (ctx, body) => {
  const req = parseRequest(revokeTokenRequest, body);
  assertClient(req.ClientId);
  await revokeRefreshToken(ctx.db, req.Token, ctx.now);
  return {};
};
