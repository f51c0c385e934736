import { Hono, type Context } from 'hono';
import type { StaffMe } from '../../shared/console/roles';
import { staffForgotSchema, staffLoginSchema, staffNewPasswordSchema, staffResetSchema } from '../../shared/console/session';
import { addressOf, admitCodeCheck, admitCodeSend, admitLogin, loginSucceeded } from '../abuse/limits';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { cognitoCall } from '../identity/cognito';
import { noticeLater, tellStaff } from '../identity/sign-in-notice';
import { jsonBody, validate } from '../validate';
import { callApi } from './api-client';
import { poolSession, type AuthResult } from './pool-session';
import { endStaffSessionOf, verifiedStaff } from './staff-auth';
import { appHostOnly } from './tenant';
import { staffCodeSent } from './user-existence';

type Initiated = { AuthenticationResult: AuthResult } | { ChallengeName: string; Session: string };

/** A call of the staff pool (its app client and endpoint), with the caller's address. */
const staffPool = <T>(c: Context<AppEnv>, action: string, body: Record<string, unknown>) =>
  cognitoCall<T>(c.get('config'), action, body, c.req.header('CF-Connecting-IP'), c.get('config').staffCognito);

const ipOf = (c: Context<AppEnv>) => addressOf(c.req.header('CF-Connecting-IP'));

/**
 * The console's session, kept by the edge as the client's is (pool-session.ts), with the STAFF
 * pool and a `__Host-staff_session` cookie of its own. Someone on no salon's team gets no session.
 */
const sessions = poolSession({
  cookie: 'staff_session',
  call: staffPool,
  who: async (c, r) => {
    c.set('staffSub', await verifiedStaff(c, r.AccessToken));
    const res = await callApi(c, 'console/me', '', { method: 'GET' });
    return res.ok ? { me: (await res.json()) as StaffMe } : res;
  },
});

export const staffSession = new Hono<AppEnv>()
  // the console's sign-in is the platform's, never on a salon's own domain
  .use('/console/session/*', appHostOnly)
  // JSON only: a cross-site form cannot post here, and browsers preflight other origins.
  .use('/console/session/*', jsonBody)
  .post('/console/session/login', validate('json', staffLoginSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const tellOwner = noticeLater(c.executionCtx, c.get('requestId'), () => tellStaff(c.get('config'), email));
    await admitLogin(c.env.ABUSE, `staff:${email}`, ipOf(c), Date.now(), tellOwner);
    const r = await staffPool<Initiated>(c, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
    await loginSucceeded(c.env.ABUSE, `staff:${email}`, ipOf(c));
    // First sign-in with the emailed temporary password: the console asks for a new one.
    if ('ChallengeName' in r) {
      if (r.ChallengeName !== 'NEW_PASSWORD_REQUIRED')
        throw new AppError('BAD_GATEWAY', 'The sign-in service asked for a step the console does not offer');
      c.header('Cache-Control', 'no-store');
      return c.json({ challenge: 'NEW_PASSWORD_REQUIRED', session: r.Session });
    }
    return sessions.start(c, r.AuthenticationResult);
  })
  .post('/console/session/new-password', validate('json', staffNewPasswordSchema), async (c) => {
    const b = c.req.valid('json');
    const r = await staffPool<{ AuthenticationResult: AuthResult }>(c, 'RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: b.session,
      ChallengeResponses: { USERNAME: b.email, NEW_PASSWORD: b.new_password },
    });
    return sessions.start(c, r.AuthenticationResult);
  })
  .post('/console/session/refresh', (c) => sessions.refresh(c))
  .post('/console/session/forgot-password', validate('json', staffForgotSchema), async (c) => {
    const { email } = c.req.valid('json');
    await admitCodeSend(c.env.ABUSE, `staff:${email}`, ipOf(c), Date.now());
    // The same answer for an email with or without an account (docs/abuse.md).
    return c.json(await staffCodeSent(email, () => staffPool(c, 'ForgotPassword', { Username: email })));
  })
  .post('/console/session/reset-password', validate('json', staffResetSchema), async (c) => {
    const b = c.req.valid('json');
    await admitCodeCheck(c.env.ABUSE, `staff:${b.email}`, Date.now());
    await staffPool(c, 'ConfirmForgotPassword', { Username: b.email, ConfirmationCode: b.code, Password: b.new_password });
    return c.body(null, 204);
  })
  .post('/console/session/logout', async (c) => {
    // Ends at once: the edge refuses this session's access tokens from now, and Cognito's
    // GlobalSignOut ends every session of the member (their refresh tokens stop working).
    const token = await endStaffSessionOf(c);
    if (token) await staffPool(c, 'GlobalSignOut', { AccessToken: token }).catch(() => undefined);
    await sessions.end(c);
    return c.body(null, 204);
  });
