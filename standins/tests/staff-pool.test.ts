import { createExecutionContext, env } from 'cloudflare:test';
import { AwsClient } from 'aws4fetch';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { describe, expect, it } from 'vitest';
import app from '../src/index';
import { LOCAL_POOL, standInJwks } from '../src/identity';
import { STAFF_POOL } from '../src/identity/staff/pool';

type Json = Record<string, unknown>;
const ENDPOINT = 'http://127.0.0.1:8788/__idp/';
const standIns = (url: string, init: RequestInit = {}) => app.request(url, init, env, createExecutionContext());
const aws = new AwsClient({
  accessKeyId: 'AKIALOCALSTANDIN0001',
  secretAccessKey: 'local_standin_aws_secret',
  service: 'cognito-idp',
  region: 'eu-west-1',
});

const headers = (action: string) => ({
  'Content-Type': 'application/x-amz-json-1.1',
  'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}`,
});
/** A public-client call (no credentials), as the edge makes it. */
const call = (action: string, body: Json) => standIns(ENDPOINT, { method: 'POST', headers: headers(action), body: JSON.stringify(body) });
/** An Admin* call signed with SigV4 by aws4fetch, as the product signs it. */
async function admin(action: string, body: Json) {
  const signed = await aws.sign(ENDPOINT, { method: 'POST', headers: headers(action), body: JSON.stringify(body) });
  return standIns(signed.url, { method: 'POST', headers: signed.headers, body: JSON.stringify(body) });
}
async function ok<T = Json>(res: Response | Promise<Response>): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(200);
  return JSON.parse(text) as T;
}
async function fails(res: Response | Promise<Response>) {
  const r = await res;
  expect(r.status).toBe(400);
  return (await r.json()) as { __type: string; message: string };
}

let seq = 0;
const freshEmail = () => `staff${Date.now()}${seq++}@example.test`;
const pool = { UserPoolId: STAFF_POOL.userPoolId };
const client = { ClientId: STAFF_POOL.clientId };
const signIn = (email: string, password: string) =>
  call('InitiateAuth', { ...client, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } });

/** The newest email the stand-ins sent to an address (the dev outbox's JSON). */
async function lastEmail(to: string) {
  const { data } = await ok<{ data: { subject: string; text: string; from: string }[] }>(
    standIns(`http://127.0.0.1:8788/__dev/outbox/emails.json?to=${to}`),
  );
  return data[0]!;
}

/** Invites someone and signs them in with the emailed temporary password, choosing `password`. */
async function invitedAndSignedIn(email: string, password = 'Chosen-pass1') {
  await ok(
    admin('AdminCreateUser', {
      ...pool,
      Username: email,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: 'Sam' },
      ],
    }),
  );
  const temporary = /temporary password is (\S+)\.$/.exec((await lastEmail(email)).text)![1]!;
  const challenge = await ok<{ Session: string }>(signIn(email, temporary));
  return ok<{ AuthenticationResult: { AccessToken: string; RefreshToken: string; IdToken: string } }>(
    call('RespondToAuthChallenge', {
      ...client,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: challenge.Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: password },
    }),
  );
}

