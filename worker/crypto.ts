import { ID_DIGITS, rowIdOf } from '../shared/ids';

/** Admin keys are stored as SHA-256 hex; keys are long random secrets, so a fast hash is enough. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Compares a presented key with a stored hash in constant time. */
export async function keyMatches(key: string, storedHash: string): Promise<boolean> {
  if (key.length > 256) return false;
  const a = new TextEncoder().encode(await sha256Hex(key));
  const b = new TextEncoder().encode(storedHash);
  if (a.byteLength !== b.byteLength) return false;
  return crypto.subtle.timingSafeEqual(a, b);
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
