import type { DeliveryStatus } from '../../shared/console/reminders';

/** Twilio's MessageStatus values as this product records them (null: nothing to record). */
const TWILIO: Record<string, DeliveryStatus> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
  canceled: 'failed',
};
export const twilioStatusOf = (status: string): DeliveryStatus | null => TWILIO[status] ?? null;

/** Resend's event types as this product records them (delays, complaints: nothing to record). */
const RESEND: Record<string, DeliveryStatus> = {
  'email.sent': 'sent',
  'email.delivered': 'delivered',
  'email.opened': 'delivered',
  'email.clicked': 'delivered',
  'email.bounced': 'bounced',
  'email.failed': 'failed',
};
export const resendStatusOf = (type: string): DeliveryStatus | null => RESEND[type] ?? null;

const TOLERANCE_S = 300;
const encoder = new TextEncoder();

/** The HMAC key of a `whsec_<base64>` secret, made once per isolate (null: not base64). */
const keys = new Map<string, Promise<CryptoKey | null>>();
function keyOf(secret: string): Promise<CryptoKey | null> {
  let key = keys.get(secret);
  if (!key) {
    key = (async () => {
      try {
        const bytes = Uint8Array.from(atob(secret.replace(/^whsec_/, '')), (ch) => ch.charCodeAt(0));
        return bytes.length ? await crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']) : null;
      } catch {
        return null;
      }
    })();
    keys.set(secret, key);
  }
  return key;
}

const bytesOfBase64 = (b64: string): Uint8Array | null => {
  try {
    return Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
};

/**
 * Verifies a Resend (Svix) webhook as the Standard Webhooks scheme defines it (docs/reminders.md,
 * "Delivery status"): `svix-signature` holds space-separated `v1,<base64>` signatures, each the
 * HMAC-SHA256 of `{svix-id}.{svix-timestamp}.{raw body}` under the base64 secret after `whsec_`;
 * the timestamp within 5 minutes either way. Checked with crypto.subtle (constant-time verify),
 * which saves the Worker the standardwebhooks package and its SHA-256 and base64 code. The
 * event, or null when a header, the signature or the timestamp is wrong.
 */
export async function verifiedResendEvent(secret: string, raw: string, headers: (name: string) => string | undefined): Promise<unknown> {
  const id = headers('svix-id') ?? '';
  const timestamp = headers('svix-timestamp') ?? '';
  const signatures = (headers('svix-signature') ?? '').split(' ');
  if (!id || !/^\d{1,12}$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > TOLERANCE_S) return null;
  const key = await keyOf(secret);
  if (!key) return null;
  const signed = encoder.encode(`${id}.${timestamp}.${raw}`);
  for (const entry of signatures) {
    const [version, b64] = entry.split(',', 2);
    const signature = version === 'v1' && b64 ? bytesOfBase64(b64) : null;
    if (signature && (await crypto.subtle.verify('HMAC', key, signature, signed))) {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        return null;
      }
    }
  }
  return null;
}
