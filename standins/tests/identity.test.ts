import { createExecutionContext, env, SELF } from 'cloudflare:test';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import app from '../src/index';
import { LOCAL_POOL, standInJwks } from '../src/identity';
import { signJwt } from '../src/identity/jwt';
import { passwordProblem } from '../src/identity/passwords';
import { privateKeyOf, signingKeys } from '../src/identity/signing-keys';
import { backoffMs, isExpired, lockedUntil, type Counter } from '../src/identity/throttle';
import { describeIssues, memberPath } from '../src/identity/validation';
import { deliveryDestination, maskEmail, maskPhone } from '../src/outbox';

// ---- helpers --------------------------------------------------------------------------------

type Json = Record<string, unknown>;
interface CognitoFailure {
  __type: string;
  message: string;
}
interface AuthResult {
  ChallengeParameters: Json;
  AuthenticationResult: { AccessToken: string; ExpiresIn: number; TokenType: string; RefreshToken?: string; IdToken: string };
}
interface UserAnswer {
  Username: string;
  UserAttributes: { Name: string; Value: string }[];
}

/** Where the product's settings name the stand-ins Worker in development (scripts/lib.mjs). */
const STANDINS = 'http://127.0.0.1:8788';
/** The product's COGNITO_ENDPOINT and COGNITO_JWKS_URL. */
const ENDPOINT = `${STANDINS}/__idp/`;
const JWKS_URL = `${STANDINS}/__idp/${LOCAL_POOL.userPoolId}/.well-known/jwks.json`;

/** A request to the whole stand-ins Worker, as the product (or a browser) sends it over HTTP. */
const standIns = (url: string, init: RequestInit = {}) => app.request(url, init, env, createExecutionContext());

const CLIENT = LOCAL_POOL.clientId;
const DEMO = { phone: '+447700900123', password: 'Demo-pass1', sub: '5f0c6c2e-8d4a-4a1e-9a57-2b1f1a0c0123' };
const PASSWORD = 'Correct-horse1';