describe('the staff pool: invitations (AdminCreateUser) and the first sign-in', () => {
  it('creates a FORCE_CHANGE_PASSWORD user and emails the temporary password to the outbox', async () => {
    const email = freshEmail();
    const r = await ok<{ User: { Username: string; UserStatus: string; Enabled: boolean; Attributes: { Name: string; Value: string }[] } }>(
      admin('AdminCreateUser', {
        ...pool,
        Username: email,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
        DesiredDeliveryMediums: ['EMAIL'],
      }),
    );
    expect(r.User).toMatchObject({ UserStatus: 'FORCE_CHANGE_PASSWORD', Enabled: true });
    expect(r.User.Username).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.User.Attributes).toContainEqual({ Name: 'email', Value: email });
    const mail = await lastEmail(email);
    expect(mail).toMatchObject({ subject: 'Your temporary password', from: 'no-reply@verificationemail.com' });
    expect(mail.text).toMatch(new RegExp(`^Your username is ${email} and temporary password is \\S{12}\\.$`));
    expect((await fails(admin('AdminCreateUser', { ...pool, Username: email }))).__type).toBe('UsernameExistsException');
  });

  it('answers NEW_PASSWORD_REQUIRED with a Session, then tokens of the staff pool once a new password is chosen', async () => {
    const email = freshEmail();
    await ok(admin('AdminCreateUser', { ...pool, Username: email, TemporaryPassword: 'Temp-pass1' }));
    const challenge = await ok<{ ChallengeName: string; Session: string; ChallengeParameters: Json; AuthenticationResult?: unknown }>(
      signIn(email, 'Temp-pass1'),
    );
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(challenge.AuthenticationResult).toBeUndefined();
    expect(challenge.ChallengeParameters).toMatchObject({ requiredAttributes: '[]' });
    const respond = (Session: string, NEW_PASSWORD: string) =>
      call('RespondToAuthChallenge', {
        ...client,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD },
      });
    expect((await fails(respond(challenge.Session, 'short'))).__type).toBe('InvalidPasswordException');
    expect((await fails(respond('x'.repeat(40), 'Chosen-pass1'))).__type).toBe('NotAuthorizedException');
    const done = await ok<{ AuthenticationResult: { AccessToken: string; IdToken: string; RefreshToken: string } }>(
      respond(challenge.Session, 'Chosen-pass1'),
    );
    // The staff pool's own issuer and client: aws-jwt-verify accepts it for this pool only.
    const jwks = await standInJwks(env.DB);
    const staffVerifier = CognitoJwtVerifier.create({
      userPoolId: STAFF_POOL.userPoolId,
      clientId: STAFF_POOL.clientId,
      tokenUse: 'access',
    });
    staffVerifier.cacheJwks(jwks);
    expect((await staffVerifier.verify(done.AuthenticationResult.AccessToken)).iss).toBe(STAFF_POOL.issuer);
    const clientVerifier = CognitoJwtVerifier.create({
      userPoolId: LOCAL_POOL.userPoolId,
      clientId: LOCAL_POOL.clientId,
      tokenUse: 'access',
    });
    clientVerifier.cacheJwks(jwks);
    await expect(clientVerifier.verify(done.AuthenticationResult.AccessToken)).rejects.toThrow();
    // The session is spent, the temporary password no longer works, the new one signs in with tokens.
    expect((await fails(respond(challenge.Session, 'Other-pass1'))).__type).toBe('NotAuthorizedException');
    expect((await fails(signIn(email, 'Temp-pass1'))).message).toBe('Incorrect username or password.');
    expect((await ok<{ AuthenticationResult: Json }>(signIn(email, 'Chosen-pass1'))).AuthenticationResult).toHaveProperty('RefreshToken');
  });

  it('signs in the demo owner, and GetUser answers the staff attributes', async () => {
    const r = await ok<{ AuthenticationResult: { AccessToken: string } }>(signIn('owner@willow-demo.test', 'Owner-pass1'));
    const me = await ok<{ UserAttributes: { Name: string; Value: string }[] }>(
      call('GetUser', { AccessToken: r.AuthenticationResult.AccessToken }),
    );
    expect(me.UserAttributes).toContainEqual({ Name: 'email', Value: 'owner@willow-demo.test' });
  });
});

describe('Admin* calls need IAM credentials (SigV4)', () => {
  const body = { ...pool, Username: 'nobody@example.test' };
  it.each([
    ['no Authorization header', {}, 'UnrecognizedClientException'],
    ['a header that is not SigV4', { Authorization: 'Bearer x', 'X-Amz-Date': '20261126T120000Z' }, 'IncompleteSignatureException'],
    [
      'a credential scoped to another service',
      {
        Authorization: `AWS4-HMAC-SHA256 Credential=AKIALOCALSTANDIN0001/20261126/eu-west-1/s3/aws4_request, SignedHeaders=host;x-amz-date, Signature=${'a'.repeat(64)}`,
        'X-Amz-Date': '20261126T120000Z',
      },
      'InvalidSignatureException',
    ],
  ])('refuses %s', async (_what, extra, type) => {
    const res = await standIns(ENDPOINT, { method: 'POST', headers: { ...headers('AdminGetUser'), ...extra }, body: JSON.stringify(body) });
    expect((await fails(res)).__type).toBe(type);
  });

  it('refuses another pool', async () => {
    expect((await fails(admin('AdminGetUser', { UserPoolId: LOCAL_POOL.userPoolId, Username: 'x@example.test' }))).__type).toBe(
      'ResourceNotFoundException',
    );
  });
});

