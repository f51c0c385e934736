import { createHash } from 'node:crypto';

const encoder = new TextEncoder();

const hmacKey = (secret: string, usage: 'sign' | 'verify') =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);

const toHex = (bytes: ArrayBuffer | Uint8Array) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Lower-case hex of HMAC-SHA256(secret, message): Pusher's signature for channel auth and the HTTP API. */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  return toHex(await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), encoder.encode(message)));
}

/**
 * Whether `hex` is HMAC-SHA256(secret, message) in hex. `crypto.subtle.verify` compares in
 * constant time; anything that is not 64 hex digits is simply wrong.
 */
export async function verifyHmacSha256Hex(secret: string, message: string, hex: string): Promise<boolean> {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return false;
  const signature = new Uint8Array(32);
  for (let i = 0; i < 32; i++) signature[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), signature, encoder.encode(message));
}

/** MD5 of the raw bytes in hex (the events API's body_md5), via nodejs_compat's node:crypto. */
export function md5Hex(bytes: ArrayBuffer | Uint8Array): string {
  return createHash('md5').update(new Uint8Array(bytes)).digest('hex');
}

/** What a private channel's `auth` signs: `socket_id:channel_name` (presence would add `:channel_data`). */
export const channelStringToSign = (socketId: string, channel: string) => `${socketId}:${channel}`;

/**
 * What the HTTP API's auth_signature signs: `METHOD\nPATH\n` and the query parameters except
 * auth_signature, keys lower-cased, sorted by key, joined `k=v&...` (values as sent, unescaped).
 */
export function apiStringToSign(method: string, path: string, params: URLSearchParams): string {
  const pairs = [...params.entries()]
    .filter(([k]) => k.toLowerCase() !== 'auth_signature')
    .map(([k, v]) => [k.toLowerCase(), v] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${method.toUpperCase()}\n${path}\n${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`;
}