async function send(action: string, body: unknown, headers: Record<string, string> = {}) {
  return standIns(ENDPOINT, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}`,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** An action that must succeed. */
async function ok<T = Json>(action: string, body: Json, headers?: Record<string, string>): Promise<T> {
  const res = await send(action, body, headers);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  expect(res.headers.get('Content-Type')).toBe('application/x-amz-json-1.1');
  return JSON.parse(text) as T;
}

/** An action that must fail as Cognito fails: HTTP 400, {__type, message}. */
async function fails(action: string, body: unknown, headers?: Record<string, string>): Promise<CognitoFailure> {
  const res = await send(action, body, headers);
  const text = await res.text();
  expect(res.status, text).toBe(400);
  const parsed = JSON.parse(text) as CognitoFailure;
  expect(Object.keys(parsed).sort()).toEqual(['__type', 'message']);
  expect(res.headers.get('x-amzn-ErrorType')).toBe(`${parsed.__type}:`);
  return parsed;
}

let phoneSeq = 1000;
/** A phone number no other test uses. */
const freshPhone = () => `+4477009${String(phoneSeq++).padStart(5, '0')}`;

/** Signs up a user and confirms it with the code texted to its number, as a client does. */
async function signUp(phone = freshPhone(), password = PASSWORD, attributes: { Name: string; Value: string }[] = []) {
  const answer = await signUpUnconfirmed(phone, password, attributes);
  await ok('ConfirmSignUp', { ClientId: CLIENT, Username: phone, ConfirmationCode: await latestCode(phone) });
  return { phone, password, sub: answer.UserSub, answer };
}

async function signUpUnconfirmed(phone: string, password = PASSWORD, attributes: { Name: string; Value: string }[] = []) {
  return ok<{ UserConfirmed: boolean; UserSub: string; CodeDeliveryDetails: Json }>('SignUp', {
    ClientId: CLIENT,
    Username: phone,
    Password: password,
    UserAttributes: [{ Name: 'name', Value: 'Robin Test' }, { Name: 'email', Value: 'robin@example.test' }, ...attributes],
  });
}

const passwordAuth = (phone: string, password: string, headers?: Record<string, string>) => ({
  body: { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT, AuthParameters: { USERNAME: phone, PASSWORD: password } },
  headers,
});
const signIn = (phone: string, password: string, headers?: Record<string, string>) => {
  const { body } = passwordAuth(phone, password);
  return ok<AuthResult>('InitiateAuth', body, headers);
};
const signInFails = (phone: string, password: string, headers?: Record<string, string>) =>
  fails('InitiateAuth', passwordAuth(phone, password).body, headers);

const refresh = (token: string) =>
  send('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: CLIENT, AuthParameters: { REFRESH_TOKEN: token } });

function claimsOf(jwt: string): { header: Json; claims: Json } {
  const [h, p] = jwt.split('.') as [string, string];
  const decode = (s: string) => JSON.parse(atob(s.replace(/-/g, '+').replace(/_/g, '/'))) as Json;
  return { header: decode(h), claims: decode(p) };
}

/** Moves every abuse counter back in time, as if `ms` had passed. */
const travel = (ms: number) => env.DB.prepare('UPDATE idp_throttle SET first_at = first_at - ?1, last_at = last_at - ?1').bind(ms).run();

async function latestCode(phone: string): Promise<string> {
  const row = await env.DB.prepare('SELECT body FROM dev_outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1')
    .bind(phone)
    .first<{ body: string }>();
  const code = /^Your (?:password reset|verification) code is (\d{6})$/.exec(row?.body ?? '')?.[1];
  if (!code) throw new Error(`no code for ${phone}`);
  return code;
}

beforeEach(async () => {
  await env.DB.exec('DELETE FROM idp_throttle');
});

// ---- tokens ---------------------------------------------------------------------------------

describe('identity stand-in: sign-up, sign-in and tokens', () => {
  it('signs up an unconfirmed user whose username is a UUID sub, texts a code, and signs in once the code confirms it', async () => {
    const phone = freshPhone();
    const answer = await signUpUnconfirmed(phone);
    expect(answer).toEqual({
      UserConfirmed: false,
      UserSub: expect.stringMatching(/^[0-9a-f-]{36}$/),
      CodeDeliveryDetails: { Destination: `+*******${phone.slice(-4)}`, DeliveryMedium: 'SMS', AttributeName: 'phone_number' },
      // for ConfirmSignUp, so that USER_AUTH can sign the user in straight after (choice-sign-in.test.ts)
      Session: expect.any(String),
    });
    // The right password of an unconfirmed user is not a sign-in.
    expect(await signInFails(phone, PASSWORD)).toEqual({ __type: 'UserNotConfirmedException', message: 'User is not confirmed.' });
    const user = await signUp(freshPhone());
    const result = await signIn(user.phone, user.password);
    expect(result.ChallengeParameters).toEqual({});
    expect(result.AuthenticationResult).toEqual({
      AccessToken: expect.any(String),
      ExpiresIn: 3600,
      TokenType: 'Bearer',
      RefreshToken: expect.stringMatching(/^[A-Za-z0-9_-]{64}$/),
      IdToken: expect.any(String),
    });
  });

  it('issues tokens that aws-jwt-verify accepts for the local pool, with Cognito claims', async () => {
    const user = await signUp();
    const before = Math.floor(Date.now() / 1000);
    const { AuthenticationResult: tokens } = await signIn(user.phone, user.password);
    const jwks = await standInJwks(env.DB);

    const idVerifier = CognitoJwtVerifier.create({ userPoolId: LOCAL_POOL.userPoolId, clientId: CLIENT, tokenUse: 'id' });
    idVerifier.cacheJwks(jwks);
    const id = await idVerifier.verify(tokens.IdToken);
    const accessVerifier = CognitoJwtVerifier.create({ userPoolId: LOCAL_POOL.userPoolId, clientId: CLIENT, tokenUse: 'access' });
    accessVerifier.cacheJwks(jwks);
    const access = await accessVerifier.verify(tokens.AccessToken);
    // Each verifier refuses the other kind of token.
    await expect(idVerifier.verify(tokens.AccessToken)).rejects.toThrow();
    await expect(accessVerifier.verify(tokens.IdToken)).rejects.toThrow();

    expect(Object.keys(id).sort()).toEqual(
      [
        'aud',
        'auth_time',
        'cognito:username',
        'email',
        'exp',
        'iat',
        'iss',
        'jti',
        'name',
        'origin_jti',
        'phone_number',
        'phone_number_verified',
        'sub',
        'token_use',
      ].sort(),
    );
    expect(id).toMatchObject({
      sub: user.sub,
      aud: CLIENT,
      token_use: 'id',
      iss: LOCAL_POOL.issuer,
      'cognito:username': user.sub,
      phone_number: user.phone,
      phone_number_verified: true,
      email: 'robin@example.test',
      name: 'Robin Test',
    });
    expect(Object.keys(access).sort()).toEqual(
      ['auth_time', 'client_id', 'exp', 'iat', 'iss', 'jti', 'origin_jti', 'scope', 'sub', 'token_use', 'username'].sort(),
    );
    expect(access).toMatchObject({
      sub: user.sub,
      client_id: CLIENT,
      token_use: 'access',
      iss: LOCAL_POOL.issuer,
      scope: 'aws.cognito.signin.user.admin',
      username: user.sub,
    });
    for (const claims of [id, access]) {
      expect(claims.iat).toBeGreaterThanOrEqual(before);
      expect(claims.exp - claims.iat).toBe(3600);
      expect(claims.auth_time).toBe(claims.iat);
    }
    expect(id.jti).not.toBe(access.jti);

    const idHeader = claimsOf(tokens.IdToken).header;
    const accessHeader = claimsOf(tokens.AccessToken).header;
    expect(idHeader).toEqual({ kid: jwks.keys[0]!.kid, alg: 'RS256' });
    expect(accessHeader).toEqual({ kid: jwks.keys[1]!.kid, alg: 'RS256' });
    expect(idHeader.kid).not.toBe(accessHeader.kid);
  });

  it('serves the JWKS at /__idp/{pool id}/.well-known/jwks.json (COGNITO_JWKS_URL), the same as standInJwks()', async () => {
    const res = await standIns(JWKS_URL);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
    const served = (await res.json()) as { keys: Json[] };
    expect(served).toEqual(await standInJwks(env.DB));
    expect(served.keys).toHaveLength(2);
    for (const key of served.keys) {
      expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' });
      // 2048-bit modulus: 256 bytes, 342 base64url characters.
      expect(String(key.n)).toHaveLength(342);
    }
    expect(served.keys[0]!.kid).not.toBe(served.keys[1]!.kid);
  });

  it('signs in the seeded demo client with Demo-pass1', async () => {
    const { AuthenticationResult: tokens } = await signIn(DEMO.phone, DEMO.password);
    const me = await ok<UserAnswer>('GetUser', { AccessToken: tokens.AccessToken });
    expect(me.Username).toBe(DEMO.sub);
    expect(me.UserAttributes).toEqual([
      { Name: 'sub', Value: DEMO.sub },
      { Name: 'phone_number_verified', Value: 'true' },
      { Name: 'phone_number', Value: DEMO.phone },
      { Name: 'name', Value: 'Jamie Rivers' },
      { Name: 'email', Value: 'jamie@example.test' },
    ]);
    expect(claimsOf(tokens.IdToken).claims).toMatchObject({ sub: DEMO.sub, name: 'Jamie Rivers', phone_number: DEMO.phone });
  });

  it('refreshes: new ID and access tokens of the same session, and no new refresh token', async () => {
    const user = await signUp();
    const first = (await signIn(user.phone, user.password)).AuthenticationResult;
    const res = await refresh(first.RefreshToken!);
    expect(res.status).toBe(200);
    const again = (await res.json()) as AuthResult;
    expect(again.ChallengeParameters).toEqual({});
    expect(Object.keys(again.AuthenticationResult).sort()).toEqual(['AccessToken', 'ExpiresIn', 'IdToken', 'TokenType']);
    const oldId = claimsOf(first.IdToken).claims;
    const newId = claimsOf(again.AuthenticationResult.IdToken).claims;
    expect(newId.origin_jti).toBe(oldId.origin_jti);
    expect(newId.auth_time).toBe(oldId.auth_time);
    expect(newId.jti).not.toBe(oldId.jti);
    expect(await ok<UserAnswer>('GetUser', { AccessToken: again.AuthenticationResult.AccessToken })).toMatchObject({ Username: user.sub });

    expect(
      await fails('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: CLIENT, AuthParameters: { REFRESH_TOKEN: 'not-a-token' } }),
    ).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
    await env.DB.prepare('UPDATE idp_sessions SET expires_at = ? WHERE sub = ?')
      .bind(Date.now() - 1, user.sub)
      .run();
    expect(await (await refresh(first.RefreshToken!)).json()).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Refresh Token has expired',
    });
  });

  it('stores refresh tokens only as SHA-256 hashes, 30 days', async () => {
    const user = await signUp();
    const { RefreshToken } = (await signIn(user.phone, user.password)).AuthenticationResult;
    const row = await env.DB.prepare('SELECT * FROM idp_sessions WHERE sub = ?').bind(user.sub).first<Json>();
    expect(JSON.stringify(row)).not.toContain(RefreshToken);
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(RefreshToken));
    expect(row?.refresh_token_hash).toBe([...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join(''));
    expect(Number(row?.expires_at) - Number(row?.created_at)).toBe(30 * 24 * 3600_000);
  });

  it('revokes a refresh token and the access tokens issued with it', async () => {
    const user = await signUp();
    const tokens = (await signIn(user.phone, user.password)).AuthenticationResult;
    const other = (await signIn(user.phone, user.password)).AuthenticationResult;
    expect(await ok('RevokeToken', { ClientId: CLIENT, Token: tokens.RefreshToken! })).toEqual({});
    expect(await (await refresh(tokens.RefreshToken!)).json()).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });
    expect(await fails('GetUser', { AccessToken: tokens.AccessToken })).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    // Another session of the same user is untouched; revoking twice or an unknown token is fine.
    expect((await refresh(other.RefreshToken!)).status).toBe(200);
    expect(await ok('RevokeToken', { ClientId: CLIENT, Token: tokens.RefreshToken! })).toEqual({});
    expect(await ok('RevokeToken', { ClientId: CLIENT, Token: 'unknown' })).toEqual({});
    expect(await fails('RevokeToken', { ClientId: 'other-client', Token: 'unknown' })).toEqual({
      __type: 'ResourceNotFoundException',
      message: 'User pool client other-client does not exist.',
    });
  });
});

describe('identity stand-in: served by the stand-ins Worker', () => {
  it('answers POST /__idp/ and /__idp (COGNITO_ENDPOINT), the JWKS under /__idp and the outbox at /__dev/outbox', async () => {
    for (const path of ['/__idp/', '/__idp']) {
      const res = await standIns(`${STANDINS}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
        body: JSON.stringify(passwordAuth(DEMO.phone, DEMO.password).body),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    }
    expect(await (await standIns(JWKS_URL)).json()).toEqual(await standInJwks(env.DB));
    expect((await standIns(`${STANDINS}/__dev/outbox`)).status).toBe(200);
    // Cognito lives under /__idp only: the Worker's root is not a Cognito endpoint.
    const root = await standIns(`${STANDINS}/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify(passwordAuth(DEMO.phone, DEMO.password).body),
    });
    expect(root.status).toBe(404);
  });

  it('is the Worker of standins/wrangler.toml (its main entry, over SELF)', async () => {
    const res = await SELF.fetch(JWKS_URL);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await standInJwks(env.DB));
    const home = await SELF.fetch(`${STANDINS}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('/__idp/');
  });
});

