import type { Env } from '../../env';

/** The stand-in's own keys (test-mode shaped). Offline only: production uses real Stripe keys. */
export const LOCAL_STRIPE = {
  secretKey: 'sk_test_local_standin',
  publishableKey: 'pk_test_local_standin',
  webhookSecret: 'whsec_local_standin',
} as const;

/** Where the edge mounts the stand-in (offline only): the API is at /__stripe/v1/..., the 3-D Secure page at /__stripe/3ds/:id. */
export const MOUNT_PATH = '/__stripe';

/** The Worker's bindings plus the Stripe configuration (all optional: unset offline). */
export interface PaymentsEnv extends Env {
  /** sk_live_... / sk_test_...: set, the app talks to real Stripe and the stand-in is unused. */
  STRIPE_SECRET_KEY?: string;
  /** whsec_...: the signing secret of the real webhook endpoint. */
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  /** Public origin of the stand-in's 3-D Secure page (e.g. http://localhost:8787); else derived per request. */
  STRIPE_STANDIN_ORIGIN?: string;
}

/** Webhook signing secret in force (env.STRIPE_WEBHOOK_SECRET or LOCAL_STRIPE.webhookSecret). */
export function webhookSecretFor(env: PaymentsEnv): string {
  return env.STRIPE_WEBHOOK_SECRET?.trim() || LOCAL_STRIPE.webhookSecret;
}

/** Publishable key in force, for the browser (env.STRIPE_PUBLISHABLE_KEY or LOCAL_STRIPE.publishableKey). */
export function publishableKeyFor(env: PaymentsEnv): string {
  return env.STRIPE_PUBLISHABLE_KEY?.trim() || LOCAL_STRIPE.publishableKey;
}

/** The configured public origin of the stand-in's pages, if it is a valid http(s) origin. */
export function configuredOrigin(env: PaymentsEnv): string | undefined {
  const raw = env.STRIPE_STANDIN_ORIGIN?.trim();
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
