import { LOCAL_STRIPE } from './config';
import { sameSecret } from './ids';
import { badParam, invalidKey, missingKey, publishableKeyRefused } from './stripe-error';

/** The API key of a request: 'Authorization: Bearer sk_...', as the SDK and Stripe.js send it. */
const apiKeyOf = (authorization: string | undefined) => /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1] ?? null;

/** The kind of key the request carries; the publishable key only where Stripe.js may use it. */
export function authenticate(authorization: string | undefined, publishableAllowed: boolean): 'secret' | 'publishable' {
  const key = apiKeyOf(authorization);
  if (!key) throw missingKey();
  if (sameSecret(key, LOCAL_STRIPE.secretKey)) return 'secret';
  if (sameSecret(key, LOCAL_STRIPE.publishableKey)) {
    if (publishableAllowed) return 'publishable';
    throw publishableKeyRefused();
  }
  throw invalidKey(key);
}

/** Stripe-Version: a date, optionally with the release name ('2026-10-28.endive'). */
export const API_VERSION_FORMAT = /^\d{4}-\d{2}-\d{2}(\.[a-z_]+)?$/;

export function checkVersion(version: string | undefined): void {
  if (version !== undefined && !API_VERSION_FORMAT.test(version.trim())) {
    throw badParam(`Invalid Stripe API version: ${version.slice(0, 40)}`);
  }
}
