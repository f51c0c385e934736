import type { Action, ActionContext } from '../action';
import { base64url, randomBytes, sha256Hex } from '../bytes';
import { CognitoError, invalidParameter, MSG, notAuthorized } from '../cognito-error';
import { assertPasswordPolicy, hashPassword, verifyPassword } from '../passwords';
import { getUserRequest, globalSignOutRequest, initiateAuthRequest, revokeTokenRequest } from '../schemas';
import { clearCounter, recordFailure, signInKeys, signInRefused } from '../throttle';
import { parseRequest } from '../validation';
import { CHALLENGE_TTL_MS, STAFF_POOL } from './pool';
import { respondToAuthChallengeRequest } from './schemas';
import { authenticateStaffToken, issueStaffTokens, staffSessionOf, startStaffSession } from './tokens';
import {
  revokeStaffSessionsStatement,
  setStaffPasswordStatement,
  staffAttributes,
  staffStoredPassword,
  staffUserByEmail,
  staffUserBySub,
  type StaffUserRow,
} from './users';

export function assertStaffClient(clientId: string): void {
  if (clientId !== STAFF_POOL.clientId) throw new CognitoError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
}

const param = (params: Record<string, string>, name: string) => {
  const v = params[name];
  if (!v) throw invalidParameter(`Missing required parameter ${name}`);
  return v;
};

async function signedIn(ctx: ActionContext, user: StaffUserRow) {
  const { session, refreshToken } = await startStaffSession(ctx.db, user.sub, ctx.now);
  return {
    ChallengeParameters: {},
    AuthenticationResult: { ...(await issueStaffTokens(ctx.db, user, session, ctx.now)), RefreshToken: refreshToken },
  };
}

/**
 * USER_PASSWORD_AUTH by email, throttled as the clients' pool is. A user created by an
 * administrator answers no tokens but the NEW_PASSWORD_REQUIRED challenge with a Session; the
 * pool hides whether an email exists (Cognito's PreventUserExistenceErrors).
 */
async function passwordAuth(ctx: ActionContext, username: string, password: string) {
  const email = username.trim().toLowerCase();
  const keys = signInKeys(`staff:${email}`, ctx.caller);
  if (await signInRefused(ctx.db, keys, ctx.now)) throw notAuthorized(MSG.attemptsExceeded);
  const user = await staffUserByEmail(ctx.db, email);
  if (!user || !(await verifyPassword(password, staffStoredPassword(user)))) {
    await recordFailure(ctx.db, [keys.phone, keys.address], ctx.now);
    throw notAuthorized(MSG.incorrectCredentials);
  }
  await clearCounter(ctx.db, keys.phone);
  if (!user.enabled) throw notAuthorized('User is disabled.');
  // As Cognito: only once the password is right does it say the account awaits its emailed code.
  if (user.status === 'UNCONFIRMED') throw new CognitoError('UserNotConfirmedException', MSG.notConfirmed);
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    if ((user.temporary_password_expires_at ?? 0) <= ctx.now) {
      throw notAuthorized('Temporary password has expired and must be reset by an administrator.');
    }
    const session = base64url(randomBytes(96));
    await ctx.db
      .prepare('INSERT INTO staff_challenges (session_hash, sub, expires_at) VALUES (?, ?, ?)')
      .bind(await sha256Hex(session), user.sub, ctx.now + CHALLENGE_TTL_MS)
      .run();
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: session,
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.sub,
        requiredAttributes: '[]',
        userAttributes: JSON.stringify({ email_verified: 'true', email: user.email, ...(user.name ? { name: user.name } : {}) }),
      },
    };
  }
  return signedIn(ctx, user);
}

