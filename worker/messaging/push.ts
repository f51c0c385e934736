import { encryptNotification } from '@block65/webcrypto-web-push';
import { base64urlBytes, type PushPayload } from '../../shared/console/push';
import type { Config } from '../config';
import { base64url } from '../crypto';

/**
 * Web Push to a staff member's browser (docs/console/notifications.md): the payload encrypted
 * with RFC 8291's aes128gcm by @block65/webcrypto-web-push (WebCrypto only), and the request
 * signed with a VAPID JWT (RFC 8292) for the push service's origin. The library's own VAPID
 * headers refuse an http:// endpoint, which the stand-in push service is in development and
 * tests, so the JWT is signed here: ES256 over crypto.subtle, as RFC 8292 §2 asks.
 */

type Vapid = NonNullable<Config['vapid']>;
const encoder = new TextEncoder();
const part = (value: object) => base64url(encoder.encode(JSON.stringify(value)));

/** The signing key of a VAPID pair, imported once per isolate. */
let signing: { privateKey: string; key: Promise<CryptoKey> } | null = null;
function signingKey(vapid: Vapid): Promise<CryptoKey> {
  if (signing?.privateKey !== vapid.privateKey) {
    const pub = base64urlBytes(vapid.publicKey)!;
    const jwk = { kty: 'EC', crv: 'P-256', x: base64url(pub.slice(1, 33)), y: base64url(pub.slice(33)), d: vapid.privateKey };
    signing = {
      privateKey: vapid.privateKey,
      key: crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']),
    };
  }
  return signing.key;
}

/** RFC 8292 §3: `vapid t=<JWT>, k=<public key>`, the JWT's audience the endpoint's origin, valid 12 hours (at most 24). */
export async function vapidAuthorization(vapid: Vapid, endpoint: string, now = Date.now()): Promise<string> {
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + 12 * 3600, sub: vapid.subject };
  const input = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, await signingKey(vapid), encoder.encode(input));
  return `vapid t=${input}.${base64url(new Uint8Array(signature))}, k=${vapid.publicKey}`;
}

/** Whether the product sends to an endpoint: https, or the one origin development allows over http (the stand-in). */
export const pushEndpointAllowed = (config: Config, endpoint: string) =>
  URL.canParse(endpoint) &&
  (new URL(endpoint).protocol === 'https:' ||
    (config.pushInsecureOrigin !== null && new URL(endpoint).origin === config.pushInsecureOrigin));

/** A subscription as it is kept: the endpoint and the browser's keys (base64url). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Sends one notification (RFC 8030 §5) and answers the push service's status: 201 accepted; 404
 * or 410 the subscription is gone; 429 or 5xx worth trying again. Kept a day (TTL) at normal
 * urgency; a payload is a few hundred bytes, padded to one 4096-byte record by the library.
 */
export async function sendPush(config: Config, to: PushTarget, payload: PushPayload): Promise<number> {
  const vapid = config.vapid;
  if (!vapid) throw new Error('no VAPID keys: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT');
  if (!pushEndpointAllowed(config, to.endpoint)) return 404;
  const subscription = { endpoint: to.endpoint, expirationTime: null, keys: { p256dh: to.p256dh, auth: to.auth } };
  const body = await encryptNotification(subscription, encoder.encode(JSON.stringify(payload)));
  const res = await fetch(to.endpoint, {
    method: 'POST',
    headers: {
      Authorization: await vapidAuthorization(vapid, to.endpoint),
      TTL: '86400',
      Urgency: 'normal',
      Topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
      'Content-Encoding': 'aes128gcm',
      'Content-Type': 'application/octet-stream',
    },
    body,
  });
  await res.body?.cancel();
  return res.status;
}
