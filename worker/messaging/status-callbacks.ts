import type { Config } from '../config';

/**
 * The delivery callbacks' URLs and signatures (docs/messaging.md): Twilio
 * POSTs a text's status changes to the URL the text was sent with, signed with the account's auth
 * token over that exact URL and the form's fields.
 */

export const TWILIO_STATUS_PATH = '/webhooks/twilio/status';
/** Where Twilio posts the texts the salons' number receives (the number's "A message comes in" webhook). */
export const TWILIO_INBOUND_PATH = '/webhooks/twilio/inbound';

/**
 * The StatusCallback a text is sent with: this Worker's public origin, naming the message by its
 * key, and its salon (whose database records it) when it has one.
 */
export const twilioStatusCallback = (config: Config, key: string, salonId: number | null = null) =>
  `${config.appOrigin}${TWILIO_STATUS_PATH}?key=${encodeURIComponent(key)}${salonId === null ? '' : `&salon_id=${salonId}`}`;

/**
 * Twilio's X-Twilio-Signature: base64(HMAC-SHA1(auth token, the full URL followed by every POST
 * field's name and value, sorted by name)).
 */
export async function twilioSignature(authToken: string, url: string, form: URLSearchParams): Promise<string> {
  const fields = [...form.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signed = url + fields.map(([k, v]) => k + v).join('');
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(authToken), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(signed)));
  return btoa(String.fromCharCode(...mac));
}

/** Compares two signatures in constant time (for their length). */
export function sameSignature(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
