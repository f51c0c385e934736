/**
 * The offline payments stand-in: a Stripe-API-compatible sandbox (customers, payment methods,
 * setup intents, payment intents with manual capture, 3-D Secure requires_action and its
 * challenge page, refunds, Checkout Sessions and their hosted page, Stripe's test cards and
 * decline codes, Idempotency-Key, events delivered as signed webhooks), reached by the product's
 * official stripe SDK over HTTP through its host/port/protocol options. It answers the calls the
 * product, its browser code and its tests make, and no more.
 */
export { LOCAL_STRIPE } from './config';
export { paymentsStandIn } from './app';
export { devAccounts } from './connect-onboarding';
export { deliverWebhooks, markDelivered, pendingWebhooks, webhookEvents } from './events';
export { signWebhook, webhookRequestInit } from './webhooks';
