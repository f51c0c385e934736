import Stripe from 'stripe';
import { paymentsStandIn } from './app';
import { LOCAL_STRIPE, type PaymentsEnv } from './config';

const realClients = new Map<string, Stripe>();
const standInClients = new WeakMap<object, Stripe>();

/**
 * The official stripe SDK client, the same code path either way: against real Stripe when
 * env.STRIPE_SECRET_KEY is set; else (offline) against the stand-in in-process, through the
 * SDK's fetch client with a fetch that hands each request to paymentsStandIn with this env.
 * One client per isolate per key (the stand-in's, per bindings object). Production never gets
 * the stand-in: without a key there it throws.
 *
 * `ctx` is accepted for the callers' convenience and unused: the stand-in finishes all its
 * work (events included) before it answers, so nothing needs waitUntil.
 */
export function stripeFor(env: PaymentsEnv, _ctx?: ExecutionContext): Stripe {
  const key = env.STRIPE_SECRET_KEY?.trim();
  if (key) {
    let client = realClients.get(key);
    if (!client) {
      client = new Stripe(key, { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 2 });
      realClients.set(key, client);
    }
    return client;
  }
  if (env.ENVIRONMENT === 'production') {
    throw new Error('Production needs STRIPE_SECRET_KEY: the payments stand-in never runs in production.');
  }
  let client = standInClients.get(env);
  if (!client) {
    const standIn: typeof fetch = async (input, init) => paymentsStandIn.fetch(new Request(input, init), env);
    client = new Stripe(LOCAL_STRIPE.secretKey, {
      httpClient: Stripe.createFetchHttpClient(standIn),
      maxNetworkRetries: 2,
      telemetry: false,
    });
    standInClients.set(env, client);
  }
  return client;
}