describe('sign-out, removal and a forgotten password', () => {
  it('GlobalSignOut ends every session at once: the access token and the refresh token stop working', async () => {
    const email = freshEmail();
    const { AuthenticationResult: t } = await invitedAndSignedIn(email);
    await ok(call('GlobalSignOut', { AccessToken: t.AccessToken }));
    expect((await fails(call('GetUser', { AccessToken: t.AccessToken }))).message).toBe('Access Token has been revoked');
    const refresh = await fails(
      call('InitiateAuth', { ...client, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: t.RefreshToken } }),
    );
    expect(refresh.message).toBe('Refresh Token has been revoked');
  });

  it('AdminDisableUser stops sign-ins and sessions; AdminDeleteUser removes the user', async () => {
    const email = freshEmail();
    const { AuthenticationResult: t } = await invitedAndSignedIn(email);
    await ok(admin('AdminDisableUser', { ...pool, Username: email }));
    expect((await fails(signIn(email, 'Chosen-pass1'))).message).toBe('User is disabled.');
    expect((await fails(call('GetUser', { AccessToken: t.AccessToken }))).__type).toBe('NotAuthorizedException');
    expect((await ok<{ Enabled: boolean }>(admin('AdminGetUser', { ...pool, Username: email }))).Enabled).toBe(false);
    await ok(admin('AdminDeleteUser', { ...pool, Username: email }));
    expect((await fails(admin('AdminGetUser', { ...pool, Username: email }))).__type).toBe('UserNotFoundException');
    expect((await fails(signIn(email, 'Chosen-pass1'))).__type).toBe('NotAuthorizedException');
  });

  it('ForgotPassword emails a code; ConfirmForgotPassword sets the new password and ends the sessions', async () => {
    const email = freshEmail();
    const { AuthenticationResult: t } = await invitedAndSignedIn(email);
    const sent = await ok<{ CodeDeliveryDetails: Json }>(call('ForgotPassword', { ...client, Username: email }));
    expect(sent.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    const code = /code is (\d{6})$/.exec((await lastEmail(email)).text)![1]!;
    const confirm = (ConfirmationCode: string) =>
      call('ConfirmForgotPassword', { ...client, Username: email, ConfirmationCode, Password: 'Reset-pass1' });
    expect((await fails(confirm(code === '000000' ? '111111' : '000000'))).__type).toBe('CodeMismatchException');
    await ok(confirm(code));
    expect((await fails(call('GetUser', { AccessToken: t.AccessToken }))).__type).toBe('NotAuthorizedException');
    await ok(signIn(email, 'Reset-pass1'));
  });

  it('a user who never chose a password cannot reset it (Cognito: an administrator re-invites)', async () => {
    const email = freshEmail();
    await ok(admin('AdminCreateUser', { ...pool, Username: email, MessageAction: 'SUPPRESS' }));
    expect((await fails(call('ForgotPassword', { ...client, Username: email }))).__type).toBe('NotAuthorizedException');
    await ok(admin('AdminCreateUser', { ...pool, Username: email, MessageAction: 'RESEND' }));
    expect((await lastEmail(email)).subject).toBe('Your temporary password');
  });

  it("a client's pool calls never reach the staff pool, nor the reverse", async () => {
    // the clients' pool has no such user: with "prevent user existence errors", a wrong password
    expect(
      (
        await fails(
          call('InitiateAuth', {
            ClientId: LOCAL_POOL.clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: 'owner@willow-demo.test', PASSWORD: 'Owner-pass1' },
          }),
        )
      ).__type,
    ).toBe('NotAuthorizedException');
    const client = await ok<{ AuthenticationResult: { AccessToken: string } }>(
      call('InitiateAuth', {
        ClientId: LOCAL_POOL.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: '+447700900123', PASSWORD: 'Demo-pass1' },
      }),
    );
    // A client's token names the clients' app: GetUser answers the client, never a staff member.
    const me = await ok<{ UserAttributes: { Name: string; Value: string }[] }>(
      call('GetUser', { AccessToken: client.AuthenticationResult.AccessToken }),
    );
    expect(me.UserAttributes).toContainEqual({ Name: 'phone_number', Value: '+447700900123' });
  });
});