async function refreshAuth(ctx: ActionContext, refreshToken: string) {
  const session = await staffSessionOf(ctx.db, refreshToken, ctx.now);
  const user = await staffUserBySub(ctx.db, session.sub);
  if (!user) throw new CognitoError('UserNotFoundException', MSG.userNotFound);
  if (!user.enabled) throw notAuthorized('User is disabled.');
  return { ChallengeParameters: {}, AuthenticationResult: await issueStaffTokens(ctx.db, user, session, ctx.now) };
}

export const staffInitiateAuth: Action = async (ctx, body) => {
  const req = parseRequest(initiateAuthRequest, body);
  assertStaffClient(req.ClientId);
  const params = req.AuthParameters ?? {};
  if (req.AuthFlow === 'USER_PASSWORD_AUTH') return passwordAuth(ctx, param(params, 'USERNAME'), param(params, 'PASSWORD'));
  if (req.AuthFlow === 'REFRESH_TOKEN_AUTH' || req.AuthFlow === 'REFRESH_TOKEN') return refreshAuth(ctx, param(params, 'REFRESH_TOKEN'));
  throw invalidParameter(`${req.AuthFlow} flow not enabled for this client`);
};

/** RespondToAuthChallenge NEW_PASSWORD_REQUIRED: the Session of the sign-in, the user's own password; then tokens. */
export const staffRespondToAuthChallenge: Action = async (ctx, body) => {
  const req = parseRequest(respondToAuthChallengeRequest, body);
  assertStaffClient(req.ClientId);
  if (req.ChallengeName !== 'NEW_PASSWORD_REQUIRED') throw invalidParameter(`${req.ChallengeName} is not the challenge of this session.`);
  const expired = () => notAuthorized('Invalid session for the user, session is expired.');
  const hash = await sha256Hex(req.Session);
  const challenge = await ctx.db
    .prepare('SELECT sub, expires_at FROM staff_challenges WHERE session_hash = ?')
    .bind(hash)
    .first<{ sub: string; expires_at: number }>();
  if (!challenge || challenge.expires_at <= ctx.now) throw expired();
  const user = await staffUserBySub(ctx.db, challenge.sub);
  const username = param(req.ChallengeResponses, 'USERNAME').trim().toLowerCase();
  if (!user || (username !== user.email && username !== user.sub)) throw expired();
  if (!user.enabled) throw notAuthorized('User is disabled.');
  const password = param(req.ChallengeResponses, 'NEW_PASSWORD');
  assertPasswordPolicy(password);
  await ctx.db.batch([
    setStaffPasswordStatement(ctx.db, user.sub, await hashPassword(password), ctx.now, null),
    ctx.db.prepare('DELETE FROM staff_challenges WHERE sub = ? OR expires_at <= ?').bind(user.sub, ctx.now),
  ]);
  return signedIn(ctx, { ...user, status: 'CONFIRMED' });
};

/** GlobalSignOut: every session of the user and every access token they produced stop working. */
export const staffGlobalSignOut: Action = async (ctx, body) => {
  const req = parseRequest(globalSignOutRequest, body);
  const sub = await authenticateStaffToken(ctx.db, req.AccessToken, ctx.now);
  await revokeStaffSessionsStatement(ctx.db, sub, ctx.now).run();
  return {};
};

export const staffRevokeToken: Action = async (ctx, body) => {
  const req = parseRequest(revokeTokenRequest, body);
  assertStaffClient(req.ClientId);
  await ctx.db
    .prepare('UPDATE staff_sessions SET revoked_at = ? WHERE refresh_token_hash = ? AND revoked_at IS NULL')
    .bind(ctx.now, await sha256Hex(req.Token))
    .run();
  return {};
};

export const staffGetUser: Action = async (ctx, body) => {
  const req = parseRequest(getUserRequest, body);
  const user = await staffUserBySub(ctx.db, await authenticateStaffToken(ctx.db, req.AccessToken, ctx.now));
  if (!user) throw new CognitoError('UserNotFoundException', MSG.userNotFound);
  return { Username: user.sub, UserAttributes: staffAttributes(user) };
};
