/** Byte helpers on WebCrypto: encodings, randomness, digests and constant-time comparison. */
const encoder = new TextEncoder();
export const utf8 = (text: string): Uint8Array => encoder.encode(text);

export function base64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const b of view) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export const base64url = (bytes: ArrayBuffer | Uint8Array) => base64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** Decodes base64url; throws on anything that is not base64url. */
export function fromBase64url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  return fromBase64(padded);
}

export const randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));

/** A uniformly random string of decimal digits (rejection sampling: no modulo bias). */
export function randomDigits(n: number): string {
  let out = '';
  while (out.length < n) {
    for (const b of randomBytes(n)) if (b < 250 && out.length < n) out += String(b % 10);
  }
  return out;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', utf8(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Constant-time equality of two byte strings (lengths are not secret). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && crypto.subtle.timingSafeEqual(a, b);
}
