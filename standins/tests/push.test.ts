import { encryptNotification } from '@block65/webcrypto-web-push';
import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import app from '../src/index';
import { decryptAes128gcm } from '../src/push';

const ORIGIN = 'http://127.0.0.1:8788';
const request = (path: string, init: RequestInit = {}) => app.request(`${ORIGIN}${path}`, init, env, createExecutionContext());

const b64u = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromB64u = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
const encoder = new TextEncoder();

interface Subscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** An application server's VAPID key pair (RFC 8292). */
async function vapidPair() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  return { privateKey: pair.privateKey, publicKey: b64u((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer) };
}

/** `vapid t=…, k=…` with the claims given (RFC 8292 §2-3), signed ES256 by the pair. */
async function vapid(pair: { privateKey: CryptoKey; publicKey: string }, claims: Record<string, unknown>) {
  const part = (v: object) => b64u(encoder.encode(JSON.stringify(v)));
  const input = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, encoder.encode(input));
  return `vapid t=${input}.${b64u(signature)}, k=${pair.publicKey}`;
}

const claims = (o: Record<string, unknown> = {}) => ({
  aud: ORIGIN,
  exp: Math.floor(Date.now() / 1000) + 3600,
  sub: 'mailto:ops@example.test',
  ...o,
});

async function subscribe(serverKey?: string): Promise<Subscription> {
  const res = await request('/push/__subscribe', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(serverKey ? { application_server_key: serverKey } : {}),
  });
  expect(res.status).toBe(201);
  return res.json();
}

async function push(sub: Subscription, authorization: string, o: { text?: string; headers?: Record<string, string> } = {}) {
  const body = await encryptNotification(sub, encoder.encode(o.text ?? '{"title":"Hello"}'));
  return request(new URL(sub.endpoint).pathname, {
    method: 'POST',
    headers: { Authorization: authorization, TTL: '60', 'Content-Encoding': 'aes128gcm', ...o.headers },
    body,
  });
}

const received = async (sub: Subscription) =>
  (
    await (
      await request(`/push/__received?endpoint=${encodeURIComponent(sub.endpoint)}`)
    ).json<{ data: { payload: string; ttl: number; urgency: string; aud: string }[] }>()
  ).data;

describe('the stand-in push service', () => {
  it('mints a browser-like subscription, verifies VAPID and decrypts what it receives', async () => {
    const pair = await vapidPair();
    const sub = await subscribe(pair.publicKey);
    expect(sub.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:8788\/push\/[\w-]+$/);
    expect(fromB64u(sub.keys.p256dh)).toHaveLength(65);
    expect(fromB64u(sub.keys.auth)).toHaveLength(16);
    const res = await push(sub, await vapid(pair, claims()), { text: '{"title":"New online booking"}', headers: { Urgency: 'high' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('Location')).toMatch(/\/push\/__messages\/\d+$/);
    expect(await received(sub)).toEqual([
      expect.objectContaining({ payload: '{"title":"New online booking"}', ttl: 60, urgency: 'high', aud: ORIGIN }),
    ]);
  });

  it('refuses a JWT for another audience, expired, more than 24 hours long, or signed by another key', async () => {
    const pair = await vapidPair();
    const other = await vapidPair();
    const sub = await subscribe(pair.publicKey);
    const now = Math.floor(Date.now() / 1000);
    for (const [auth, status] of [
      [await vapid(pair, claims({ aud: 'https://push.example.test' })), 401],
      [await vapid(pair, claims({ exp: now - 10 })), 401],
      [await vapid(pair, claims({ exp: now + 25 * 3600 })), 401],
      [await vapid(pair, claims({ sub: 'ops@example.test' })), 401],
      // signed by one key, naming another
      [(await vapid(other, claims())).replace(/k=.*$/, `k=${pair.publicKey}`), 401],
      // a valid JWT of a key the subscription was not made with
      [await vapid(other, claims()), 403],
      ['WebPush abc', 401],
    ] as const) {
      expect((await push(sub, auth)).status, auth).toBe(status);
    }
    expect(await received(sub)).toEqual([]);
  });

  it('refuses a push without TTL, in another encoding, or that does not decrypt', async () => {
    const pair = await vapidPair();
    const sub = await subscribe();
    const auth = await vapid(pair, claims());
    const noTtl = await request(new URL(sub.endpoint).pathname, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Encoding': 'aes128gcm' },
      body: await encryptNotification(sub, encoder.encode('x')),
    });
    expect(noTtl.status).toBe(400);
    expect((await push(sub, auth, { headers: { 'Content-Encoding': 'aesgcm' } })).status).toBe(415);
    // encrypted for another subscription's keys
    const other = await subscribe();
    const wrongKeys = await request(new URL(sub.endpoint).pathname, {
      method: 'POST',
      headers: { Authorization: auth, TTL: '60', 'Content-Encoding': 'aes128gcm' },
      body: await encryptNotification(other, encoder.encode('x')),
    });
    expect(wrongKeys.status).toBe(400);
    expect(await received(sub)).toEqual([]);
  });

  it('answers 410 once told the subscription expired, and 404 after', async () => {
    const pair = await vapidPair();
    const sub = await subscribe();
    const id = new URL(sub.endpoint).pathname.split('/').pop()!;
    await request(`/push/__subscriptions/${id}/answer`, { method: 'POST', body: JSON.stringify({ status: 410 }) });
    expect((await push(sub, await vapid(pair, claims()))).status).toBe(410);
    expect((await push(sub, await vapid(pair, claims()))).status).toBe(404);
  });

  it("decrypts RFC 8291's Appendix A example with the user agent's keys", async () => {
    const uaPublic = 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4';
    const raw = fromB64u(uaPublic);
    const privateJwk = {
      kty: 'EC',
      crv: 'P-256',
      x: b64u(raw.slice(1, 33)),
      y: b64u(raw.slice(33)),
      d: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
    };
    const body = fromB64u(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
    );
    const sub = { private_jwk: JSON.stringify(privateJwk), public_key: uaPublic, auth: 'BTBZMqHH6r4Tts7J_aSIgg' };
    expect(await decryptAes128gcm(body, sub)).toBe('When I grow up, I want to be a watermelon');
    // one bit changed: refused
    body[body.length - 1]! ^= 1;
    expect(await decryptAes128gcm(body, sub)).toBeNull();
  });
});
