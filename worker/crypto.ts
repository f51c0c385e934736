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
