import { Hono, type Context } from 'hono';
import type { StandInsApp } from '../env';

/**
 * A Web Push service, offline (docs/console/notifications.md "The stand-in push service"), as a
 * browser's push service answers an application server:
 * - POST /push/__subscribe {application_server_key?}: what PushManager.subscribe() gives a page:
 *   `{endpoint, expirationTime: null, keys: {p256dh, auth}}`, a fresh P-256 key pair and auth
 *   secret per subscription, the private key kept here as a browser keeps it;
 * - POST /push/{id} (RFC 8030 §5): `TTL` required, `Urgency` and `Topic` optional; `Authorization:
 *   vapid t=<JWT>, k=<key>` (RFC 8292) verified: ES256 by k, `aud` this service's origin, `exp` in
 *   the future and at most 24 hours away, `sub` a mailto: or https: URL, k the subscription's
 *   applicationServerKey when it was made with one; the body `Content-Encoding: aes128gcm` (RFC
 *   8291, one record of at most 4096 bytes), DECRYPTED with the subscription's private key and
 *   auth secret. Answers 201 with a Location, as a push service does; 404 for an unknown
 *   subscription; 400/401/403/413 for a request a real service refuses;
 * - POST /push/__subscriptions/{id}/answer {status}: the next pushes get that status (410: the
 *   subscription is gone and removed; 429 or 500: a service to try again later; null: accepted);
 * - GET /push/__received?endpoint=…: what was received there, decrypted, oldest first.
 */

const b64u = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromB64u = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
const encoder = new TextEncoder();
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

const originOf = (c: Context<StandInsApp>) => c.env.PUBLIC_ORIGIN?.trim() || new URL(c.req.url).origin;

interface SubscriptionRow {
  id: string;
  private_jwk: string;
  public_key: string;
  auth: string;
  server_key: string | null;
  answer: number | null;
}

const subscriptionOf = (db: D1Database, id: string) =>
  db.prepare('SELECT * FROM push_subscriptions WHERE id = ?').bind(id).first<SubscriptionRow>();

/** HKDF-SHA-256 (RFC 5869) of `ikm` with `salt` and `info`, `length` bytes. */
async function hkdf(salt: Uint8Array, ikm: Uint8Array | ArrayBuffer, info: Uint8Array, length: number) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, length * 8));
}

/** RFC 8291 §3.4 and RFC 8188: the plaintext of one aes128gcm record, or null when it does not decrypt. */
export async function decryptAes128gcm(body: Uint8Array, sub: { private_jwk: string; public_key: string; auth: string }) {
  if (body.length < 21) return null;
  const salt = body.slice(0, 16);
  const rs = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idlen = body[20]!;
  const asPublic = body.slice(21, 21 + idlen);
  const record = body.slice(21 + idlen);
  if (idlen !== 65 || rs < 18 || record.length > rs) return null;
  const privateKey = await crypto.subtle.importKey('jwk', JSON.parse(sub.private_jwk), { name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ]);
  let shared: ArrayBuffer;
  try {
    const serverKey = await crypto.subtle.importKey('raw', asPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    // workers-types spell the parameter `$public`; WebCrypto's (and workerd's) name is `public`
    const ecdh = { name: 'ECDH', public: serverKey } as unknown as SubtleCryptoDeriveKeyAlgorithm;
    shared = await crypto.subtle.deriveBits(ecdh, privateKey, 256);
  } catch {
    return null;
  }
  const uaPublic = fromB64u(sub.public_key);
  const ikm = await hkdf(fromB64u(sub.auth), shared, concat(encoder.encode('WebPush: info\0'), uaPublic, asPublic), 32);
  const cek = await hkdf(salt, ikm, encoder.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode('Content-Encoding: nonce\0'), 12);
  try {
    const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
    const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, record));
    // RFC 8188 §2: the last record ends with 0x02 and any zeroes after it
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2) return null;
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(padded.slice(0, end));
  } catch {
    return null;
  }
}

/** RFC 8292 §2-3: the JWT's claims when `vapid t=…, k=…` verifies for this origin, or the reason it does not. */
export async function verifyVapid(
  authorization: string,
  origin: string,
  now: number,
): Promise<{ aud: string; sub: string; key: string } | { refused: string }> {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization.trim());
  if (!m) return { refused: 'Authorization must be vapid t=<JWT>, k=<key>' };
  const [, jwt, k] = m as unknown as [string, string, string];
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  let head: { alg?: string; typ?: string };
  let body: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    head = JSON.parse(new TextDecoder().decode(fromB64u(header)));
    body = JSON.parse(new TextDecoder().decode(fromB64u(claims)));
  } catch {
    return { refused: 'the JWT is not JSON' };
  }
  if (head.alg !== 'ES256') return { refused: 'the JWT must be ES256' };
  const raw = fromB64u(k);
  if (raw.length !== 65 || raw[0] !== 4) return { refused: 'k must be an uncompressed P-256 public key' };
  let verified: boolean;
  try {
    const key = await crypto.subtle.importKey('raw', raw, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    verified = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      fromB64u(signature),
      encoder.encode(`${header}.${claims}`),
    );
  } catch {
    verified = false;
  }
  if (!verified) return { refused: 'the JWT signature does not verify with k' };
  if (body.aud !== origin) return { refused: `aud must be ${origin}` };
  const seconds = Math.floor(now / 1000);
  if (typeof body.exp !== 'number' || body.exp <= seconds) return { refused: 'the JWT has expired' };
  if (body.exp > seconds + 24 * 3600) return { refused: 'exp must be at most 24 hours away' };
  if (typeof body.sub !== 'string' || !/^(mailto:|https:)/.test(body.sub)) return { refused: 'sub must be a mailto: or https: URL' };
  return { aud: body.aud, sub: body.sub, key: k };
}

