import type { Config } from '../config';
import { StripeClient } from './stripe-api';

const clients = new Map<string, StripeClient>();

/**
 * The Stripe client for the configured account, one per isolate (payments/stripe-api.ts, over
 * fetch): api.stripe.com in production; in development the stand-ins Worker, named by
 * STRIPE_API_BASE. Same requests, same answers either way.
 */
export function stripeFor(config: Config): StripeClient {
  const { secretKey, apiBase } = config.stripe;
  const key = `${secretKey}|${apiBase}`;
  let client = clients.get(key);
  if (!client) {
    client = new StripeClient(secretKey, apiBase);
    clients.set(key, client);
  }
  return client;
}
