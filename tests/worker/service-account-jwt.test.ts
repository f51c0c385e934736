import { compactVerify, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { signedJwt } from '../../worker/google/maps-booking';

// The service account's JWT for Google's token endpoint (worker/google/maps-booking.ts) is signed
// with crypto.subtle; jose, the library it replaced, verifies it here.
describe("the service account's JWT", () => {
  it('is a compact RS256 JWS that jose verifies, with the claims as given', async () => {
    const pair = (await crypto.subtle.generateKey(
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
      true,
      ['sign', 'verify'],
    )) as CryptoKeyPair;
    const claims = {
      iss: 'bookings@partner.iam.gserviceaccount.com',
      scope: 'https://www.googleapis.com/auth/mapsbooking',
      iat: 1764655200,
      exp: 1764658800,
      aud: 'https://oauth2.googleapis.com/token',
      name: 'Zoë ✂️',
    };
    const jwt = await signedJwt(claims, pair.privateKey);
    expect(jwt).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'RS256', typ: 'JWT' });
    const { payload } = await compactVerify(jwt, pair.publicKey);
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual(claims);
    const other = (await crypto.subtle.generateKey(
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
      true,
      ['sign', 'verify'],
    )) as CryptoKeyPair;
    await expect(compactVerify(jwt, other.publicKey)).rejects.toThrow();
  });
});
