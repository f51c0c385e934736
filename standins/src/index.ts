import { Hono, type MiddlewareHandler } from 'hono';
import type { StandInsApp } from './env';
import { identityStandIn } from './identity';
import { twilioMessages } from './messages/twilio';
import { devOutbox } from './outbox';
import { deliverWebhooks, paymentsStandIn } from './payments';

/**
 * The offline stand-ins, a Worker of their own that the product never imports. The product
 * reaches each one through the same settings that point it at the real service:
 * - Amazon Cognito's JSON protocol at /__idp/ (COGNITO_ENDPOINT) and the pool's JWKS at
 *   /__idp/eu-west-1_Local0001/.well-known/jwks.json (COGNITO_JWKS_URL);
 * - the Stripe API at /v1/* and its 3-D Secure page at /3ds/:id (STRIPE_API_BASE); payment
 *   events are POSTed, signed, to WEBHOOK_URL as Stripe would;
 * - Twilio's Messages API at /2010-04-01/Accounts/{sid}/Messages.json (TWILIO_API_BASE);
 * - the dev outbox page at /__dev/outbox: every text the stand-ins "sent".
 */
const app = new Hono<StandInsApp>();

app.route('/__idp', identityStandIn);
app.route('/__dev/outbox', devOutbox);
app.route('/', twilioMessages);
// Events recorded by a POST to the API or the 3-D Secure page reach the product after the answer,
// as Stripe's webhooks do.
const deliverAfterPost: MiddlewareHandler<StandInsApp> = async (c, next) => {
  await next();
  if (c.req.method === 'POST') c.executionCtx.waitUntil(deliverWebhooks(c.env.DB, c.env.WEBHOOK_URL?.trim()));
};
app.use('/v1/*', deliverAfterPost);
app.use('/3ds/*', deliverAfterPost);
app.route('/', paymentsStandIn);
app.get('/', (c) =>
  c.text('Offline stand-ins for Cognito (/__idp/), Stripe (/v1/), Twilio (/2010-04-01/) and the dev outbox (/__dev/outbox).'),
);

export default app;
