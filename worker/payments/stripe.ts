import Stripe from 'stripe';
import type { Config } from '../config';

const clients = new Map<string, Stripe>();

/**
 * The official stripe SDK client for the configured account, one per isolate: api.stripe.com in
 * production; in development the stand-ins Worker, named by STRIPE_API_BASE through the SDK's
 * own host/port/protocol options. Same requests, same answers either way.
 */
export function stripeFor(config: Config): Stripe {
  const { secretKey, api } = config.stripe;
  const key = `${secretKey}|${api ? `${api.protocol}://${api.host}:${api.port}` : ''}`;
  let client = clients.get(key);
  if (!client) {
    client = new Stripe(secretKey, {
      httpClient: Stripe.createFetchHttpClient(),
      maxNetworkRetries: 2,
      ...(api ? { host: api.host, port: api.port, protocol: api.protocol, telemetry: false } : {}),
    });
    clients.set(key, client);
  }
  return client;
}
