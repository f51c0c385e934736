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
