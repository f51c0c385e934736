import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import Stripe from 'stripe';
import type { StandInsApp as AppEnv } from '../env';
import { API_VERSION_FORMAT, authenticate, checkVersion } from './auth';
import { configuredOrigin } from './config';
import type { Ctx, Route } from './context';
import { checkScope, recordOwner, requestAccount } from './account-scope';
import { accountRoutes } from './accounts';
import { checkout } from './checkout';
import { connectOnboarding } from './connect-onboarding';
import { checkoutSessionRoutes } from './checkout-sessions';
import { customerRoutes } from './customers';
import { parseForm } from './form';
import { idempotent, requestFingerprint, type Answer, type Replayable } from './idempotency';
import { newId } from './ids';
import { paymentIntentRoutes } from './payment-intents';
import { paymentMethodRoutes } from './payment-methods';
import { refundRoutes } from './refunds';
import { setupIntentRoutes } from './setup-intents';
import { terminalRoutes } from './terminal';
import { badParam, internalError, StripeApiError } from './stripe-error';
import { threeDSecure } from './three-d-secure';

const MAX_BODY_BYTES = 64 * 1024;
/**
 * Only the calls something makes (issue 26; tests/worker/standins-contract.test.ts lists the
 * product's): the product's stripe SDK calls, the browser's card form, and the lists and
 * expiry the Worker tests read.
 */
const ROUTES: Route[] = [
  ...customerRoutes,
  ...paymentMethodRoutes,
  ...setupIntentRoutes,
  ...paymentIntentRoutes,
  ...refundRoutes,
  ...checkoutSessionRoutes,
  ...accountRoutes,
  ...terminalRoutes,
];

function answerOf(err: unknown): Answer {
  if (err instanceof StripeApiError) return { status: err.status, body: err.body(), store: err.replayable };
  // Never logged with the request: it may carry card details.
  console.error('payments stand-in: unexpected error', err instanceof Error ? err.stack : err);
  return { status: 500, body: internalError().body(), store: false };
}

/** The API path whatever the mount point: '/__stripe/v1/customers' → '/v1/customers'. */
const apiPath = (path: string) => path.slice(Math.max(0, path.indexOf('/v1/')));

async function formOf(c: Context<AppEnv>): Promise<[string, string][]> {
  if (c.req.method === 'GET') return [...new URL(c.req.url).searchParams];
  if (Number(c.req.header('Content-Length') ?? 0) > MAX_BODY_BYTES) throw badParam('The request body is too large.');
  const bytes = await c.req.arrayBuffer();
  if (bytes.byteLength > MAX_BODY_BYTES) throw badParam('The request body is too large.');
  const text = new TextDecoder().decode(bytes);
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (text.trim() !== '' && type !== 'application/x-www-form-urlencoded') {
    throw badParam(
      `Invalid request: unsupported Content-Type ${type.slice(0, 100) || '(none)'}. Send parameters as application/x-www-form-urlencoded.`,
    );
  }
  return [...new URLSearchParams(text)];
}

function respond(c: Context<AppEnv>, answer: Replayable, requestId: string, idempotencyKey: string | null) {
  c.header('Request-Id', requestId);
  const version = c.req.header('Stripe-Version')?.trim();
  c.header('Stripe-Version', version && API_VERSION_FORMAT.test(version) ? version : Stripe.API_VERSION);
  c.header('Cache-Control', 'no-cache, no-store');
  if (idempotencyKey) c.header('Idempotency-Key', idempotencyKey);
  if (answer.replayOf) {
    c.header('Idempotent-Replayed', 'true');
    c.header('Original-Request', answer.replayOf);
  }
  return c.json(answer.body as object, answer.status as ContentfulStatusCode);
}

/** One API call: key, version, parameters, Idempotency-Key, then the endpoint; every failure answered as Stripe does. */
async function serve(c: Context<AppEnv>, route: Route) {
  const requestId = newId('req');
  const now = Date.now();
  const idempotencyKey = route.method === 'POST' ? (c.req.header('Idempotency-Key')?.trim() ?? null) || null : null;
  let answer: Replayable;
  try {
    const keyKind = authenticate(c.req.header('Authorization'), route.publishable === true);
    checkVersion(c.req.header('Stripe-Version'));
    const pairs = await formOf(c);
    const url = new URL(c.req.url);
    const account = await requestAccount(c.env.DB, c.req.header('Stripe-Account'));
    const ctx: Ctx = {
      db: c.env.DB,
      env: c.env,
      now,
      requestId,
      idempotencyKey,
      keyKind,
      params: c.req.param() as Record<string, string>,
      input: parseForm(pairs),
      account,
      // in-process calls (the SDK's fetch client) keep Stripe's host: no public origin then
      origin: configuredOrigin(c.env) ?? (url.hostname === 'api.stripe.com' ? undefined : url.origin),
    };
    const run = async (): Promise<Answer> => {
      try {
        await checkScope(ctx.db, route, account, ctx.params, ctx.input as Record<string, unknown>);
        const body = await route.handler(ctx);
        if (route.method === 'POST') await recordOwner(ctx.db, account, body);
        return { status: 200, body, store: true };
      } catch (e) {
        return answerOf(e);
      }
    };
    answer = idempotencyKey
      ? await idempotent(ctx.db, keyKind, idempotencyKey, await requestFingerprint('POST', apiPath(c.req.path), pairs), now, requestId, run)
      : await run();
  } catch (e) {
    answer = answerOf(e);
  }
  return respond(c, answer, requestId, idempotencyKey);
}

/**
 * The Stripe REST API stand-in (offline only): /v1/* with form-encoded bodies, Bearer secret
 * key (the publishable key only where the browser calls: POST /v1/payment_methods and
 * /v1/setup_intents/:id/confirm), Stripe-Version and
 * Idempotency-Key; the 3-D Secure page at /3ds/:intentId and the hosted Checkout page at /checkout/:sessionId. The stand-ins Worker serves it at its root, as api.stripe.com does.
 */
export const paymentsStandIn = new Hono<AppEnv>();

paymentsStandIn.use(
  '/v1/*',
  cors({
    origin: '*',
    allowMethods: ['GET', 'POST'],
    allowHeaders: ['Authorization', 'Content-Type', 'Stripe-Version', 'Idempotency-Key', 'Stripe-Account'],
    exposeHeaders: ['Request-Id', 'Stripe-Version', 'Idempotency-Key', 'Idempotent-Replayed', 'Original-Request'],
    maxAge: 86_400,
  }),
);

for (const route of ROUTES) paymentsStandIn.on(route.method, route.path, (c) => serve(c, route));

paymentsStandIn.all('/v1/*', (c) => {
  const path = apiPath(c.req.path).slice(0, 200);
  const message = `Unrecognized request URL (${c.req.method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`;
  return respond(c, answerOf(new StripeApiError(404, { type: 'invalid_request_error', message })), newId('req'), null);
});

paymentsStandIn.route('/3ds', threeDSecure);
paymentsStandIn.route('/checkout', checkout);
paymentsStandIn.route('/connect/onboarding', connectOnboarding);

paymentsStandIn.onError((err, c) => respond(c, answerOf(err), newId('req'), null));