// ---- errors ---------------------------------------------------------------------------------

describe('identity stand-in: errors as Cognito answers them', () => {
  it('refuses a phone number that already has an account', async () => {
    const user = await signUp();
    expect(await fails('SignUp', { ClientId: CLIENT, Username: user.phone, Password: 'Another-pass2' })).toEqual({
      __type: 'UsernameExistsException',
      message: 'An account with the given phone_number already exists.',
    });
  });

  it.each([
    ['Ab1defg', 'Password not long enough'],
    ['ABCDEFG1', 'Password must have lowercase characters'],
    ['abcdefg1', 'Password must have uppercase characters'],
    ['Abcdefgh', 'Password must have numeric characters'],
  ])('refuses the weak password %s without echoing it', async (password, problem) => {
    const phone = freshPhone();
    const res = await send('SignUp', { ClientId: CLIENT, Username: phone, Password: password });
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text).not.toContain(password);
    expect(JSON.parse(text)).toEqual({ __type: 'InvalidPasswordException', message: `Password did not conform with policy: ${problem}` });
    expect(await env.DB.prepare('SELECT 1 FROM idp_users WHERE phone_number = ?').bind(phone).first()).toBeNull();
  });

  it.each([
    [{ Username: '07700900123' }, 'Username should be a phone number.'],
    [
      { Username: '+44 7700 900123' },
      "1 validation error detected: Value at 'username' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]+$",
    ],
    [{ Username: '+0123456789' }, 'Username should be a phone number.'],
    [{ UserAttributes: [{ Name: 'email', Value: 'not-an-email' }] }, 'Invalid email address format.'],
    [{ UserAttributes: [{ Name: 'phone_number', Value: '+4477' }] }, 'Invalid phone number format.'],
    [
      { UserAttributes: [{ Name: 'favourite_colour', Value: 'red' }] },
      'Attributes did not conform to the schema: favourite_colour: Attribute does not exist in the schema.',
    ],
    // (No Password is a passwordless user, as the pool allows SMS_OTP sign-in: choice-sign-in.test.ts.)
    [
      { ClientId: undefined, Username: undefined },
      "2 validation errors detected: Value null at 'clientId' failed to satisfy constraint: Member must not be null; Value null at 'username' failed to satisfy constraint: Member must not be null",
    ],
    [
      { UserAttributes: [{ Name: 'name' }] },
      "1 validation error detected: Value null at 'userAttributes.1.member.value' failed to satisfy constraint: Member must not be null",
    ],
    [
      { Password: ' Padded-pass1 ' },
      "1 validation error detected: Value at 'password' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$",
    ],
    [
      { Password: `Aa1${'x'.repeat(300)}` },
      "1 validation error detected: Value at 'password' failed to satisfy constraint: Member must have length less than or equal to 256",
    ],
  ])('refuses the sign-up %j with an InvalidParameterException naming the problem', async (change, message) => {
    const body = { ClientId: CLIENT, Username: freshPhone(), Password: 'Fine-pass1', ...change };
    const failure = await fails('SignUp', body);
    expect(failure).toEqual({ __type: 'InvalidParameterException', message });
    expect(failure.message).not.toContain('Fine-pass1');
  });

  it('refuses to let a client write read-only attributes', async () => {
    expect(
      await fails('SignUp', {
        ClientId: CLIENT,
        Username: freshPhone(),
        Password: PASSWORD,
        UserAttributes: [{ Name: 'sub', Value: 'x' }],
      }),
    ).toEqual({ __type: 'NotAuthorizedException', message: 'A client attempted to write unauthorized attribute' });
  });

  it('refuses an unknown app client', async () => {
    expect(await fails('SignUp', { ClientId: 'someone-else', Username: freshPhone(), Password: PASSWORD })).toEqual({
      __type: 'ResourceNotFoundException',
      message: 'User pool client someone-else does not exist.',
    });
    expect(await fails('InitiateAuth', { ...passwordAuth(DEMO.phone, DEMO.password).body, ClientId: 'x' })).toMatchObject({
      __type: 'ResourceNotFoundException',
    });
  });

  it('answers sign-in failures with the right exception and never echoes the password', async () => {
    const user = await signUp();
    // "Prevent user existence errors" (the stand-in's setting, as production's): no account fails as a wrong password.
    expect(await signInFails(freshPhone(), PASSWORD)).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    const wrong = await send('InitiateAuth', passwordAuth(user.phone, 'Wrong-secret9').body);
    const text = await wrong.text();
    expect(text).not.toContain('Wrong-secret9');
    expect(JSON.parse(text)).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    const auth = (params: Json, flow = 'USER_PASSWORD_AUTH') =>
      fails('InitiateAuth', { AuthFlow: flow, ClientId: CLIENT, AuthParameters: params });
    expect(await auth({ PASSWORD: PASSWORD })).toEqual({
      __type: 'InvalidParameterException',
      message: 'Missing required parameter USERNAME',
    });
    expect(await auth({ USERNAME: user.phone })).toEqual({
      __type: 'InvalidParameterException',
      message: 'Missing required parameter PASSWORD',
    });
    expect(await auth({}, 'REFRESH_TOKEN_AUTH')).toEqual({
      __type: 'InvalidParameterException',
      message: 'Missing required parameter REFRESH_TOKEN',
    });
    expect(await auth({ USERNAME: user.phone }, 'USER_SRP_AUTH')).toEqual({
      __type: 'InvalidParameterException',
      message: 'USER_SRP_AUTH flow not enabled for this client',
    });
    expect((await auth({}, 'MAGIC')).message).toMatch(
      /^1 validation error detected: Value at 'authFlow' failed to satisfy constraint: Member must satisfy enum value set: \[USER_SRP_AUTH, .*USER_PASSWORD_AUTH/,
    );
  });

  it('answers malformed requests with a 400, never a 500', async () => {
    expect(await fails('SignUp', '{"ClientId":')).toEqual({
      __type: 'InvalidParameterException',
      message: 'The request body is not valid JSON.',
    });
    expect(await fails('SignUp', '[1,2]')).toEqual({
      __type: 'InvalidParameterException',
      message: 'The request body must be a JSON object.',
    });
    expect(await fails('SignUp', 'null')).toMatchObject({ __type: 'InvalidParameterException' });
    expect(await fails('SignUp', { ClientId: CLIENT, Username: 42, Password: PASSWORD })).toEqual({
      __type: 'InvalidParameterException',
      message: "1 validation error detected: Value at 'username' failed to satisfy constraint: Member must be a string",
    });
    expect(await fails('GetUser', { ClientId: CLIENT, AccessToken: 'a' + 'b'.repeat(70_000) })).toEqual({
      __type: 'InvalidParameterException',
      message: 'The request body is too large.',
    });
    expect(await fails('SignUp', '{}', { 'Content-Type': 'text/plain' })).toEqual({
      __type: 'InvalidParameterException',
      message: 'Content-Type must be application/x-amz-json-1.1',
    });
  });

  it.each([
    ['an unknown action', { 'X-Amz-Target': 'AWSCognitoIdentityProviderService.AdminListDevices' }],
    ['a prototype name', { 'X-Amz-Target': 'AWSCognitoIdentityProviderService.constructor' }],
    ['another service', { 'X-Amz-Target': 'DynamoDB_20120810.GetItem' }],
    ['no target', { 'X-Amz-Target': '' }],
  ])('answers %s with 400 UnknownOperationException', async (_what, headers) => {
    expect(await fails('Anything', {}, headers)).toEqual({
      __type: 'UnknownOperationException',
      message: 'The operation is not supported by this endpoint.',
    });
  });

  it("answers browsers' CORS preflight", async () => {
    const res = await standIns(ENDPOINT, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://book.demo-salon.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-amz-target,x-amz-user-agent,cache-control',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(res.headers.get('Access-Control-Allow-Methods')).toContain('POST');
    expect(res.headers.get('Access-Control-Allow-Headers')).toBe('content-type,x-amz-target,x-amz-user-agent,cache-control');
  });
});

// ---- passwords and rate limits ----------------------------------------------------------------

describe('identity stand-in: password storage and abuse limits', () => {
  it('stores a PBKDF2-SHA256 hash with a random salt, never the password', async () => {
    const a = await signUp();
    const b = await signUp(freshPhone(), PASSWORD);
    const row = await env.DB.prepare('SELECT * FROM idp_users WHERE sub = ?').bind(a.sub).first<Record<string, string | number>>();
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(row).toMatchObject({ password_algorithm: 'PBKDF2-SHA256', password_iterations: 100000 });
    const salt = Uint8Array.from(atob(String(row?.password_salt)), (ch) => ch.charCodeAt(0));
    expect(salt).toHaveLength(16);
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(PASSWORD), 'PBKDF2', false, ['deriveBits']);
    const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: 100000 }, key, 256);
    expect(btoa(String.fromCharCode(...new Uint8Array(bits)))).toBe(row?.password_hash);
    const other = await env.DB.prepare('SELECT password_salt, password_hash FROM idp_users WHERE sub = ?').bind(b.sub).first<Json>();
    expect(other?.password_salt).not.toBe(row?.password_salt);
    expect(other?.password_hash).not.toBe(row?.password_hash);
  });

  it('locks a phone number after 5 wrong passwords, even for the right one, for a second (AWS’s figure)', async () => {
    const user = await signUp();
    for (let i = 0; i < 5; i++) expect((await signInFails(user.phone, 'Wrong-pass1')).message).toBe('Incorrect username or password.');
    expect(await signInFails(user.phone, user.password)).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    await travel(1000); // one second after the fifth failure
    expect((await signIn(user.phone, user.password)).AuthenticationResult.IdToken).toBeTruthy();
    // Success clears the phone's counter.
    expect(await env.DB.prepare('SELECT 1 FROM idp_throttle WHERE key = ?').bind(`signin:phone:${user.phone}`).first()).toBeNull();
  });

  it('doubles the back-off with each further failure, 2^(n-5) seconds, up to 15 minutes', async () => {
    const user = await signUp();
    for (let i = 0; i < 5; i++) await signInFails(user.phone, 'Wrong-pass1');
    await travel(1000);
    expect((await signInFails(user.phone, 'Wrong-pass1')).message).toBe('Incorrect username or password.'); // 6th: 2 seconds
    await travel(1000);
    expect((await signInFails(user.phone, user.password)).message).toBe('Password attempts exceeded');
    await travel(1000);
    expect((await signInFails(user.phone, 'Wrong-pass1')).message).toBe('Incorrect username or password.'); // 7th: 4 seconds
    // The 14th failure (as if made so): 512 seconds.
    const failures = (count: number) =>
      env.DB.prepare('UPDATE idp_throttle SET count = ?, last_at = ? WHERE key = ?')
        .bind(count, Date.now(), `signin:phone:${user.phone}`)
        .run();
    await failures(14);
    await travel(500_000);
    expect((await signInFails(user.phone, user.password)).message).toBe('Password attempts exceeded');
    await travel(13_000);
    expect((await signIn(user.phone, user.password)).AuthenticationResult.AccessToken).toBeTruthy();
    // The 20th: capped at 15 minutes, not 2^15 seconds.
    for (let i = 0; i < 5; i++) await signInFails(user.phone, 'Wrong-pass1');
    await failures(20);
    await travel(890_000);
    expect((await signInFails(user.phone, user.password)).message).toBe('Password attempts exceeded');
    await travel(11_000);
    expect((await signIn(user.phone, user.password)).AuthenticationResult.AccessToken).toBeTruthy();
  });

  it('forgets failures older than 15 minutes', async () => {
    const user = await signUp();
    for (let i = 0; i < 4; i++) await signInFails(user.phone, 'Wrong-pass1');
    await travel(15 * 60_000);
    await signInFails(user.phone, 'Wrong-pass1'); // the first of a new window, not the fifth
    expect((await signIn(user.phone, user.password)).AuthenticationResult.AccessToken).toBeTruthy();
  });

  it("throttles the end user's address from UserContextData.IpAddress, as a server-side app passes it", async () => {
    const victim = await signUp();
    const proxy = { 'CF-Connecting-IP': '192.0.2.200' };
    const fromUser = (phone: string, password: string, ip: string) =>
      fails('InitiateAuth', { ...passwordAuth(phone, password).body, UserContextData: { IpAddress: ip } }, proxy);
    for (let i = 0; i < 5; i++) await fromUser(freshPhone(), 'Guess-pass1', '203.0.113.201');
    await fromUser(victim.phone, 'Guess-pass1', '203.0.113.201');
    expect(await fromUser(victim.phone, victim.password, '203.0.113.201')).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    // The proxy's own address is not the one locked: the same user through it from elsewhere signs in.
    const ok = await send(
      'InitiateAuth',
      { ...passwordAuth(victim.phone, victim.password).body, UserContextData: { IpAddress: '198.51.100.201' } },
      proxy,
    );
    expect(ok.status).toBe(200);
  });

  it('locks a caller address after 5 failures for the numbers it attacks, never for an account nobody attacks', async () => {
    const user = await signUp();
    const victim = await signUp();
    const attacker = { 'CF-Connecting-IP': '203.0.113.9' };
    for (let i = 0; i < 5; i++) await signInFails(freshPhone(), 'Guess-pass1', attacker);
    // The same address (a carrier NAT) still signs in a client whose number has no failures.
    expect((await signIn(user.phone, user.password, attacker)).AuthenticationResult.IdToken).toBeTruthy();
    // A number the address has already failed on is refused from it while the address is locked…
    await signInFails(victim.phone, 'Guess-pass1', attacker);
    expect(await signInFails(victim.phone, victim.password, attacker)).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    // …and not from another address.
    expect((await signIn(victim.phone, victim.password, { 'CF-Connecting-IP': '198.51.100.7' })).AuthenticationResult.IdToken).toBeTruthy();
  });
});

