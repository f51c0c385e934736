import { base64url, utf8 } from './bytes';

/**
 * The stand-in's RS256 signing keys: one for ID tokens, one for access tokens (different kids,
 * as on Cognito). 2048-bit RSA keys are generated on first use and kept in D1, so tokens stay
 * valid across restarts. Offline only: production tokens are signed by AWS.
 */
export type TokenUse = 'id' | 'access';

export interface SigningKey {
  token_use: TokenUse;
  kid: string;
  public_jwk: string;
  private_jwk: string;
}

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

/** RFC 7638 thumbprint of an RSA public key, used as its kid. */
async function thumbprint(jwk: JsonWebKey): Promise<string> {
  const canonical = JSON.stringify({ e: jwk.e, kty: 'RSA', n: jwk.n });
  return base64url(await crypto.subtle.digest('SHA-256', utf8(canonical)));
}

async function generate(tokenUse: TokenUse): Promise<SigningKey> {
  const pair = (await crypto.subtle.generateKey({ ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const pub = (await crypto.subtle.exportKey('jwk', pair.publicKey)) as JsonWebKey;
  const priv = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
  return { token_use: tokenUse, kid: await thumbprint(pub), public_jwk: JSON.stringify(pub), private_jwk: JSON.stringify(priv) };
}

const selectKeys = (db: D1Database) => db.prepare('SELECT token_use, kid, public_jwk, private_jwk FROM idp_signing_keys').all<SigningKey>();

/** Both signing keys, creating the missing ones (concurrent first uses agree on one winner). */
export async function signingKeys(db: D1Database): Promise<Record<TokenUse, SigningKey>> {
  let rows = (await selectKeys(db)).results;
  const missing = (['id', 'access'] as const).filter((use) => !rows.some((r) => r.token_use === use));
  if (missing.length > 0) {
    const fresh = await Promise.all(missing.map(generate));
    await db.batch(
      fresh.map((k) =>
        db
          .prepare('INSERT OR IGNORE INTO idp_signing_keys (token_use, kid, public_jwk, private_jwk, created_at) VALUES (?, ?, ?, ?, ?)')
          .bind(k.token_use, k.kid, k.public_jwk, k.private_jwk, Date.now()),
      ),
    );
    rows = (await selectKeys(db)).results;
  }
  const id = rows.find((r) => r.token_use === 'id');
  const access = rows.find((r) => r.token_use === 'access');
  if (!id || !access) throw new Error('identity stand-in: signing keys missing after creation');
  return { id, access };
}

/**
 * A JWKS entry (a JsonWebKey with its kid). A type alias, not an interface, so that it is also
 * assignable to aws-jwt-verify's Jwk (a JSON object type).
 */
export type PublicJwk = { kty: 'RSA'; kid: string; alg: 'RS256'; use: 'sig'; n: string; e: string };

/** The public half as a JWKS entry: kty, kid, alg, use, n, e. */
function publicJwk(key: SigningKey): PublicJwk {
  const { n, e } = JSON.parse(key.public_jwk) as JsonWebKey;
  if (!n || !e) throw new Error('identity stand-in: stored public key is not an RSA JWK');
  return { kty: 'RSA', kid: key.kid, alg: 'RS256', use: 'sig', n, e };
}

/** The public JWKS ({keys:[...]}) of the stand-in, read from D1 (creating the keys on first use). */
export async function standInJwks(db: D1Database): Promise<{ keys: PublicJwk[] }> {
  const keys = await signingKeys(db);
  return { keys: [publicJwk(keys.id), publicJwk(keys.access)] };
}

// Imported CryptoKeys per isolate, by kid (a thumbprint, so one kid is always the same key).
const imported = new Map<string, Promise<CryptoKey>>();

function importOnce(cacheKey: string, jwk: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  let key = imported.get(cacheKey);
  if (!key) {
    key = crypto.subtle.importKey('jwk', JSON.parse(jwk) as JsonWebKey, RSA, false, [usage]);
    key.catch(() => imported.delete(cacheKey));
    imported.set(cacheKey, key);
  }
  return key;
}

export const privateKeyOf = (k: SigningKey) => importOnce(`private:${k.kid}`, k.private_jwk, 'sign');
export const publicKeyOf = (k: SigningKey) => importOnce(`public:${k.kid}`, k.public_jwk, 'verify');
