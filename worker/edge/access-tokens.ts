/**
 * Cognito access tokens checked with WebCrypto (docs/architecture.md, "Sessions"): a compact JWS
 * of three parts, `alg` RS256 with a `kid` of the pool's JWKS, its RSASSA-PKCS1-v1_5 SHA-256
 * signature over the first two parts, then the claims Cognito's access tokens carry: `iss` the
 * pool's issuer, `token_use` 'access', `client_id` the app client, `exp` in the future (`nbf`,
 * when present, passed). The rules aws-jwt-verify applies to them, which the stand-ins' tests
 * still check their tokens with; done here in 2 KB rather than its 19 KB, for the Worker's bundle.
 *
 * The JWKS is fetched once per isolate and URL; a `kid` it does not hold fetches it again (a
 * rotated key), at most every 10 seconds, so forged kids cannot make the Worker hammer the pool.
 */

export interface AccessPool {
  issuer: string;
  clientId: string;
  jwksUrl: string;
}

/** The token is not one of the pool's valid access tokens (401). */
export class InvalidToken extends Error {}
/** The pool's keys could not be read (502: the identity service is unreachable). */
export class KeysUnreachable extends Error {}

const REFETCH_MS = 10_000;
interface KeySet {
  keys: Map<string, CryptoKey>;
  fetchedAt: number;
}
const keySets = new Map<string, Promise<KeySet>>();
const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

async function fetchKeys(url: string, now: number): Promise<KeySet> {
  let body: { keys?: unknown };
  try {
    const res = await fetch(url, { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new KeysUnreachable(`${url} answered ${res.status}`);
    body = (await res.json()) as { keys?: unknown };
  } catch (e) {
    throw e instanceof KeysUnreachable ? e : new KeysUnreachable(`${url} could not be read`);
  }
  const keys = new Map<string, CryptoKey>();
  for (const jwk of Array.isArray(body.keys) ? (body.keys as Record<string, unknown>[]) : []) {
    if (jwk.kty !== 'RSA' || typeof jwk.kid !== 'string' || typeof jwk.n !== 'string' || typeof jwk.e !== 'string') continue;
    if ((jwk.alg !== undefined && jwk.alg !== 'RS256') || (jwk.use !== undefined && jwk.use !== 'sig')) continue;
    try {
      keys.set(
        jwk.kid,
        await crypto.subtle.importKey('jwk', { kty: 'RSA', n: jwk.n, e: jwk.e, alg: 'RS256', ext: true }, RSA, false, ['verify']),
      );
    } catch {
      // a key that is not a usable RSA key is skipped, as if absent
    }
  }
  return { keys, fetchedAt: now };
}

/** The pool's key of that id: from the isolate's copy of the JWKS, or a fresh one when the id is new to it. */
async function keyOf(url: string, kid: string, now: number): Promise<CryptoKey | null> {
  let set = keySets.get(url);
  if (!set) keySets.set(url, (set = fetchKeys(url, now)));
  let keys: KeySet;
  try {
    keys = await set;
  } catch (e) {
    keySets.delete(url);
    throw e;
  }
  const key = keys.keys.get(kid);
  if (key || now - keys.fetchedAt < REFETCH_MS) return key ?? null;
  const fresh = fetchKeys(url, now);
  keySets.set(url, fresh);
  return (await fresh).keys.get(kid) ?? null;
}

const bytesOf = (part: string): Uint8Array => {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) throw new InvalidToken('not base64url');
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (ch) => ch.charCodeAt(0));
};
const jsonOf = (part: string): Record<string, unknown> => {
  try {
    const value = JSON.parse(new TextDecoder().decode(bytesOf(part))) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // below
  }
  throw new InvalidToken('not a JSON object');
};

/** The claims of a valid access token of the pool; InvalidToken or KeysUnreachable otherwise. */
export async function verifyAccessToken(token: string, pool: AccessPool, now = Date.now()): Promise<Record<string, unknown>> {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[2]) throw new InvalidToken('not a signed compact JWS');
  const [head, body, signature] = parts as [string, string, string];
  const header = jsonOf(head);
  if (header.alg !== 'RS256' || typeof header.kid !== 'string') throw new InvalidToken('not RS256 with a key id');
  const claims = jsonOf(body);
  const key = await keyOf(pool.jwksUrl, header.kid, now);
  if (!key) throw new InvalidToken('unknown key id');
  const signed = new TextEncoder().encode(`${head}.${body}`);
  if (!(await crypto.subtle.verify(RSA, key, bytesOf(signature), signed))) throw new InvalidToken('bad signature');
  const seconds = now / 1000;
  if (claims.iss !== pool.issuer) throw new InvalidToken('another issuer');
  if (claims.token_use !== 'access') throw new InvalidToken('not an access token');
  if (claims.client_id !== pool.clientId) throw new InvalidToken('another app client');
  if (typeof claims.exp !== 'number' || claims.exp <= seconds) throw new InvalidToken('expired');
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > seconds)) throw new InvalidToken('not yet valid');
  if (typeof claims.sub !== 'string' || !claims.sub) throw new InvalidToken('no subject');
  return claims;
}
