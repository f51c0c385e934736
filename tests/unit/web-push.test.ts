import { encryptNotification } from '@block65/webcrypto-web-push';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64urlBytes, pushSubscriptionSchema } from '../../shared/console/push';

/**
 * The staff's Web Push (docs/console/notifications.md): the library the Worker encrypts with
 * (@block65/webcrypto-web-push) holds to RFC 8291's Appendix A, byte for byte, given the example's
 * salt and application server key pair (the library draws both at random: the test hands it the
 * example's), and the shared schema takes a browser's subscription and nothing else.
 */

// RFC 8291 Appendix A
const PLAINTEXT = 'When I grow up, I want to be a watermelon';
const AS_PUBLIC = 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8';
const AS_PRIVATE = 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw';
const UA_PUBLIC = 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4';
const SALT = 'DGv6ra1nlYgDCS1FRnbzlw';
const AUTH = 'BTBZMqHH6r4Tts7J_aSIgg';
const BODY =
  'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN';

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const bytes = (s: string) => new Uint8Array(base64urlBytes(s)!);

afterEach(() => vi.restoreAllMocks());

describe("@block65/webcrypto-web-push against RFC 8291's example", () => {
  it('encrypts the example to the published body, header and record', async () => {
    const pub = bytes(AS_PUBLIC);
    const ecdh = { name: 'ECDH', namedCurve: 'P-256' } as const;
    const jwk = { kty: 'EC', crv: 'P-256', x: b64u(pub.slice(1, 33)), y: b64u(pub.slice(33)), d: AS_PRIVATE };
    const asKeys = {
      privateKey: await crypto.subtle.importKey('jwk', jwk, ecdh, false, ['deriveBits']),
      publicKey: await crypto.subtle.importKey('raw', new Uint8Array(pub), ecdh, true, []),
    };
    // the salt and the sender's ephemeral key pair: the example's, not random ones
    vi.spyOn(crypto, 'getRandomValues').mockImplementation((a) => {
      new Uint8Array(a.buffer, a.byteOffset, a.byteLength).set(bytes(SALT));
      return a;
    });
    vi.spyOn(crypto.subtle, 'generateKey').mockResolvedValue(asKeys as never);
    const body = await encryptNotification(
      { endpoint: 'https://push.example.test/x', expirationTime: null, keys: { p256dh: UA_PUBLIC, auth: AUTH } },
      new TextEncoder().encode(PLAINTEXT),
      { pad: false },
    );
    expect(b64u(body)).toBe(BODY);
  });
});

describe('pushSubscriptionSchema', () => {
  const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: UA_PUBLIC, auth: AUTH } };
  const fieldOf = (body: unknown) => {
    const r = pushSubscriptionSchema.safeParse(body);
    return r.success ? null : r.error.issues[0]!.path.join('.');
  };

  it("takes a browser's subscription (expirationTime null or left out) and the kinds chosen", () => {
    expect(fieldOf({ subscription, kinds: ['new_online_booking', 'failed_message'] })).toBeNull();
    expect(fieldOf({ subscription: { ...subscription, expirationTime: null }, kinds: [] })).toBeNull();
  });

  it('refuses a compressed or short key, an auth secret not 16 bytes, an unknown or repeated kind', () => {
    const compressed = b64u(new Uint8Array([2, ...bytes(UA_PUBLIC).slice(1, 33)]));
    expect(fieldOf({ subscription: { ...subscription, keys: { ...subscription.keys, p256dh: compressed } }, kinds: [] })).toBe(
      'subscription.keys.p256dh',
    );
    expect(fieldOf({ subscription: { ...subscription, keys: { ...subscription.keys, auth: b64u(new Uint8Array(15)) } }, kinds: [] })).toBe(
      'subscription.keys.auth',
    );
    expect(fieldOf({ subscription: { ...subscription, endpoint: 'ftp://x.example/1' }, kinds: [] })).toBe('subscription.endpoint');
    expect(fieldOf({ subscription, kinds: ['all'] })).toBe('kinds.0');
    expect(fieldOf({ subscription, kinds: ['cancellation', 'cancellation'] })).toBe('kinds');
  });
});
