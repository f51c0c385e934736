import type { Config } from '../config';
import { base64url } from '../crypto';
import { SendRefused } from '../messaging/refusal';
import type { FeedSlot } from './feeds';
import type { GoogleBooking } from './messages';

/**
 * Google's Maps Booking API, the real-time updates (docs/google-booking.md "Real-time updates"):
 * a booking's change (notification.partners.bookings.patch) and a service's availability
 * replaced over a time range (inventory.partners.availability.replace). Authenticated as Google
 * requires: the service account's JWT (RS256, scope mapsbooking) exchanged at the OAuth2 token
 * endpoint for an access token, kept by the isolate until a minute before it expires. The JWT is
 * five claims signed with crypto.subtle (RSASSA-PKCS1-v1_5, SHA-256) over base64url(header) "."
 * base64url(claims), as RFC 7515 defines a compact JWS: jose's CompactSign did the same in 11 KB
 * of the Worker's bundle (3.5 KB gzip); tests/unit/service-account-jwt.test.ts checks ours with jose.
 */
type Maps = NonNullable<Config['googleMaps']>;

const SCOPE = 'https://www.googleapis.com/auth/mapsbooking';
let cached: { email: string; token: string; until: number } | null = null;

const encoder = new TextEncoder();
const part = (value: unknown) => base64url(encoder.encode(JSON.stringify(value)));

/** A compact JWS (RS256) of the claims: header.claims.signature, each base64url without padding. */
export async function signedJwt(claims: Record<string, unknown>, key: CryptoKey): Promise<string> {
  const input = `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}`;
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, encoder.encode(input));
  return `${input}.${base64url(new Uint8Array(signature))}`;
}

async function accessToken(g: Maps): Promise<string> {
  if (cached && cached.email === g.email && cached.until > Date.now()) return cached.token;
  const der = Uint8Array.from(atob(g.privateKey.replace(/-----[A-Z ]+-----|\s/g, '')), (ch) => ch.charCodeAt(0));
  const key = await crypto.subtle.importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  const iat = Math.floor(Date.now() / 1000);
  const claims = { iss: g.email, scope: SCOPE, aud: g.tokenUrl, iat, exp: iat + 3600 };
  const assertion = await signedJwt(claims, key);
  const res = await fetch(g.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
  });
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
  if (!res.ok || !body.access_token) throw new SendRefused('Google refused the service account', res.status, body.error ?? 'token');
  cached = { email: g.email, token: body.access_token, until: Date.now() + ((body.expires_in ?? 3600) - 60) * 1000 };
  return body.access_token;
}

async function call(g: Maps, method: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${g.apiBase}${path}`, {
    method,
    headers: { Authorization: `Bearer ${await accessToken(g)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => ({}))) as { error?: { status?: string } };
  if (res.status === 401) cached = null; // a revoked token: the next try asks for another
  if (!res.ok) throw new SendRefused(`Maps Booking API ${method} ${path.split('?')[0]}`, res.status, answer.error?.status ?? 'error');
  return answer;
}

const timestamp = (sec: number | string) => new Date(Number(sec) * 1000).toISOString().replace('.000Z', 'Z');

/** notification.partners.bookings.patch: the booking's status, start and length as they are now. */
export function notifyBooking(g: Maps, b: GoogleBooking) {
  const name = `partners/${g.partnerId}/bookings/${b.booking_id}`;
  return call(g, 'PATCH', `v1alpha/notification/${name}?updateMask=status,startTime,duration`, {
    name,
    merchantId: b.slot.merchant_id,
    serviceId: b.slot.service_id,
    startTime: timestamp(b.slot.start_sec),
    duration: `${b.slot.duration_sec}s`,
    status: b.status,
  });
}

/** inventory.partners.availability.replace: every slot of these services in [from, to) becomes these (none: all taken). */
export function replaceAvailability(
  g: Maps,
  merchantId: number,
  range: { from: number; to: number },
  services: { serviceId: number; slots: FeedSlot[] }[],
) {
  return call(g, 'POST', `v1alpha/inventory/partners/${g.partnerId}/availability:replace`, {
    extendedServiceAvailability: services.map((s) => ({
      merchantId: String(merchantId),
      serviceId: String(s.serviceId),
      startTimeRestrict: timestamp(range.from / 1000),
      endTimeRestrict: timestamp(range.to / 1000),
      availability: s.slots.map((a) => ({
        startTime: timestamp(a.start_sec),
        duration: `${a.duration_sec}s`,
        spotsTotal: '1',
        spotsOpen: '1',
        resources: { staffId: a.resources.staff_id, staffName: a.resources.staff_name },
        ...(a.payment_option_id ? { paymentOptionId: a.payment_option_id } : {}),
        confirmationMode: a.confirmation_mode,
      })),
    })),
  });
}
