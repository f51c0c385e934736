import { ID_DIGITS, rowIdOf } from '../shared/ids';

const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The hex digest of a message, for signatures' and Pusher's body_md5 ('MD5' digests in Workers too). */
export const digestHex = async (algorithm: 'MD5' | 'SHA-256', text: string) =>
  hex(await crypto.subtle.digest(algorithm, encoder.encode(text)));

/** Hex HMAC-SHA256 of a text with a secret (Pusher's auth_signature, Stripe's v1 webhook signature). */
export async function hmacSha256Hex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
}

/** Whether two strings are equal, in time that does not depend on where they differ. */
export function sameText(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  return x.byteLength === y.byteLength && crypto.subtle.timingSafeEqual(x, y);
}

/** Admin keys are stored as SHA-256 hex; keys are long random secrets, so a fast hash is enough. */
export const sha256Hex = (text: string) => digestHex('SHA-256', text);

/** Compares a presented key with a stored hash in constant time. */
export async function keyMatches(key: string, storedHash: string): Promise<boolean> {
  if (key.length > 256) return false;
  return sameText(await sha256Hex(key), storedHash);
}

/** Bytes in base64url without padding (URL- and header-safe). */
export function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** `n` random bytes in base64url (24 bytes: 32 characters, 192 bits; 32 bytes: 43 characters). */
export const randomBase64url = (n: number) => base64url(crypto.getRandomValues(new Uint8Array(n)));

/**
 * A token the product mints for one salon's row names the salon first, `{salonId}.{random}`, so
 * a call given only the token finds the salon's database through the directory (docs/scale.md,
 * "Salons across databases"). The whole token is the secret that is hashed and kept; the salon
 * in it only chooses where to look. Tokens minted before carry no salon: they are the first database's.
 */
export const SALON_PREFIX = `(?:${ID_DIGITS}\\.)?`;
export const salonToken = (salonId: number, random: string) => `${salonId}.${random}`;
const TOKEN_SALON = new RegExp(`^(${ID_DIGITS})\\.`);
export function salonOfToken(token: string): number | null {
  return rowIdOf(TOKEN_SALON.exec(token)?.[1]);
}