const problem = (c: Context<StandInsApp>, status: 400 | 401 | 403 | 404 | 410 | 413 | 415, reason: string) => c.json({ reason }, status);

export const pushStandIn = new Hono<StandInsApp>()
  .post('/push/__subscribe', async (c) => {
    const asked = (await c.req.json<{ application_server_key?: unknown }>().catch(() => ({}))) as { application_server_key?: unknown };
    const serverKey = typeof asked.application_server_key === 'string' ? asked.application_server_key : null;
    const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
    const publicKey = b64u((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
    const privateJwk = JSON.stringify(await crypto.subtle.exportKey('jwk', pair.privateKey));
    const auth = b64u(crypto.getRandomValues(new Uint8Array(16)));
    const id = b64u(crypto.getRandomValues(new Uint8Array(18)));
    await c.env.DB.prepare(
      'INSERT INTO push_subscriptions (id, private_jwk, public_key, auth, server_key, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
      .bind(id, privateJwk, publicKey, auth, serverKey, Date.now())
      .run();
    return c.json({ endpoint: `${originOf(c)}/push/${id}`, expirationTime: null, keys: { p256dh: publicKey, auth } }, 201);
  })
  .post('/push/__subscriptions/:id/answer', async (c) => {
    const { status } = await c.req.json<{ status: number | null }>();
    const r = await c.env.DB.prepare('UPDATE push_subscriptions SET answer = ? WHERE id = ?').bind(status, c.req.param('id')).run();
    return r.meta.changes ? c.body(null, 204) : problem(c, 404, 'no such subscription');
  })
  .get('/push/__received', async (c) => {
    const endpoint = c.req.query('endpoint') ?? '';
    const id = endpoint.split('/push/')[1] ?? '';
    const { results } = await c.env.DB.prepare(
      'SELECT ttl, urgency, topic, aud, sub, vapid_key, payload, received_at FROM push_messages WHERE subscription_id = ? ORDER BY id',
    )
      .bind(id)
      .all();
    return c.json({ data: results });
  })
  .post('/push/:id', async (c) => {
    const sub = await subscriptionOf(c.env.DB, c.req.param('id'));
    if (!sub) return problem(c, 404, 'no such subscription');
    if (sub.answer === 410 || sub.answer === 404) {
      await c.env.DB.prepare('DELETE FROM push_subscriptions WHERE id = ?').bind(sub.id).run();
      return problem(c, sub.answer, 'the subscription has expired');
    }
    if (sub.answer) return c.json({ reason: 'try again later' }, sub.answer as 429 | 500, { 'Retry-After': '1' });
    const ttl = c.req.header('TTL');
    if (!ttl || !/^\d{1,10}$/.test(ttl)) return problem(c, 400, 'TTL is required (RFC 8030 §5.2)');
    const urgency = c.req.header('Urgency') ?? 'normal';
    if (!['very-low', 'low', 'normal', 'high'].includes(urgency)) return problem(c, 400, 'Urgency must be very-low, low, normal or high');
    const topic = c.req.header('Topic') ?? null;
    if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) return problem(c, 400, 'Topic must be at most 32 base64url characters');
    const vapid = await verifyVapid(c.req.header('Authorization') ?? '', originOf(c), Date.now());
    if ('refused' in vapid) return problem(c, 401, vapid.refused);
    if (sub.server_key && sub.server_key !== vapid.key) return problem(c, 403, 'k is not the key the subscription was made with');
    if (c.req.header('Content-Encoding') !== 'aes128gcm') return problem(c, 415, 'Content-Encoding must be aes128gcm');
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (body.length > 4096) return problem(c, 413, 'a push message is at most 4096 bytes');
    const payload = await decryptAes128gcm(body, sub);
    if (payload === null) return problem(c, 400, 'the body does not decrypt with the subscription’s keys');
    const r = await c.env.DB.prepare(
      'INSERT INTO push_messages (subscription_id, ttl, urgency, topic, aud, sub, vapid_key, payload, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
      .bind(sub.id, Number(ttl), urgency, topic, vapid.aud, vapid.sub, vapid.key, payload, Date.now())
      .run();
    return c.body(null, 201, { Location: `${originOf(c)}/push/__messages/${r.meta.last_row_id}` });
  });
