import { createExecutionContext, env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import app from '../src/index';
import { LOCAL_POOL } from '../src/identity';

/** Cognito's choice-based sign-in (USER_AUTH) with a texted code (SMS_OTP), and passwordless sign-up. */

type Json = Record<string, unknown>;
const ENDPOINT = 'http://127.0.0.1:8788/__idp/';
const CLIENT = LOCAL_POOL.clientId;
const PASSWORD = 'Correct-horse1';

async function send(action: string, body: Json) {
  const res = await app.request(
    ENDPOINT,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}` },
      body: JSON.stringify({ ClientId: CLIENT, ...body }),
    },
    env,
    createExecutionContext(),
  );
  return { status: res.status, body: (await res.json()) as Json };
}
async function ok(action: string, body: Json) {
  const r = await send(action, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
async function fails(action: string, body: Json) {
  const r = await send(action, body);
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  return r.body as { __type: string; message: string };
}

let seq = 3000;
const freshPhone = () => `+4477009${String(seq++).padStart(5, '0')}`;

async function texts(phone: string) {
  const { results } = await env.DB.prepare('SELECT body FROM dev_outbox WHERE recipient = ? ORDER BY id DESC')
    .bind(phone)
    .all<{ body: string }>();
  return results.map((r) => r.body);
}
async function latestCode(phone: string) {
  const code = /code is (\d{6})$/.exec((await texts(phone))[0] ?? '')?.[1];
  if (!code) throw new Error(`no code for ${phone}`);
  return code;
}

/** A confirmed user (with a password unless `password` is null). */
async function user(password: string | null = PASSWORD) {
  const phone = freshPhone();
  await ok('SignUp', {
    Username: phone,
    ...(password ? { Password: password } : {}),
    UserAttributes: [{ Name: 'name', Value: 'Robin Test' }],
  });
  await ok('ConfirmSignUp', { Username: phone, ConfirmationCode: await latestCode(phone) });
  return phone;
}

const askCode = (phone: string) =>
  ok('InitiateAuth', { AuthFlow: 'USER_AUTH', AuthParameters: { USERNAME: phone, PREFERRED_CHALLENGE: 'SMS_OTP' } });
const answer = (phone: string, session: unknown, code: string) =>
  send('RespondToAuthChallenge', {
    ChallengeName: 'SMS_OTP',
    Session: session,
    ChallengeResponses: { USERNAME: phone, SMS_OTP_CODE: code },
  });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeEach(async () => {
  await env.DB.exec('DELETE FROM idp_throttle');
});

describe('identity stand-in: sign in with a texted code (USER_AUTH, SMS_OTP)', () => {
  it('texts a 6-digit code and answers the SMS_OTP challenge; the code answers tokens as a password does', async () => {
    const phone = await user();
    const challenge = await askCode(phone);
    expect(challenge).toEqual({
      ChallengeName: 'SMS_OTP',
      Session: expect.stringMatching(/^[\w-]{100,}$/),
      ChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS', CODE_DELIVERY_DESTINATION: `+*******${phone.slice(-4)}` },
    });
    expect((await texts(phone))[0]).toMatch(/^Your authentication code is \d{6}$/);
    const r = await answer(phone, challenge.Session, await latestCode(phone));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      ChallengeParameters: {},
      AuthenticationResult: {
        AccessToken: expect.any(String),
        ExpiresIn: 3600,
        TokenType: 'Bearer',
        RefreshToken: expect.any(String),
        IdToken: expect.any(String),
      },
    });
    // A Session signs in once.
    expect((await answer(phone, challenge.Session, await latestCode(phone))).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid session for the user, session can only be used once.',
    });
  });

  it('takes three wrong codes on one Session, then refuses it; the right code within the tries signs in', async () => {
    const phone = await user();
    const first = await askCode(phone);
    const code = await latestCode(phone);
    expect((await answer(phone, first.Session, wrong(code))).body).toEqual({
      __type: 'CodeMismatchException',
      message: 'Invalid code received for user',
    });
    expect((await answer(phone, first.Session, code)).status).toBe(200);

    const second = await askCode(phone);
    const code2 = await latestCode(phone);
    for (let i = 0; i < 3; i++) expect((await answer(phone, second.Session, wrong(code2))).body.__type).toBe('CodeMismatchException');
    expect((await answer(phone, second.Session, code2)).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid session for the user, session can only be used once.',
    });
  });

  it('refuses a Session after 3 minutes', async () => {
    const phone = await user();
    const c = await askCode(phone);
    await env.DB.prepare('UPDATE idp_auth_sessions SET expires_at = ?')
      .bind(Date.now() - 1)
      .run();
    expect((await answer(phone, c.Session, await latestCode(phone))).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  });

  it('throttles wrong codes as wrong passwords: five failures lock the number, even for the right code', async () => {
    const phone = await user();
    for (let round = 0; round < 2; round++) {
      const c = await askCode(phone);
      const code = await latestCode(phone);
      const tries = round === 0 ? 3 : 2;
      for (let i = 0; i < tries; i++) await answer(phone, c.Session, wrong(code));
    }
    expect(
      await fails('InitiateAuth', { AuthFlow: 'USER_AUTH', AuthParameters: { USERNAME: phone, PREFERRED_CHALLENGE: 'SMS_OTP' } }),
    ).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
  });

  it('limits the codes texted to a number: 5 an hour', async () => {
    const phone = await user();
    for (let i = 0; i < 5; i++) await askCode(phone);
    expect(
      (await fails('InitiateAuth', { AuthFlow: 'USER_AUTH', AuthParameters: { USERNAME: phone, PREFERRED_CHALLENGE: 'SMS_OTP' } })).__type,
    ).toBe('LimitExceededException');
  });

  it('answers a number with no account as one with an account, texts nothing, and no code matches', async () => {
    const phone = freshPhone();
    const c = await askCode(phone);
    expect(c.ChallengeName).toBe('SMS_OTP');
    expect(c.ChallengeParameters).toEqual({
      CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS',
      CODE_DELIVERY_DESTINATION: `+*******${phone.slice(-4)}`,
    });
    expect(await texts(phone)).toEqual([]);
    expect((await answer(phone, c.Session, '123456')).body.__type).toBe('CodeMismatchException');
  });

  it('without a preferred challenge offers a choice: PASSWORD and SMS_OTP, only SMS_OTP to a user without a password', async () => {
    const withPassword = await user();
    const select = await ok('InitiateAuth', { AuthFlow: 'USER_AUTH', AuthParameters: { USERNAME: withPassword } });
    expect(select).toEqual({
      ChallengeName: 'SELECT_CHALLENGE',
      Session: expect.any(String),
      ChallengeParameters: {},
      AvailableChallenges: ['PASSWORD', 'SMS_OTP'],
    });
    const chosen = await ok('RespondToAuthChallenge', {
      ChallengeName: 'SELECT_CHALLENGE',
      Session: select.Session,
      ChallengeResponses: { USERNAME: withPassword, ANSWER: 'SMS_OTP' },
    });
    expect(chosen.ChallengeName).toBe('SMS_OTP');
    expect((await answer(withPassword, chosen.Session, await latestCode(withPassword))).status).toBe(200);

    const passwordless = await user(null);
    const choice = await ok('InitiateAuth', { AuthFlow: 'USER_AUTH', AuthParameters: { USERNAME: passwordless } });
    expect(choice.AvailableChallenges).toEqual(['SMS_OTP']);
  });
});

describe('identity stand-in: passwordless sign-up', () => {
  it('signs up without a password, confirms with the texted code and signs in with ConfirmSignUp’s Session; no password works', async () => {
    const phone = freshPhone();
    const signUp = await ok('SignUp', { Username: phone, UserAttributes: [{ Name: 'name', Value: 'Sam Code' }] });
    expect(signUp).toMatchObject({ UserConfirmed: false, Session: expect.any(String) });
    const confirmed = await ok('ConfirmSignUp', { Username: phone, ConfirmationCode: await latestCode(phone), Session: signUp.Session });
    expect(confirmed.Session).toEqual(expect.any(String));
    const signedIn = await ok('InitiateAuth', { AuthFlow: 'USER_AUTH', Session: confirmed.Session, AuthParameters: { USERNAME: phone } });
    expect(signedIn.AuthenticationResult).toMatchObject({ TokenType: 'Bearer' });
    expect(
      (await fails('InitiateAuth', { AuthFlow: 'USER_AUTH', Session: confirmed.Session, AuthParameters: { USERNAME: phone } })).message,
    ).toBe('Invalid session for the user, session can only be used once.');
    expect(
      (await fails('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: phone, PASSWORD: '' + PASSWORD } }))
        .message,
    ).toBe('Incorrect username or password.');
    // Later sign-ins: a texted code.
    const c = await askCode(phone);
    expect((await answer(phone, c.Session, await latestCode(phone))).status).toBe(200);
  });
});
