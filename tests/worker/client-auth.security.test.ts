import { createExecutionContext, env } from 'cloudflare:test';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { api } from '../../worker/api';
import { IN_PROCESS_HOST } from '../../worker/api/caller';
import { call, signUp } from './helpers';

const ISS = 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Local0001';
const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const b64url = (data: ArrayBuffer | Uint8Array | string) => {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : new Uint8Array(data);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
};

async function sign(claims: Record<string, unknown>, key: CryptoKey, kid: string, alg = 'RS256') {
  const head = `${b64url(JSON.stringify({ alg, kid, typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}`;
  return `${head}.${b64url(await crypto.subtle.sign(RSA, key, new TextEncoder().encode(head)))}`;
}

const json = (body: unknown) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const bearer = (t: string) => ({ headers: { Authorization: `Bearer ${t}` } });

let a: { token: string; idToken: string; sub: string };
let b: { token: string; sub: string };
let accessKey: { key: CryptoKey; kid: string };

beforeAll(async () => {
  const login = (await (await call('/session/login', json({ phone: '+447700900123', password: 'Demo-pass1' }))).json()) as {
    access_token: string;
    id_token: string;
    user: { username: string };
  };
  a = { token: login.access_token, idToken: login.id_token, sub: login.user.username };
  const other = (await (
    await signUp({ first_name: 'Bea', last_name: 'Other', email: 'bea@example.test', phone: '+447700900777', password: 'Other-pass1' })
  ).json()) as { access_token: string; user: { username: string } };
  b = { token: other.access_token, sub: other.user.username };
  // The pool's signing key lives in the identity service; these tests sign with a key of their
  // own, published as the pool's JWKS on a loopback server the product is pointed at.
  const pair = (await crypto.subtle.generateKey({ ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const kid = 'test-access-key';
  const jwk = { ...((await crypto.subtle.exportKey('jwk', pair.publicKey)) as JsonWebKey), kid, alg: 'RS256', use: 'sig' };
  await fetch(JWKS_URL, { method: 'PUT', body: JSON.stringify({ keys: [jwk] }) });
  accessKey = { kid, key: pair.privateKey };
});

const JWKS_URL = `${inject('upstreamUrl')}__jwks/jwks.json`;
/** The product verifying tokens against the tests' own JWKS. */
const withTestKeys = { COGNITO_JWKS_URL: JWKS_URL };

const claimsFor = (sub: string, extra: Record<string, unknown> = {}) => {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub,
    username: sub,
    client_id: 'local-app-client',
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    iss: ISS,
    auth_time: now,
    iat: now,
    exp: now + 600,
    jti: crypto.randomUUID(),
    ...extra,
  };
};

describe('protected calls: the edge verifies the token, the API scopes to its client', () => {
  it("answers the client's own data and 404 for anyone else's", async () => {
    const own = await call(`/api/ncob/client/salons/${a.sub}/`, bearer(a.token));
    expect(own.status).toBe(200);
    // the demo client's seeded bookings are at salons 1 and 2 (neither has a logo)
    expect(await own.json()).toEqual([
      { id: 1, name: 'Willow & Co Islington', profile_image_url: null },
      { id: 2, name: 'Willow & Co Shoreditch', profile_image_url: null },
    ]);
    const others = await call(`/api/ncob/client/salons/${b.sub}/`, bearer(a.token));
    expect(others.status).toBe(404);
    expect((await call(`/api/ncob/client/salons/${a.sub}/`, bearer(b.token))).status).toBe(404);
  });

  it("a correctly signed token passes (so the refusals below are about what's wrong with each)", async () => {
    const token = await sign(claimsFor(a.sub), accessKey.key, accessKey.kid);
    expect((await call(`/api/ncob/client/salons/${a.sub}/`, bearer(token), withTestKeys)).status).toBe(200);
  });

  it("never shows client B's deposit requests to client A", async () => {
    await env.DB.batch([
      env.DB.prepare(
        'INSERT INTO appointments (id, salon_id, client_id, start_at, end_at, created_at) VALUES (7001, 1, ?, 4102444800000, 4102448400000, 0)',
      ).bind(b.sub),
      env.DB.prepare(
        "INSERT INTO invites (unique_code, salon_id, client_id, appointment_id, created_at, client_phone) VALUES ('inv-b', 1, ?, 7001, 0, '+447700900777')",
      ).bind(b.sub),
    ]);
    const theirs = (await (await call('/api/client/get/invite/1/', bearer(a.token))).json()) as { unique_code: string }[];
    expect(theirs.map((i) => i.unique_code)).not.toContain('inv-b');
    const mine = (await (await call('/api/client/get/invite/1/', bearer(b.token))).json()) as { unique_code: string }[];
    expect(mine.map((i) => i.unique_code)).toEqual(['inv-b']);
  });

  it('refuses a call without a token with 401', async () => {
    const res = await call(`/api/ncob/client/salons/${a.sub}/`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/^No token saved!/);
  });

  const refusals: [string, () => Promise<string>][] = [
    [
      'forged (signed by another key)',
      async () => {
        const pair = (await crypto.subtle.generateKey({ ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) }, true, [
          'sign',
          'verify',
        ])) as CryptoKeyPair;
        return sign(claimsFor(a.sub), pair.privateKey, accessKey.kid);
      },
    ],
    [
      'tampered (payload changed after signing)',
      async () => {
        const [h, , s] = (await sign(claimsFor(a.sub), accessKey.key, accessKey.kid)).split('.');
        return `${h}.${b64url(JSON.stringify(claimsFor(b.sub)))}.${s}`;
      },
    ],
    ['expired', () => sign(claimsFor(a.sub, { exp: Math.floor(Date.now() / 1000) - 60 }), accessKey.key, accessKey.kid)],
    ['without an expiry', () => sign(claimsFor(a.sub, { exp: undefined }), accessKey.key, accessKey.kid)],
    [
      'from another issuer',
      () =>
        sign(claimsFor(a.sub, { iss: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Other0001' }), accessKey.key, accessKey.kid),
    ],
    ['for another app client', () => sign(claimsFor(a.sub, { client_id: 'another-client' }), accessKey.key, accessKey.kid)],
    ['with token_use id', () => sign(claimsFor(a.sub, { token_use: 'id' }), accessKey.key, accessKey.kid)],
    [
      'with alg none',
      async () => `${b64url(JSON.stringify({ alg: 'none', kid: accessKey.kid }))}.${b64url(JSON.stringify(claimsFor(a.sub)))}.`,
    ],
    [
      'unsigned (two parts)',
      async () => `${b64url(JSON.stringify({ alg: 'RS256', kid: accessKey.kid }))}.${b64url(JSON.stringify(claimsFor(a.sub)))}`,
    ],
    ['garbage', async () => 'not-a-token'],
  ];

  it.each(refusals)('refuses a token %s with 401', async (_what, make) => {
    const res = await call(`/api/ncob/client/salons/${a.sub}/`, bearer(await make()), withTestKeys);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { detail: string }).detail).toBe('Your session has expired or is not valid. Please log in again.');
  });

  it("refuses the identity service's own ID token used as an access token", async () => {
    const res = await call(`/api/ncob/client/salons/${a.sub}/`, bearer(a.idToken));
    expect(res.status).toBe(401);
  });

  it('answers 502, not 401, when the JWKS cannot be fetched', async () => {
    const res = await call(`/api/ncob/client/salons/${a.sub}/`, bearer(await sign(claimsFor(a.sub), accessKey.key, 'unknown-kid')), {
      COGNITO_JWKS_URL: 'http://127.0.0.1:9/jwks.json',
    });
    expect(res.status).toBe(502);
  });

  it('ignores a client header a caller tries to set itself', async () => {
    const res = await call(`/api/ncob/client/salons/${b.sub}/`, { headers: { Authorization: `Bearer ${a.token}`, 'X-Client-Sub': b.sub } });
    expect(res.status).toBe(404);
  });

  it('the embedded API never takes a caller from the headers of an in-process call', async () => {
    // As if the edge forgot to hand the caller over: the browser's header travels with the request.
    const forged = new Request(`http://${IN_PROCESS_HOST}/ncob/client/salons/${b.sub}/`, { headers: { 'X-Client-Sub': b.sub } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await api.fetch(forged, env, createExecutionContext());
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain(b.sub);
    vi.restoreAllMocks();
  });
});
