/** Stripe-shaped identifiers, secrets and clocks. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** n uniformly random base62 characters (rejection sampling: no modulo bias). */
export function randomBase62(n: number): string {
  let out = '';
  while (out.length < n) {
    for (const b of crypto.getRandomValues(new Uint8Array(n))) {
      if (b < 248 && out.length < n) out += ALPHABET[b % 62];
    }
  }
  return out;
}

export type IdPrefix = 'cus' | 'pm' | 'seti' | 'pi' | 'evt' | 'ch' | 're' | 'req' | 'cs_test' | 'li' | 'acct' | 'trr' | 'tml' | 'tmr';

const LENGTHS: Partial<Record<IdPrefix, number>> = { req: 14, cs_test: 58, acct: 16 };

/** 'pi' → 'pi_3MtwBwLkdIwHu7ix28a3tqPa' (24 characters after the prefix, as Stripe's; a checkout session's are longer). */
export const newId = (prefix: IdPrefix) => `${prefix}_${randomBase62(LENGTHS[prefix] ?? 24)}`;

/** An intent's client secret: '{id}_secret_{random}'. */
export const newClientSecret = (id: string) => `${id}_secret_${randomBase62(25)}`;

/** A fresh revision token for optimistic concurrency. */
export const newRevision = () => randomBase62(16);

/** Stripe's timestamps: Unix seconds. */
export const unixSeconds = (ms: number) => Math.floor(ms / 1000);

const encoder = new TextEncoder();

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Constant-time string equality (lengths are not secret). */
export function sameSecret(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  return x.byteLength === y.byteLength && crypto.subtle.timingSafeEqual(x, y);
}