// ---- password reset -------------------------------------------------------------------------

describe('identity stand-in: forgot password', () => {
  const forgot = (phone: string) => send('ForgotPassword', { ClientId: CLIENT, Username: phone });
  const confirm = (phone: string, code: string, password = 'Brand-new1') =>
    send('ConfirmForgotPassword', { ClientId: CLIENT, Username: phone, ConfirmationCode: code, Password: password });

  it('texts a 6-digit code to the outbox and resets the password with it, revoking old sessions', async () => {
    const user = await signUp();
    const old = (await signIn(user.phone, user.password)).AuthenticationResult;
    const res = await forgot(user.phone);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      CodeDeliveryDetails: { Destination: `+*******${user.phone.slice(-4)}`, DeliveryMedium: 'SMS', AttributeName: 'phone_number' },
    });
    const code = await latestCode(user.phone);
    const stored = await env.DB.prepare("SELECT * FROM idp_codes WHERE sub = ? AND purpose = 'reset_password'")
      .bind(user.sub)
      .first<Json>();
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(Number(stored?.expires_at) - Number(stored?.created_at)).toBe(3600_000);

    const done = await confirm(user.phone, code);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({});
    expect((await signInFails(user.phone, user.password)).message).toBe('Incorrect username or password.');
    expect((await signIn(user.phone, 'Brand-new1')).AuthenticationResult.IdToken).toBeTruthy();
    expect(await (await refresh(old.RefreshToken!)).json()).toMatchObject({ message: 'Refresh Token has been revoked' });
    expect(await fails('GetUser', { AccessToken: old.AccessToken })).toMatchObject({ message: 'Access Token has been revoked' });
    // The code is used up.
    expect(await (await confirm(user.phone, code, 'Newer-pass2')).json()).toEqual({
      __type: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
  });

  it('refuses wrong, expired and missing codes, weak passwords and unknown users', async () => {
    const user = await signUp();
    expect(await (await confirm(user.phone, '123456')).json()).toEqual({
      __type: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
    await forgot(user.phone);
    const code = await latestCode(user.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await (await confirm(user.phone, wrong)).json()).toEqual({
      __type: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    const weak = await confirm(user.phone, code, 'weakpass');
    const weakText = await weak.text();
    expect(weakText).not.toContain('weakpass');
    expect(JSON.parse(weakText)).toEqual({
      __type: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have uppercase characters',
    });
    await env.DB.prepare("UPDATE idp_codes SET expires_at = ? WHERE sub = ? AND purpose = 'reset_password'")
      .bind(Date.now() - 1, user.sub)
      .run();
    expect(await (await confirm(user.phone, code)).json()).toMatchObject({ __type: 'ExpiredCodeException' });
    // With "prevent user existence errors" a number with no account gets a simulated delivery and a wrong code.
    const nobody = freshPhone();
    expect(await (await forgot(nobody)).json()).toEqual({
      CodeDeliveryDetails: { Destination: `+*******${nobody.slice(-4)}`, DeliveryMedium: 'SMS', AttributeName: 'phone_number' },
    });
    expect(await (await confirm(nobody, code)).json()).toEqual({
      __type: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
  });

  it('voids a code after 5 wrong attempts', async () => {
    const user = await signUp();
    await forgot(user.phone);
    const code = await latestCode(user.phone);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) expect(await (await confirm(user.phone, wrong)).json()).toMatchObject({ __type: 'CodeMismatchException' });
    expect(await (await confirm(user.phone, code)).json()).toEqual({
      __type: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    // A new code works again.
    await forgot(user.phone);
    expect((await confirm(user.phone, await latestCode(user.phone))).status).toBe(200);
  });

  it('sends at most 5 codes per phone number per hour', async () => {
    const user = await signUp();
    for (let i = 0; i < 5; i++) expect((await forgot(user.phone)).status).toBe(200);
    expect(await (await forgot(user.phone)).json()).toEqual({
      __type: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    await travel(3600_000);
    expect((await forgot(user.phone)).status).toBe(200);
  });
});

// ---- profile --------------------------------------------------------------------------------

describe('identity stand-in: proving a phone number, changing a password, signing out everywhere', () => {
  const confirm = (phone: string, code: string) => send('ConfirmSignUp', { ClientId: CLIENT, Username: phone, ConfirmationCode: code });
  const attr = (u: UserAnswer, name: string) => u.UserAttributes.find((a) => a.Name === name)?.Value;

  it('confirms a sign-up only with the latest code texted to the number, once', async () => {
    const phone = freshPhone();
    await signUpUnconfirmed(phone);
    const first = await latestCode(phone);
    const wrong = first === '000000' ? '111111' : '000000';
    expect(await (await confirm(phone, wrong)).json()).toEqual({
      __type: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    // A new code replaces the old one.
    expect(await ok('ResendConfirmationCode', { ClientId: CLIENT, Username: phone })).toEqual({
      CodeDeliveryDetails: { Destination: `+*******${phone.slice(-4)}`, DeliveryMedium: 'SMS', AttributeName: 'phone_number' },
    });
    const second = await latestCode(phone);
    if (second !== first) expect((await confirm(phone, first)).status).toBe(400);
    expect((await confirm(phone, second)).status).toBe(200);
    const { AccessToken, IdToken } = (await signIn(phone, PASSWORD)).AuthenticationResult;
    expect(attr(await ok<UserAnswer>('GetUser', { AccessToken }), 'phone_number_verified')).toBe('true');
    expect(claimsOf(IdToken).claims).toMatchObject({ phone_number: phone, phone_number_verified: true });
    expect(await (await confirm(phone, second)).json()).toEqual({
      __type: 'NotAuthorizedException',
      message: 'User cannot be confirmed. Current status is CONFIRMED',
    });
    expect(await fails('ResendConfirmationCode', { ClientId: CLIENT, Username: phone })).toEqual({
      __type: 'InvalidParameterException',
      message: 'User is already confirmed.',
    });
    expect((await fails('ConfirmSignUp', { ClientId: CLIENT, Username: freshPhone(), ConfirmationCode: '123456' })).__type).toBe(
      'CodeMismatchException',
    );
  });

  it('leaves a changed number unverified until VerifyUserAttribute with the code texted to it', async () => {
    const user = await signUp();
    const { AccessToken } = (await signIn(user.phone, user.password)).AuthenticationResult;
    const newPhone = freshPhone();
    await ok('UpdateUserAttributes', { AccessToken, UserAttributes: [{ Name: 'phone_number', Value: newPhone }] });
    expect(attr(await ok<UserAnswer>('GetUser', { AccessToken }), 'phone_number_verified')).toBe('false');
    // An unproved number cannot receive a password reset code.
    expect(await fails('ForgotPassword', { ClientId: CLIENT, Username: newPhone })).toEqual({
      __type: 'InvalidParameterException',
      message: 'Cannot reset password for the user as there is no registered/verified email or phone_number',
    });
    const verify = (Code: string) => send('VerifyUserAttribute', { AccessToken, AttributeName: 'phone_number', Code });
    const code = await latestCode(newPhone);
    expect(await (await verify(code === '000000' ? '111111' : '000000')).json()).toMatchObject({ __type: 'CodeMismatchException' });
    expect(await ok('GetUserAttributeVerificationCode', { AccessToken, AttributeName: 'phone_number' })).toEqual({
      CodeDeliveryDetails: { Destination: `+*******${newPhone.slice(-4)}`, DeliveryMedium: 'SMS', AttributeName: 'phone_number' },
    });
    expect((await verify(await latestCode(newPhone))).status).toBe(200);
    expect(attr(await ok<UserAnswer>('GetUser', { AccessToken }), 'phone_number_verified')).toBe('true');
    expect(await fails('GetUserAttributeVerificationCode', { AccessToken, AttributeName: 'email' })).toMatchObject({
      __type: 'InvalidParameterException',
    });
  });

  it('changes a password only with the previous one', async () => {
    const user = await signUp();
    const { AccessToken } = (await signIn(user.phone, user.password)).AuthenticationResult;
    expect(await fails('ChangePassword', { AccessToken, PreviousPassword: 'Wrong-pass1', ProposedPassword: 'Brand-new1' })).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect((await fails('ChangePassword', { AccessToken, PreviousPassword: user.password, ProposedPassword: 'weakpass' })).__type).toBe(
      'InvalidPasswordException',
    );
    expect(await ok('ChangePassword', { AccessToken, PreviousPassword: user.password, ProposedPassword: 'Brand-new1' })).toEqual({});
    expect((await signInFails(user.phone, user.password)).__type).toBe('NotAuthorizedException');
    expect((await signIn(user.phone, 'Brand-new1')).AuthenticationResult.AccessToken).toBeTruthy();
  });

  it('signs out everywhere: every refresh and access token of the user stops working', async () => {
    const user = await signUp();
    const a = (await signIn(user.phone, user.password)).AuthenticationResult;
    const b = (await signIn(user.phone, user.password)).AuthenticationResult;
    expect(await ok('GlobalSignOut', { AccessToken: a.AccessToken })).toEqual({});
    for (const t of [a, b]) {
      expect(await fails('GetUser', { AccessToken: t.AccessToken })).toMatchObject({ message: 'Access Token has been revoked' });
      expect(await (await refresh(t.RefreshToken!)).json()).toMatchObject({ message: 'Refresh Token has been revoked' });
    }
  });
});

describe('identity stand-in: GetUser and UpdateUserAttributes', () => {
  it('reads and updates name, email and phone number', async () => {
    const user = await signUp();
    const { AccessToken } = (await signIn(user.phone, user.password)).AuthenticationResult;
    expect(await ok<UserAnswer>('GetUser', { AccessToken })).toEqual({
      Username: user.sub,
      UserAttributes: [
        { Name: 'sub', Value: user.sub },
        { Name: 'phone_number_verified', Value: 'true' },
        { Name: 'phone_number', Value: user.phone },
        { Name: 'name', Value: 'Robin Test' },
        { Name: 'email', Value: 'robin@example.test' },
      ],
    });
    const newPhone = freshPhone();
    const changes = [
      { Name: 'name', Value: 'Robin <Renamed>' },
      { Name: 'email', Value: 'robin.new@example.test' },
      { Name: 'phone_number', Value: newPhone },
    ];
    expect(await ok('UpdateUserAttributes', { AccessToken, UserAttributes: changes })).toEqual({
      CodeDeliveryDetailsList: [{ Destination: `+*******${newPhone.slice(-4)}`, DeliveryMedium: 'SMS', AttributeName: 'phone_number' }],
    });
    const me = await ok<UserAnswer>('GetUser', { AccessToken });
    expect(me.UserAttributes).toEqual(
      expect.arrayContaining([...changes, { Name: 'sub', Value: user.sub }, { Name: 'phone_number_verified', Value: 'false' }]),
    );
    // The new number signs in; the old one no longer exists.
    expect(claimsOf((await signIn(newPhone, user.password)).AuthenticationResult.IdToken).claims).toMatchObject({
      sub: user.sub,
      phone_number: newPhone,
      name: 'Robin <Renamed>',
    });
    expect((await signInFails(user.phone, user.password)).__type).toBe('NotAuthorizedException');
  });

  it("refuses another account's phone number and bad attributes", async () => {
    const user = await signUp();
    const { AccessToken } = (await signIn(user.phone, user.password)).AuthenticationResult;
    const update = (attrs: { Name: string; Value: string }[]) => fails('UpdateUserAttributes', { AccessToken, UserAttributes: attrs });
    expect(await update([{ Name: 'phone_number', Value: DEMO.phone }])).toEqual({
      __type: 'AliasExistsException',
      message: 'An account with the given phone_number already exists.',
    });
    expect(await update([{ Name: 'phone_number', Value: '12345' }])).toEqual({
      __type: 'InvalidParameterException',
      message: 'Invalid phone number format.',
    });
    expect(await update([{ Name: 'email', Value: 'nope' }])).toEqual({
      __type: 'InvalidParameterException',
      message: 'Invalid email address format.',
    });
    expect((await update([{ Name: 'phone_number_verified', Value: 'false' }])).__type).toBe('NotAuthorizedException');
    expect(await ok<UserAnswer>('GetUser', { AccessToken })).toMatchObject({
      UserAttributes: expect.arrayContaining([{ Name: 'phone_number', Value: user.phone }]),
    });
  });

  it('refuses invalid, tampered, foreign, ID and expired tokens', async () => {
    const user = await signUp();
    const tokens = (await signIn(user.phone, user.password)).AuthenticationResult;
    const invalid = { __type: 'NotAuthorizedException', message: 'Invalid Access Token' };
    expect(await fails('GetUser', { AccessToken: 'abc' })).toEqual(invalid);
    expect(await fails('GetUser', { AccessToken: tokens.IdToken })).toEqual(invalid);
    const [h, , s] = tokens.AccessToken.split('.');
    const forged = btoa(JSON.stringify({ ...claimsOf(tokens.AccessToken).claims, sub: DEMO.sub }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect(await fails('GetUser', { AccessToken: `${h}.${forged}.${s}` })).toEqual(invalid);
    expect(await fails('UpdateUserAttributes', { AccessToken: `${h}.${forged}.${s}`, UserAttributes: [] })).toEqual(invalid);

    const keys = await signingKeys(env.DB);
    const now = Math.floor(Date.now() / 1000);
    const { claims } = claimsOf(tokens.AccessToken);
    const expired = await signJwt({ ...claims, iat: now - 7200, exp: now - 3600 }, await privateKeyOf(keys.access), keys.access.kid);
    expect(await fails('GetUser', { AccessToken: expired })).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Access Token has expired',
    });
    // Signed with our key but never issued: refused too.
    const unissued = await signJwt({ ...claims, jti: crypto.randomUUID() }, await privateKeyOf(keys.access), keys.access.kid);
    expect(await fails('GetUser', { AccessToken: unissued })).toEqual(invalid);
  });
});

// ---- dev outbox -----------------------------------------------------------------------------

describe('dev outbox', () => {
  it('lists texted codes newest first, masks phone numbers and escapes HTML', async () => {
    const user = await signUp();
    await send('ForgotPassword', { ClientId: CLIENT, Username: user.phone });
    const code = await latestCode(user.phone);
    await env.DB.prepare("INSERT INTO dev_outbox (created_at, channel, recipient, body) VALUES (?, 'sms', '+447700900999', ?)")
      .bind(Date.now(), '<script>alert("x")</script> & more')
      .run();
    const res = await standIns(`${STANDINS}/__dev/outbox`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const page = await res.text();
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(page).toContain(`Your password reset code is ${code}`);
    expect(page).not.toContain(user.phone);
    expect(page).toContain(`+${'•'.repeat(user.phone.length - 4)}${user.phone.slice(-3)}`);
    expect(page.indexOf('&lt;script&gt;')).toBeLessThan(page.indexOf(`code is ${code}`));
  });
});

// ---- pure rules -----------------------------------------------------------------------------

const SEC = 1000;
const MIN = 60 * SEC;

describe('identity stand-in: back-off rules', () => {
  it('starts at the fifth failure with 1 second and doubles up to 15 minutes', () => {
    expect([1, 4, 5, 6, 7, 8, 14, 15, 40].map(backoffMs)).toEqual([0, 0, SEC, 2 * SEC, 4 * SEC, 8 * SEC, 512 * SEC, 15 * MIN, 15 * MIN]);
  });

  it('locks a key only from the limit on, until its back-off after the last failure ends', () => {
    const at = (count: number, last: number, first = 0): Counter => ({ count, first_at: first, last_at: last });
    expect(lockedUntil(null, 0)).toBeNull();
    expect(lockedUntil(at(4, 10 * MIN), 10 * MIN)).toBeNull();
    expect(lockedUntil(at(5, 10 * MIN), 10 * MIN)).toBe(10 * MIN + SEC);
    expect(lockedUntil(at(5, 10 * MIN), 10 * MIN + SEC)).toBeNull();
    expect(lockedUntil(at(9, 10 * MIN), 10 * MIN + 15 * SEC)).toBe(10 * MIN + 16 * SEC);
  });

  it('forgets a counter by itself', () => {
    // below the limit: 15 minutes after the first failure
    expect(isExpired({ count: 4, first_at: 0, last_at: 14 * MIN }, 15 * MIN - 1)).toBe(false);
    expect(isExpired({ count: 4, first_at: 0, last_at: 14 * MIN }, 15 * MIN)).toBe(true);
    // at or above it: 15 quiet minutes after the back-off ended
    expect(isExpired({ count: 5, first_at: 0, last_at: 0 }, 15 * MIN + SEC - 1)).toBe(false);
    expect(isExpired({ count: 5, first_at: 0, last_at: 0 }, 15 * MIN + SEC)).toBe(true);
    expect(isExpired({ count: 12, first_at: 0, last_at: 0 }, 30 * MIN)).toBe(true);
  });
});

describe('identity stand-in: masks, password policy and error wording', () => {
  it('masks phone numbers and email addresses', () => {
    expect(maskPhone('+447700900123')).toBe('+•••••••••123');
    expect(maskEmail('jamie@example.test')).toBe('j•••@example.test');
    expect(deliveryDestination('+447700900123')).toBe('+*******0123');
  });

  it("names the first password rule broken in Cognito's words", () => {
    expect(passwordProblem('Demo-pass1')).toBeUndefined();
    expect(passwordProblem('Ab1')).toBe('Password not long enough');
    expect(passwordProblem('ABCDEFG1')).toBe('Password must have lowercase characters');
    expect(passwordProblem('abcdefg1')).toBe('Password must have uppercase characters');
    expect(passwordProblem('Abcdefgh')).toBe('Password must have numeric characters');
  });

  it('words validation errors as AWS does, without echoing values', () => {
    expect(memberPath(['UserAttributes', 0, 'Value'])).toBe('userAttributes.1.member.value');
    const schema = z.object({ ClientId: z.string(), Password: z.string().max(4) });
    const result = schema.safeParse({ Password: 'secret-value' }, { reportInput: true });
    expect(result.success).toBe(false);
    const message = describeIssues(result.error!.issues);
    expect(message).toBe(
      "2 validation errors detected: Value null at 'clientId' failed to satisfy constraint: Member must not be null; " +
        "Value at 'password' failed to satisfy constraint: Member must have length less than or equal to 4",
    );
    expect(message).not.toContain('secret-value');
  });
});

describe('"prevent user existence errors" (issue 33 item 5)', () => {
  const legacy = (action: string, body: Json) =>
    app.request(
      ENDPOINT,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}` },
        body: JSON.stringify(body),
      },
      { ...env, PREVENT_USER_EXISTENCE_ERRORS: 'LEGACY' },
      createExecutionContext(),
    );

  it('ENABLED (the stand-in, as production): a number with an account and one without answer alike', async () => {
    const user = await signUp();
    const nobody = freshPhone();
    expect(await signInFails(nobody, 'Wrong-secret9')).toEqual(await signInFails(user.phone, 'Wrong-secret9'));
    const sent = await ok<{ CodeDeliveryDetails: Json }>('ForgotPassword', { ClientId: CLIENT, Username: user.phone });
    const simulated = await ok<{ CodeDeliveryDetails: Json }>('ForgotPassword', { ClientId: CLIENT, Username: nobody });
    expect(Object.keys(simulated.CodeDeliveryDetails).sort()).toEqual(Object.keys(sent.CodeDeliveryDetails).sort());
    expect(await ok('ResendConfirmationCode', { ClientId: CLIENT, Username: nobody })).toMatchObject({
      CodeDeliveryDetails: { DeliveryMedium: 'SMS' },
    });
  });

  it('LEGACY: a number with no account is UserNotFoundException, as a pool without the setting says', async () => {
    const nobody = freshPhone();
    const auth = await legacy('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: CLIENT,
      AuthParameters: { USERNAME: nobody, PASSWORD: 'Wrong-secret9' },
    });
    expect(await auth.json()).toEqual({ __type: 'UserNotFoundException', message: 'User does not exist.' });
    const forgot = await legacy('ForgotPassword', { ClientId: CLIENT, Username: nobody });
    expect(await forgot.json()).toEqual({ __type: 'UserNotFoundException', message: 'Username/client id combination not found.' });
  });
});
