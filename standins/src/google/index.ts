import { Hono, type Context } from 'hono';
import { importJWK } from 'jose/key/import';
import { jwtVerify } from 'jose/jwt/verify';
import type { StandInsApp } from '../env';
import { insertToken, notifications, recordNotification, tokenValid } from './store';

/**
 * Google's OAuth2 token endpoint and the Maps Booking API's real-time updates, offline
 * (docs/google-booking.md "Real-time updates"):
 * - POST /__google/oauth2/token (GOOGLE_OAUTH_TOKEN_URL): a JWT bearer grant, the assertion signed
 *   (RS256) by the local service account's private key, checked against its public key below
 *   (issuer, audience = this URL, scope mapsbooking, an hour at most); answers an access token;
 * - PATCH /v1alpha/notification/partners/{partner}/bookings/{booking}?updateMask=… and
 *   POST /v1alpha/inventory/partners/{partner}/availability:replace (GOOGLE_MAPS_BOOKING_API_BASE),
 *   with that token, recorded as received;
 * - GET /__dev/google/notifications?kind=booking|availability: what was received, newest first.
 */

const now = () => Date.now();

/** The local service account (wrangler.toml's GOOGLE_SERVICE_ACCOUNT_EMAIL) and its public key. */
export const LOCAL_SERVICE_ACCOUNT = 'local-feeds@local-standin.iam.gserviceaccount.com';
const PUBLIC_KEYS: Record<string, JsonWebKey> = {
  [LOCAL_SERVICE_ACCOUNT]: {
    kty: 'RSA',
    n: 'qkKS7vkv8QusI_R-KoUVnis4uBgls-7lyDGoI7lnDNJbo3IXvFn6BJwinr5XEJwbcmylqewIW5EHeTBC-nla15-RDhphuKLRtO7LHDc3x4odkBuowmSnV3Jr52IfhBv-ckp1Rx_1aLyjmLQ0MlSBU4GgqbEqwcaNeMTQmxSE1takcen8fAiQjn48YO4DQyP-r8oQcrNZ_RbKBKFJAORe3NO__ZUBcRJ3NODcz450PhnZ8a0HJ1dyqCCKSKaThMi4WgIX4dt7qhSiDJnnUZEk7SInhkm2yiP0d-uIbz9UjRT1FKqngz6GHDzo0rTNt1R_hVcZtCNk-471-u8y59yHXw',
    e: 'AQAB',
  },
};
const SCOPE = 'https://www.googleapis.com/auth/mapsbooking';
const GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

const oauthError = (c: Context<StandInsApp>, error: string, description: string) => c.json({ error, error_description: description }, 400);

/** Google's API errors: {error: {code, message, status}}. */
const apiError = (c: Context<StandInsApp>, code: 400 | 401 | 404, status: string, message: string) =>
  c.json({ error: { code, message, status } }, code);

async function authorised(c: Context<StandInsApp>): Promise<boolean> {
  const token = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
  return !!token && (await tokenValid(c.env.DB, token, now()));
}

export const googleStandIn = new Hono<StandInsApp>()
  .post('/__google/oauth2/token', async (c) => {
    const form = await c.req.parseBody();
    if (form.grant_type !== GRANT) return oauthError(c, 'unsupported_grant_type', 'Invalid grant_type');
    const assertion = typeof form.assertion === 'string' ? form.assertion : '';
    let email: string;
    try {
      email = String((JSON.parse(atob(assertion.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { iss?: unknown }).iss);
    } catch {
      return oauthError(c, 'invalid_request', 'Invalid JWT');
    }
    const jwk = PUBLIC_KEYS[email];
    if (!jwk) return oauthError(c, 'invalid_grant', 'Invalid JWT Signature.');
    try {
      const { payload } = await jwtVerify(assertion, await importJWK(jwk, 'RS256'), {
        algorithms: ['RS256'],
        issuer: email,
        audience: new URL(c.req.url).origin + new URL(c.req.url).pathname,
        requiredClaims: ['iat', 'exp'],
        currentDate: new Date(now()),
      });
      if (payload.exp! - payload.iat! > 3600)
        return oauthError(c, 'invalid_grant', 'Invalid JWT: Token must be a short-lived token (60 minutes)');
      if (
        !String(payload.scope ?? '')
          .split(' ')
          .includes(SCOPE)
      )
        return oauthError(c, 'invalid_scope', 'The mapsbooking scope is required');
    } catch (e) {
      return oauthError(c, 'invalid_grant', `Invalid JWT Signature. (${e instanceof Error ? e.name : 'error'})`);
    }
    const token = `ya29.local_${crypto.randomUUID().replace(/-/g, '')}`;
    await insertToken(c.env.DB, token, email, now() + 3600_000);
    return c.json({ access_token: token, expires_in: 3599, token_type: 'Bearer' });
  })
  .patch('/v1alpha/notification/partners/:partner/bookings/:booking', async (c) => {
    if (!(await authorised(c))) return apiError(c, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    const { partner, booking } = c.req.param();
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const mask = c.req.query('updateMask');
    if (!body || body.name !== `partners/${partner}/bookings/${booking}`)
      return apiError(c, 400, 'INVALID_ARGUMENT', 'name must match the URL');
    if (!mask || !body.merchantId || !body.serviceId)
      return apiError(c, 400, 'INVALID_ARGUMENT', 'updateMask, merchantId and serviceId are required');
    await recordNotification(c.env.DB, { kind: 'booking', partnerId: partner, path: c.req.path + '?updateMask=' + mask, body, now: now() });
    return c.json(body);
  })
  .post('/v1alpha/inventory/partners/:partner/*', async (c) => {
    if (!c.req.path.endsWith('/availability:replace')) return apiError(c, 404, 'NOT_FOUND', 'Not found');
    if (!(await authorised(c))) return apiError(c, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    const body = (await c.req.json().catch(() => null)) as {
      extendedServiceAvailability?: { merchantId?: string; serviceId?: string }[];
    } | null;
    const list = body?.extendedServiceAvailability;
    if (!Array.isArray(list) || list.some((s) => !s.merchantId || !s.serviceId))
      return apiError(c, 400, 'INVALID_ARGUMENT', 'extendedServiceAvailability needs merchantId and serviceId');
    await recordNotification(c.env.DB, { kind: 'availability', partnerId: c.req.param('partner'), path: c.req.path, body, now: now() });
    return c.json(body);
  })
  .get('/__dev/google/notifications', async (c) => {
    const kind = c.req.query('kind') ?? null;
    const rows = await notifications(c.env.DB, kind);
    return c.json({
      notifications: rows.map((r) => ({
        kind: r.kind,
        partner_id: r.partner_id,
        path: r.path,
        body: JSON.parse(r.body) as unknown,
        received_at: r.received_at,
      })),
    });
  });
