import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { validate } from '../validate';
import { cognito } from './identity';
import { endSessionOf, verifiedClient } from './client-auth';
import { edgeApi } from './api-client';
import { poolSession, type AuthResult } from './pool-session';
import {
  loginRequest,
  phoneRequest,
  phoneVerifyRequest,
  profileChange,
  resetRequest,
  signupConfirmRequest,
  signupRequest,
} from '../../shared/account-schemas';
import { addressOf, admitCodeCheck, admitCodeSend, admitLogin, admitNumber, admitSignup, loginSucceeded } from '../abuse/limits';
import { asWrongCode, asWrongPassword, codeSent } from './user-existence';
import { codeSignIn, sendSignInCode, tellClientLater } from './code-sign-in';

interface CognitoUser {
  Username: string;
  UserAttributes: { Name: string; Value: string }[];
}
interface CodeDelivery {
  CodeDeliveryDetails: { Destination: string };
}
/** SignUp's answer: its Session lets ConfirmSignUp sign a passwordless account in. */
interface SignUpAnswer extends Partial<CodeDelivery> {
  UserConfirmed: boolean;
  Session?: string;
}

/** The user as the client sees it; `phone_number_verified` false until a texted code proves the number. */
function userOf(u: CognitoUser) {
  const attr = (name: string) => u.UserAttributes.find((a) => a.Name === name)?.Value ?? '';
  return {
    username: u.Username,
    name: attr('name'),
    email: attr('email'),
    phone_number: attr('phone_number'),
    phone_number_verified: attr('phone_number_verified') === 'true',
  };
}

/**
 * Tells the booking API that the client's phone changed or was verified (PUT client/identity/),
 * so that requests reach the number it has proved, and none while it has proved none. A failure
 * is logged: the change itself stands, and the API learns the number on the client's next call.
 */
async function refreshClient(c: Context<AppEnv>) {
  try {
    c.set('clientSub', await verifiedClient(c));
    const res = await edgeApi(c).client.identity.index.$put();
    if (!res.ok) console.error(`[${c.get('requestId')}] client identity not refreshed: ${res.status}`);
  } catch (e) {
    console.error(`[${c.get('requestId')}] client identity not refreshed:`, e instanceof Error ? e.message : 'unknown error');
  }
}

/** Checks a phone number and password with Cognito: its tokens, or its refusal. */
async function authenticate(c: Context<AppEnv>, phone: string, password: string): Promise<AuthResult> {
  const r = await cognito<{ AuthenticationResult: AuthResult }>(c, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: phone, PASSWORD: password },
  });
  return r.AuthenticationResult;
}

/**
 * The client's session, kept by the edge (pool-session.ts) with the clients' pool and the
 * `__Host-session` cookie. Every action is a Cognito call (AWS or the stand-in).
 */
const sessions = poolSession({
  cookie: 'session',
  call: cognito,
  who: async (c, r) => ({ user: userOf(await cognito<CognitoUser>(c, 'GetUser', { AccessToken: r.AccessToken })) }),
});
const startSession = sessions.start;

/** SignUp's Session between sign-up and its code (3 minutes, the app client's AuthSessionValidity). */
const SIGNUP_COOKIE = 'sign-up';
const SIGNUP_COOKIE_OPTIONS = { prefix: 'host', httpOnly: true, secure: true, sameSite: 'Strict', path: '/', maxAge: 180 } as const;

/**
 * The client's own access token, verified against the clients' pool first: Cognito's GetUser
 * answers any pool's token at its regional endpoint, so a staff token must never get this far.
 */
async function bearer(c: Context<AppEnv>): Promise<string> {
  const t = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
  if (!t) throw new AppError('UNAUTHORIZED', 'No token saved! Please log in to continue.');
  await verifiedClient(c);
  return t;
}

