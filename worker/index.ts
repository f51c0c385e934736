import { Hono, type MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { configFrom, type AppEnv } from './env';
import { errorBody, onError } from './errors';
import { admin } from './edge/admin';
import { assertCanonical, callApi } from './edge/api-client';
import { pages } from './edge/pages';
import { session } from './edge/session';
import { deliverStandInWebhooks, stripeWebhooks } from './edge/stripe-webhooks';
import { cachedGet } from './edge/public-cache';
import { isProtected, verifiedClient } from './edge/client-auth';
import { devOutbox, identityStandIn } from './standins/identity';
import { paymentsStandIn, type PaymentsEnv } from './standins/payments';

/** The edge: the one Worker in front of the app, the booking API and (offline) the stand-ins. */
const app = new Hono<AppEnv>();

app.use(requestId());
app.use(async (c, next) => {
  c.set('config', configFrom(c.env));
  await next();
});

app.all('/api/*', async (c) => {
  const path = c.req.path.slice('/api/'.length);
  assertCanonical(path);
  const search = new URL(c.req.url).search;
  if (isProtected(path)) {
    c.set('clientSub', await verifiedClient(c));
    const res = await callApi(c, path, search);
    // Offline, the payments stand-in's events reach the webhook route as Stripe's would.
    if (!c.get('config').production && !(c.env as PaymentsEnv).STRIPE_SECRET_KEY && /^(book-online|ncob\/checkout)\//.test(path)) {
      c.executionCtx.waitUntil(deliverStandInWebhooks(c.env).catch((e) => console.error('webhook delivery failed', e instanceof Error ? e.message : e)));
    }
    return res;
  }
  if (c.req.method === 'GET') return cachedGet(c, path, search);
  return callApi(c, path, search);
});
app.route('/', admin);
app.route('/', session);
app.route('/', stripeWebhooks);
app.get('/assets/*', (c) => c.env.ASSETS.fetch(c.req.raw));

// Stand-ins and their dev pages exist only offline: never with a real user pool or in production.
const offlineOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { cognito, production } = c.get('config');
  return cognito || production ? c.notFound() : next();
};
app.use('/__idp/*', offlineOnly);
app.use('/__dev/*', offlineOnly);
app.route('/__idp', identityStandIn);
app.route('/__dev/outbox', devOutbox);

// The payments stand-in exists only offline: never in production, never with a real Stripe key.
const paymentsOffline: MiddlewareHandler<AppEnv> = async (c, next) =>
  c.get('config').production || (c.env as PaymentsEnv).STRIPE_SECRET_KEY ? c.notFound() : next();
app.use('/__stripe/*', paymentsOffline);
app.route('/__stripe', paymentsStandIn);
app.route('/', pages);

app.notFound((c) => c.json(errorBody(c, 'NOT_FOUND', 'Not found'), 404));
app.onError(onError);

export default app;
