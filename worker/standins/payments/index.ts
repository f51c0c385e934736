/**
 * The offline payments stand-in: an embedded Stripe-API-compatible sandbox (customers, payment
 * methods, setup intents, payment intents with manual capture, 3-D Secure requires_action and
 * its challenge page, Stripe's test cards and decline codes, Idempotency-Key, events and signed
 * webhooks), reached by the official stripe SDK through its fetch HTTP client. Offline only:
 * with STRIPE_SECRET_KEY set the same code talks to real Stripe, and the edge mounts the
 * stand-in (at /__stripe) only when no key is set and never in production.
 */
export { LOCAL_STRIPE, MOUNT_PATH, publishableKeyFor, webhookSecretFor, type PaymentsEnv } from './config';
export { paymentsStandIn } from './app';
export { stripeFor } from './client';
export { markDelivered, pendingWebhooks, webhookEvents, type WebhookEvent } from './events';
export { signWebhook, webhookRequestInit } from './webhooks';