export const session = new Hono<AppEnv>()
  .use('/session/*', async (c, next) => {
    // JSON only: a cross-site form cannot post here, and browsers preflight other origins.
    if (c.req.method !== 'GET' && !(c.req.header('Content-Type') ?? '').startsWith('application/json')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send JSON (Content-Type: application/json)');
    }
    await next();
  })
  .post('/session/login', validate('json', loginRequest), async (c) => {
    const { phone: p, password: pw } = c.req.valid('json');
    const address = addressOf(c.req.header('CF-Connecting-IP'));
    await admitNumber(c.env.ABUSE, p, address, Date.now());
    await admitLogin(c.env.ABUSE, p, address, Date.now(), tellClientLater(c, p));
    const r = await authenticate(c, p, pw).catch(asWrongPassword);
    await loginSucceeded(c.env.ABUSE, p, address);
    return await startSession(c, r);
  })
  // No session is an ordinary answer for a visitor, not an error.
  .post('/session/refresh', (c) => sessions.refresh(c))
  .post('/session/logout', async (c) => {
    // The access token the client holds stops working now, not when it expires.
    await endSessionOf(c);
    await sessions.end(c);
    return c.body(null, 204);
  })
  .route(
    '/',
    codeSignIn((c, r) => startSession(c, r)),
  )
  .post('/session/signup', validate('json', signupRequest), async (c) => {
    const b = c.req.valid('json');
    await admitNumber(c.env.ABUSE, b.phone, addressOf(c.req.header('CF-Connecting-IP')), Date.now());
    await admitSignup(c.env.ABUSE, addressOf(c.req.header('CF-Connecting-IP')), Date.now());
    const r = await cognito<SignUpAnswer>(c, 'SignUp', {
      Username: b.phone,
      // Without one, a passwordless account (the pool allows SMS_OTP sign-in): docs/booking/accounts-and-money.md §7.
      ...(b.password ? { Password: b.password } : {}),
      UserAttributes: [
        { Name: 'phone_number', Value: b.phone },
        { Name: 'email', Value: b.email },
        { Name: 'given_name', Value: b.first_name },
        { Name: 'family_name', Value: b.last_name },
        { Name: 'name', Value: `${b.first_name} ${b.last_name}` },
      ],
    });
    if (r.UserConfirmed && b.password) return await startSession(c, await authenticate(c, b.phone, b.password));
    // SignUp's Session lets ConfirmSignUp sign a passwordless account in without a second code.
    if (r.Session) setCookie(c, SIGNUP_COOKIE, r.Session, SIGNUP_COOKIE_OPTIONS);
    // The pool proves the number first: the client enters the code texted to it (/session/signup/confirm).
    return c.json({ status: 'code_sent', destination: r.CodeDeliveryDetails?.Destination ?? '' }, 202);
  })
  .post('/session/signup/confirm', validate('json', signupConfirmRequest), async (c) => {
    const b = c.req.valid('json');
    await admitNumber(c.env.ABUSE, b.phone, addressOf(c.req.header('CF-Connecting-IP')), Date.now());
    await admitCodeCheck(c.env.ABUSE, b.phone, Date.now());
    const Session = getCookie(c, SIGNUP_COOKIE, 'host');
    const r = await cognito<{ Session?: string }>(c, 'ConfirmSignUp', {
      Username: b.phone,
      ConfirmationCode: b.code,
      ...(Session ? { Session } : {}),
    }).catch(asWrongCode);
    deleteCookie(c, SIGNUP_COOKIE, SIGNUP_COOKIE_OPTIONS);
    if (b.password) return await startSession(c, await authenticate(c, b.phone, b.password));
    // No password: ConfirmSignUp's Session signs the client in (USER_AUTH), as the code it just entered
    // proved the number; past the Session's 3 minutes, a sign-in code is texted instead.
    if (r.Session) {
      const signedIn = await cognito<{ AuthenticationResult: AuthResult }>(c, 'InitiateAuth', {
        AuthFlow: 'USER_AUTH',
        Session: r.Session,
        AuthParameters: { USERNAME: b.phone },
      });
      return await startSession(c, signedIn.AuthenticationResult);
    }
    await admitCodeSend(c.env.ABUSE, b.phone, addressOf(c.req.header('CF-Connecting-IP')), Date.now());
    return c.json({ status: 'sign_in_code_sent', ...(await sendSignInCode(c, b.phone)) }, 202);
  })
  .post('/session/signup/resend', validate('json', phoneRequest), async (c) => {
    const p = c.req.valid('json').phone;
    await admitNumber(c.env.ABUSE, p, addressOf(c.req.header('CF-Connecting-IP')), Date.now());
    await admitCodeSend(c.env.ABUSE, p, addressOf(c.req.header('CF-Connecting-IP')), Date.now());
    return c.json(await codeSent(p, () => cognito<CodeDelivery>(c, 'ResendConfirmationCode', { Username: p })));
  })
  .post('/session/forgot', validate('json', phoneRequest), async (c) => {
    const p = c.req.valid('json').phone;
    await admitNumber(c.env.ABUSE, p, addressOf(c.req.header('CF-Connecting-IP')), Date.now());
    await admitCodeSend(c.env.ABUSE, p, addressOf(c.req.header('CF-Connecting-IP')), Date.now());
    // The same answer for a number with or without an account (Cognito's "prevent user existence errors").
    return c.json(await codeSent(p, () => cognito<CodeDelivery>(c, 'ForgotPassword', { Username: p })));
  })
  .post('/session/reset', validate('json', resetRequest), async (c) => {
    const b = c.req.valid('json');
    await admitNumber(c.env.ABUSE, b.phone, addressOf(c.req.header('CF-Connecting-IP')), Date.now());
    await admitCodeCheck(c.env.ABUSE, b.phone, Date.now());
    await cognito(c, 'ConfirmForgotPassword', { Username: b.phone, ConfirmationCode: b.code, Password: b.password }).catch(asWrongCode);
    return c.body(null, 204);
  })
  .get('/session/me', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(userOf(await cognito<CognitoUser>(c, 'GetUser', { AccessToken: await bearer(c) })));
  })
  .patch('/session/me', validate('json', profileChange), async (c) => {
    const token = await bearer(c);
    const b = c.req.valid('json');
    // A new number is texted a code: counted as any code sent on request.
    if (b.phone_number) await admitCodeSend(c.env.ABUSE, b.phone_number, addressOf(c.req.header('CF-Connecting-IP')), Date.now());
    await cognito(c, 'UpdateUserAttributes', {
      AccessToken: token,
      UserAttributes: Object.entries(b).map(([Name, Value]) => ({ Name, Value })),
    });
    // the API texts and emails the client (reminders) at what it knows: a new number or address is told to it
    if (b.phone_number || b.email) await refreshClient(c);
    return c.json(userOf(await cognito<CognitoUser>(c, 'GetUser', { AccessToken: token })));
  })
  // A changed phone number is unverified (Cognito texts it a code) until the client enters that code.
  .post('/session/me/phone/code', async (c) => {
    const token = await bearer(c);
    const me = userOf(await cognito<CognitoUser>(c, 'GetUser', { AccessToken: token }));
    await admitCodeSend(c.env.ABUSE, me.phone_number, addressOf(c.req.header('CF-Connecting-IP')), Date.now());
    const r = await cognito<CodeDelivery>(c, 'GetUserAttributeVerificationCode', { AccessToken: token, AttributeName: 'phone_number' });
    return c.json({ destination: r.CodeDeliveryDetails.Destination });
  })
  .post('/session/me/phone/verify', validate('json', phoneVerifyRequest), async (c) => {
    const token = await bearer(c);
    const me = userOf(await cognito<CognitoUser>(c, 'GetUser', { AccessToken: token }));
    await admitCodeCheck(c.env.ABUSE, me.phone_number, Date.now());
    await cognito(c, 'VerifyUserAttribute', { AccessToken: token, AttributeName: 'phone_number', Code: c.req.valid('json').code });
    await refreshClient(c);
    return c.json(userOf(await cognito<CognitoUser>(c, 'GetUser', { AccessToken: token })));
  });
