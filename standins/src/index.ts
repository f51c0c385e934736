import { Hono, type MiddlewareHandler } from 'hono';
import { shiftClock } from '../../shared/clock';
import type { StandInsApp } from './env';
import { cloudflareStandIn } from './cloudflare/custom-hostnames';
import { resendEmails } from './email/resend';
import { identityStandIn } from './identity';
import { twilioMessages } from './messages/twilio';
import { twilioInbound } from './messages/inbound';
import { devIdempotency } from './dev-idempotency';
import { devOutbox } from './outbox';
import { deliverWebhooks, devAccounts, paymentsStandIn } from './payments';
import { pusherStandIn } from './realtime';
import { googleStandIn } from './google';
import { pushStandIn } from './push';

// wrangler requires the Durable Object classes exported from the Worker's main module.
export { PusherChannels } from './realtime';

/**
 * The offline stand-ins, a Worker of their own that the product never imports. The product
 * reaches each one through the same settings that point it at the real service:
 * - Amazon Cognito's JSON protocol at /__idp/ (COGNITO_ENDPOINT) and the pool's JWKS at
 *   /__idp/eu-west-1_Local0001/.well-known/jwks.json (COGNITO_JWKS_URL);
 * - the Stripe API at /v1/*, its 3-D Secure page at /3ds/:id and the hosted Checkout page at
 *   /checkout/:id (STRIPE_API_BASE); payment
 *   events are POSTed, signed, to WEBHOOK_URL as Stripe would; Connect's connected accounts
 *   (/v1/accounts, /v1/account_links, the hosted onboarding page at /connect/onboarding/…, the
 *   Stripe-Account header) and their account.updated events, POSTed to CONNECT_WEBHOOK_URL
 *   signed with the Connect secret; POST /__dev/stripe/accounts/{id}/complete finishes onboarding;
 * - Twilio's Messages API at /2010-04-01/Accounts/{sid}/Messages.json (TWILIO_API_BASE);
 * - Resend's email API at POST /emails (RESEND_API_BASE; key re_local_standin);
 * - Pusher Channels, protocol 7 (the product's Pusher host settings, issue 13): pusher-js's WebSocket at
 *   /app/{key}?protocol=7 (held by the PusherChannels Durable Object, binding REALTIME) and the
 *   HTTP API at POST /apps/{app_id}/events. The app is
 *   PUSHER_APP_ID "local-app", PUSHER_KEY "local_pusher_key", PUSHER_SECRET "local_pusher_secret"
 *   ([vars] of standins/wrangler.toml). Private channels check the auth signature;
 *   private-encrypted ones too (the payload encryption is the publisher's business); presence
 *   channels and client events are refused;
 * - Cloudflare for SaaS's custom hostnames API at /client/v4/zones/{zone}/custom_hostnames
 *   (CLOUDFLARE_API_BASE; token local_cloudflare_token), with /__dev/cloudflare/... for tests
 *   to point a hostname's DNS or age it (cloudflare/custom-hostnames.ts);
 * - Google's OAuth2 token endpoint at /__google/oauth2/token (GOOGLE_OAUTH_TOKEN_URL) and the Maps
 *   Booking API's real-time updates at /v1alpha/… (GOOGLE_MAPS_BOOKING_API_BASE), recorded for
 *   tests at /__dev/google/notifications (google/index.ts);
 * - a Web Push service at /push/ (the endpoint of a subscription minted by POST /push/__subscribe;
 *   the product accepts its http:// endpoints through PUSH_ENDPOINT_ALLOW_INSECURE_ORIGIN), which
 *   verifies VAPID, decrypts what it receives and lists it at /push/__received?endpoint= (push/index.ts);
 * - the dev outbox page at /__dev/outbox: every text and email the stand-ins "sent" (the emails
 *   also as JSON, for tests, at /__dev/outbox/emails.json?to=, and the texts at /__dev/outbox/texts.json?to=);
 * - POST /__dev/sms/inbound {from, to?, body}: a text to the salons' number, delivered to the
 *   product's inbound webhook (TWILIO_INBOUND_URL) signed as Twilio signs it (messages/inbound.ts);
 * - for tests, POST /__dev/idempotency/expire: every Idempotency-Key kept so far expires, as a day
 *   passing would (dev-idempotency.ts).
 */
const app = new Hono<StandInsApp>();

// The tests' chosen day (shared/clock.ts), the same as the product Worker's.
app.use(async (c, next) => {
  shiftClock(Number(c.env.CLOCK_OFFSET_MS || 0));
  await next();
});

app.route('/__idp', identityStandIn);
app.route('/__dev/outbox', devOutbox);
app.route('/__dev/idempotency', devIdempotency);
app.route('/', twilioMessages);
app.route('/', twilioInbound);
app.route('/', resendEmails);
app.route('/', cloudflareStandIn);
app.route('/', googleStandIn);
app.route('/', pushStandIn);
// Events recorded by a POST to the API, the 3-D Secure page or the Checkout page (and by the
// Checkout page's return from 3-D Secure) reach the product after the answer, as Stripe's webhooks do.
const deliverAfter =
  (changes: (method: string, path: string) => boolean): MiddlewareHandler<StandInsApp> =>
  async (c, next) => {
    await next();
    if (changes(c.req.method, c.req.path))
      c.executionCtx.waitUntil(deliverWebhooks(c.env.DB, c.env.WEBHOOK_URL?.trim(), c.env.CONNECT_WEBHOOK_URL?.trim()));
  };
const deliverAfterPost = deliverAfter((method) => method === 'POST');
app.use('/v1/*', deliverAfterPost);
app.use('/3ds/*', deliverAfterPost);
app.use('/connect/*', deliverAfterPost);
app.use('/__dev/stripe/*', deliverAfterPost);
app.route('/__dev/stripe/accounts', devAccounts);
app.use(
  '/checkout/*',
  deliverAfter((method, path) => method === 'POST' || path.endsWith('/return')),
);
app.route('/', paymentsStandIn);
app.route('/', pusherStandIn);
app.get('/', (c) =>
  c.text(
    'Offline stand-ins for Cognito (/__idp/), Stripe (/v1/), Twilio (/2010-04-01/), Resend (/emails), Cloudflare custom hostnames (/client/v4/), Pusher Channels (WebSocket /app/{key}, HTTP /apps/{app_id}/events; app local-app, key local_pusher_key) and the dev outbox (/__dev/outbox).',
  ),
);

export default app;
