import { Hono, type Context } from 'hono';
import {
  staffConfirmSignUpSchema,
  staffForgotSchema,
  staffLoginSchema,
  staffNewPasswordSchema,
  staffResendCodeSchema,
  staffResetSchema,
  staffSignUpSchema,
  type StaffCodeSent,
} from '../../shared/console/session';
import { addressOf, admitCodeCheck, admitCodeSend, admitLogin, admitStaffSignup, loginSucceeded } from '../abuse/limits';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { cognitoCall } from '../identity/cognito';
import { tellAccountExists } from '../identity/account-exists';
import { noticeLater, tellStaff } from '../identity/sign-in-notice';
import { jsonBody, validate } from '../validate';
import type { ConsoleApi } from '../api/types';
import { edgeApi } from './api-client';
import { poolSession, type AuthResult } from './pool-session';
import { endStaffSessionOf, verifiedStaff } from './staff-auth';
import { appHostOnly } from './tenant';
import { asWrongCode, maskedEmail, staffCodeSent } from './user-existence';

type Initiated = { AuthenticationResult: AuthResult } | { ChallengeName: string; Session: string };

/** A call of the staff pool (its app client and endpoint), with the caller's address. */
const staffPool = <T>(c: Context<AppEnv>, action: string, body: Record<string, unknown>) =>
  cognitoCall<T>(c.get('config'), action, body, c.req.header('CF-Connecting-IP'), c.get('config').staffCognito);

const ipOf = (c: Context<AppEnv>) => addressOf(c.req.header('CF-Connecting-IP'));

const isProvider = (e: unknown, type: string) => e instanceof AppError && e.providerCode === type;

/**
 * A sign-up with an email that already has an account answers as a new one does (docs/console/sign-up.md
 * "Signing up"): an account still waiting for its code gets a new code; any other gets the email
 * saying it already has an account, after the answer. Either way the page says a code was sent.
 */
async function alreadySignedUp(c: Context<AppEnv>, email: string): Promise<void> {
  try {
    await staffPool(c, 'ResendConfirmationCode', { Username: email });
  } catch (e) {
    // Confirmed (or invited): no code to send. Past Cognito's own send limit: nothing more goes.
    if (!isProvider(e, 'InvalidParameterException')) return;
    const requestId = c.get('requestId');
    c.executionCtx.waitUntil(
      tellAccountExists(c.get('config'), email).catch((err: unknown) =>
        console.error(`[${requestId}] account-exists email not sent:`, err instanceof Error ? err.message : 'unknown error'),
      ),
    );
  }
}

const codeSentTo = (email: string): StaffCodeSent => ({ status: 'code_sent', destination: maskedEmail(email) });

/**
 * The console's session, kept by the edge as the client's is (pool-session.ts), with the STAFF
 * pool and a `__Host-staff_session` cookie of its own. Someone on no salon's team gets no session.
 */
const sessions = poolSession({
  cookie: 'staff_session',
  call: staffPool,
  who: async (c, r) => {
    c.set('staffSub', await verifiedStaff(c, r.AccessToken));
    const res = await edgeApi<ConsoleApi>(c).console.me.$get();
    // a refusal (403: on no salon's team) is passed on as the API answered it
    return res.ok ? { me: await res.json() } : new Response(res.body, res);
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
  .post('/console/session/sign-up', validate('json', staffSignUpSchema), async (c) => {
    const { email, password, name } = c.req.valid('json');
    await admitStaffSignup(c.env.ABUSE, email, ipOf(c), Date.now());
    // every sign-up sends an email (a code, or the account-exists note): counted as a code sent
    await admitCodeSend(c.env.ABUSE, `staff:${email}`, ipOf(c), Date.now());
    try {
      await staffPool(c, 'SignUp', {
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'name', Value: name },
        ],
      });
    } catch (e) {
      if (!isProvider(e, 'UsernameExistsException')) throw e;
      await alreadySignedUp(c, email);
    }
    c.header('Cache-Control', 'no-store');
    return c.json(codeSentTo(email), 202);
  })
  .post('/console/session/confirm-sign-up', validate('json', staffConfirmSignUpSchema), async (c) => {
    const { email, code } = c.req.valid('json');
    await admitCodeCheck(c.env.ABUSE, `staff:${email}`, Date.now());
    try {
      await staffPool(c, 'ConfirmSignUp', { Username: email, ConfirmationCode: code });
    } catch (e) {
      // An account already confirmed answers as a wrong code does: nobody learns which emails have one.
      if (isProvider(e, 'NotAuthorizedException'))
        throw new AppError('BAD_REQUEST', 'Invalid verification code provided, please try again.', undefined, 'CodeMismatchException');
      asWrongCode(e);
    }
    return c.body(null, 204);
  })
  .post('/console/session/resend-code', validate('json', staffResendCodeSchema), async (c) => {
    const { email } = c.req.valid('json');
    await admitCodeSend(c.env.ABUSE, `staff:${email}`, ipOf(c), Date.now());
    try {
      await staffPool(c, 'ResendConfirmationCode', { Username: email });
    } catch (e) {
      // No account, or one already confirmed: the same answer, and no email.
      if (!isProvider(e, 'UserNotFoundException') && !isProvider(e, 'InvalidParameterException')) throw e;
    }
    return c.json(codeSentTo(email));
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
