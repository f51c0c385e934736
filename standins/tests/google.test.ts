import { createExecutionContext, env } from 'cloudflare:test';
import { generateKeyPair } from 'jose/key/generate/keypair';
import { importPKCS8 } from 'jose/key/import';
import { SignJWT } from 'jose/jwt/sign';
import { describe, expect, it } from 'vitest';
import app from '../src/index';
import { LOCAL_SERVICE_ACCOUNT } from '../src/google';
import { LOCAL_GOOGLE_KEY } from './google-key';

const ORIGIN = 'http://127.0.0.1:8788';
const TOKEN_URL = `${ORIGIN}/__google/oauth2/token`;
const request = (path: string, init: RequestInit = {}) => app.request(`${ORIGIN}${path}`, init, env, createExecutionContext());

const assertion = async (o: { key?: CryptoKey; iss?: string; aud?: string; scope?: string; exp?: string } = {}) =>
  new SignJWT({ scope: o.scope ?? 'https://www.googleapis.com/auth/mapsbooking' })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(o.iss ?? LOCAL_SERVICE_ACCOUNT)
    .setAudience(o.aud ?? TOKEN_URL)
    .setIssuedAt()
    .setExpirationTime(o.exp ?? '1h')
    .sign(o.key ?? (await importPKCS8(LOCAL_GOOGLE_KEY, 'RS256')));

const exchange = (jwt: string, grant = 'urn:ietf:params:oauth:grant-type:jwt-bearer') =>
  request('/__google/oauth2/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: grant, assertion: jwt }),
  });

describe("Google's OAuth2 token endpoint and Maps Booking API (stand-in)", () => {
  it("answers an access token for the service account's signed JWT, and records the updates sent with it", async () => {
    const res = await exchange(await assertion());
    expect(res.status).toBe(200);
    const { access_token, token_type, expires_in } = await res.json<{ access_token: string; token_type: string; expires_in: number }>();
    expect(token_type).toBe('Bearer');
    expect(expires_in).toBeGreaterThan(3000);
    const name = 'partners/10000001/bookings/2-77';
    const patched = await request(`/v1alpha/notification/${name}?updateMask=status,startTime,duration`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, merchantId: '2', serviceId: '11', status: 'CANCELED' }),
    });
    expect(patched.status).toBe(200);
    const replaced = await request('/v1alpha/inventory/partners/10000001/availability:replace', {
      method: 'POST',
      headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ extendedServiceAvailability: [{ merchantId: '2', serviceId: '11', availability: [] }] }),
    });
    expect(replaced.status).toBe(200);
    const seen = await (
      await request('/__dev/google/notifications')
    ).json<{ notifications: { kind: string; path: string; body: { status?: string } }[] }>();
    expect(seen.notifications.slice(0, 2).map((n) => n.kind)).toEqual(['availability', 'booking']);
    expect(seen.notifications[1]!.path).toBe(`/v1alpha/notification/${name}?updateMask=status,startTime,duration`);
    expect(seen.notifications[1]!.body.status).toBe('CANCELED');
  });

  it('refuses a JWT signed by another key, for another audience or lasting over an hour; and an update without a token', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    for (const jwt of [
      await assertion({ key: privateKey }),
      await assertion({ aud: 'https://oauth2.googleapis.com/token' }),
      await assertion({ exp: '2h' }),
    ]) {
      const res = await exchange(jwt);
      expect(res.status).toBe(400);
      expect((await res.json<{ error: string }>()).error).toBe('invalid_grant');
    }
    expect((await exchange(await assertion(), 'client_credentials')).status).toBe(400);
    const unsigned = await request('/v1alpha/inventory/partners/10000001/availability:replace', {
      method: 'POST',
      headers: { Authorization: 'Bearer ya29.guess', 'Content-Type': 'application/json' },
      body: JSON.stringify({ extendedServiceAvailability: [] }),
    });
    expect(unsigned.status).toBe(401);
    expect((await unsigned.json<{ error: { status: string } }>()).error.status).toBe('UNAUTHENTICATED');
  });
});
