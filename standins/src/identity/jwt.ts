import { base64url, fromBase64url, utf8 } from './bytes';

/** Compact RS256 JWTs on WebCrypto (RSASSA-PKCS1-v1_5 with SHA-256), header {kid, alg}. */
export type Claims = Record<string, unknown>;

const encodeJson = (value: unknown) => base64url(utf8(JSON.stringify(value)));

export async function signJwt(claims: Claims, key: CryptoKey, kid: string): Promise<string> {
  const signingInput = `${encodeJson({ kid, alg: 'RS256' })}.${encodeJson(claims)}`;
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, utf8(signingInput));
  return `${signingInput}.${base64url(signature)}`;
}

export interface DecodedJwt {
  header: { kid?: unknown; alg?: unknown };
  claims: Claims;
  signingInput: string;
  signature: Uint8Array;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Splits and decodes a JWT without trusting it; null when it is not a well-formed JWT. */
export function decodeJwt(token: string): DecodedJwt | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [h, p, s] = parts as [string, string, string];
  try {
    const header: unknown = JSON.parse(new TextDecoder().decode(fromBase64url(h)));
    const claims: unknown = JSON.parse(new TextDecoder().decode(fromBase64url(p)));
    if (!isObject(header) || !isObject(claims)) return null;
    return { header, claims, signingInput: `${h}.${p}`, signature: fromBase64url(s) };
  } catch {
    return null;
  }
}

export function verifySignature(jwt: DecodedJwt, key: CryptoKey): Promise<boolean> {
  return crypto.subtle.verify('RSASSA-PKCS1-v1_5', key, jwt.signature, utf8(jwt.signingInput));
}
