import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import app from '../src/index';
import { STAFF_POOL } from '../src/identity/staff/pool';

/** The staff pool's own sign-up (issue 49): SignUp, ConfirmSignUp, ResendConfirmationCode by email. */
type Json = Record<string, unknown>;
const ENDPOINT = 'http://127.0.0.1:8788/__idp/';
const standIns = (url: string, init: RequestInit = {}) => app.request(url, init, env, createExecutionContext());
const call = (action: string, body: Json) =>
  standIns(ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}` },
    body: JSON.stringify(body),
  });
async function ok<T = Json>(res: Response | Promise<Response>): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(200);
  return JSON.parse(text) as T;
}
async function fails(res: Response | Promise<Response>) {
  const r = await res;
  expect(r.status).toBe(400);
  expect(r.headers.get('x-amzn-ErrorType')).toMatch(/Exception:$/);
  return (await r.json()) as { __type: string; message: string };
}

let seq = 0;
const freshEmail = () => `signup${Date.now()}${seq++}@example.test`;
const client = { ClientId: STAFF_POOL.clientId };
const signUp = (email: string, password = 'Signed-up1', name = 'Robin Shaw') =>
  call('SignUp', {
    ...client,
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'name', Value: name },
    ],
  });
const confirm = (email: string, code: string) => call('ConfirmSignUp', { ...client, Username: email, ConfirmationCode: code });
const signIn = (email: string, password = 'Signed-up1') =>
  call('InitiateAuth', { ...client, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } });

async function emailsTo(to: string) {
  const { data } = await ok<{ data: { subject: string; text: string; from: string }[] }>(
    standIns(`http://127.0.0.1:8788/__dev/outbox/emails.json?to=${to}`),
  );
  return data;
}
const codeOf = async (email: string) => /^Your verification code is (\d{6})$/.exec((await emailsTo(email))[0]!.text)![1]!;
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('the staff pool: SignUp, ConfirmSignUp and ResendConfirmationCode', () => {
  it('signs up an UNCONFIRMED user, emails a 6-digit code; ConfirmSignUp with it lets them sign in', async () => {
    const email = freshEmail();
    const up = await ok<Json>(signUp(email));
    expect(up).toMatchObject({
      UserConfirmed: false,
      CodeDeliveryDetails: { Destination: 's***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    });
    expect(up.UserSub).toMatch(/^[0-9a-f-]{36}$/);
    const [mail] = await emailsTo(email);
    expect(mail).toMatchObject({ subject: 'Your verification code', from: 'no-reply@verificationemail.com' });
    // the right password of an unconfirmed user: Cognito says so, and answers no tokens
    expect(await fails(signIn(email))).toEqual({ __type: 'UserNotConfirmedException', message: 'User is not confirmed.' });
    expect((await fails(signIn(email, 'Wrong-pass1'))).__type).toBe('NotAuthorizedException');
    const code = await codeOf(email);
    expect(await fails(confirm(email, wrong(code)))).toMatchObject({ __type: 'CodeMismatchException' });
    expect(await ok(confirm(email, code))).toEqual({});
    const signedIn = await ok<{ AuthenticationResult: { AccessToken: string } }>(signIn(email));
    const me = await ok<{ Username: string; UserAttributes: { Name: string; Value: string }[] }>(
      call('GetUser', { AccessToken: signedIn.AuthenticationResult.AccessToken }),
    );
    expect(me.Username).toBe(up.UserSub);
    expect(me.UserAttributes).toContainEqual({ Name: 'name', Value: 'Robin Shaw' });
    expect(me.UserAttributes).toContainEqual({ Name: 'email_verified', Value: 'true' });
    // once confirmed: no second confirmation, no more codes
    expect(await fails(confirm(email, code))).toEqual({
      __type: 'NotAuthorizedException',
      message: 'User cannot be confirmed. Current status is CONFIRMED',
    });
    expect(await fails(call('ResendConfirmationCode', { ...client, Username: email }))).toEqual({
      __type: 'InvalidParameterException',
      message: 'User is already confirmed.',
    });
  });

  it('a taken email is UsernameExistsException, whatever its case, confirmed or not', async () => {
    const email = freshEmail();
    await ok(signUp(email));
    expect(await fails(signUp(email.toUpperCase()))).toEqual({
      __type: 'UsernameExistsException',
      message: 'An account with the given email already exists.',
    });
    // an invited member's (and the demo owner's) email too
    expect((await fails(signUp('owner@willow-demo.test'))).__type).toBe('UsernameExistsException');
  });

  it("refuses a password the pool's policy refuses, and a Username that is not an email", async () => {
    expect((await fails(signUp(freshEmail(), 'short'))).__type).toBe('InvalidPasswordException');
    expect(await fails(signUp('not-an-email'))).toMatchObject({
      __type: 'InvalidParameterException',
      message: 'Invalid email address format.',
    });
  });

  it('ResendConfirmationCode emails a new code and the old one stops working', async () => {
    const email = freshEmail();
    await ok(signUp(email));
    const first = await codeOf(email);
    const resent = await ok<Json>(call('ResendConfirmationCode', { ...client, Username: email }));
    expect(resent).toEqual({ CodeDeliveryDetails: { Destination: 's***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' } });
    expect(await emailsTo(email)).toHaveLength(2);
    const second = await codeOf(email);
    if (first !== second) expect((await fails(confirm(email, first))).__type).toBe('CodeMismatchException');
    await ok(confirm(email, second));
  });

  it('a code expires after 24 hours: ExpiredCodeException, and a resent one works', async () => {
    const email = freshEmail();
    const up = await ok<{ UserSub: string }>(signUp(email));
    const code = await codeOf(email);
    const stored = await env.DB.prepare('SELECT expires_at FROM staff_sign_up_codes WHERE sub = ?')
      .bind(up.UserSub)
      .first<{ expires_at: number }>();
    const user = await env.DB.prepare('SELECT created_at FROM staff_users WHERE sub = ?').bind(up.UserSub).first<{ created_at: number }>();
    expect(stored!.expires_at - user!.created_at).toBe(24 * 3600_000);
    await env.DB.prepare('UPDATE staff_sign_up_codes SET expires_at = ? WHERE sub = ?')
      .bind(Date.now() - 1, up.UserSub)
      .run();
    expect(await fails(confirm(email, code))).toEqual({
      __type: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
    await ok(call('ResendConfirmationCode', { ...client, Username: email }));
    await ok(confirm(email, await codeOf(email)));
    await ok(signIn(email));
  });

  it('a code allows 5 tries, then LimitExceededException even for the right code', async () => {
    const email = freshEmail();
    await ok(signUp(email));
    const code = await codeOf(email);
    const tries = await Promise.all(Array.from({ length: 8 }, () => fails(confirm(email, wrong(code)))));
    expect(tries.filter((t) => t.__type === 'CodeMismatchException')).toHaveLength(5);
    expect(tries.filter((t) => t.__type === 'LimitExceededException')).toHaveLength(3);
    expect((await fails(confirm(email, code))).__type).toBe('LimitExceededException');
  });

  it('sends at most 5 codes an hour to an address', async () => {
    const email = freshEmail();
    await ok(signUp(email));
    for (let i = 0; i < 4; i++) await ok(call('ResendConfirmationCode', { ...client, Username: email }));
    expect((await fails(call('ResendConfirmationCode', { ...client, Username: email }))).__type).toBe('LimitExceededException');
  });

  it('an unknown email is answered as if it existed (PreventUserExistenceErrors): a wrong code, a simulated delivery', async () => {
    const email = freshEmail();
    expect((await fails(confirm(email, '123456'))).__type).toBe('CodeMismatchException');
    expect(await ok(call('ResendConfirmationCode', { ...client, Username: email }))).toEqual({
      CodeDeliveryDetails: { Destination: 's***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    });
    expect(await emailsTo(email)).toHaveLength(0);
  });

  it('an unconfirmed user cannot reset a password: there is no verified address', async () => {
    const email = freshEmail();
    await ok(signUp(email));
    expect((await fails(call('ForgotPassword', { ...client, Username: email }))).__type).toBe('InvalidParameterException');
  });

  it('two sign-ups of one new email at once: one user, the other UsernameExistsException', async () => {
    for (let round = 0; round < 10; round++) {
      const email = freshEmail();
      const answers = await Promise.all([signUp(email), signUp(email)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
      const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM staff_users WHERE email = ?').bind(email).first<{ n: number }>();
      expect(n!.n).toBe(1);
    }
  });
});
