import type { Stripe } from '@stripe/stripe-js';
// 'pure': Stripe.js is fetched from js.stripe.com only when loadStripe is called, never on import.
import { loadStripe } from '@stripe/stripe-js/pure';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for a publishable key, loaded once. */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let p = loaded.get(publishableKey);
  if (!p) {
    p = loadStripe(publishableKey);
    loaded.set(publishableKey, p);
    p.catch(() => loaded.delete(publishableKey));
  }
  return p;
}
