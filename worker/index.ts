import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { shiftClock } from '../shared/clock';
import { ConfigError, configFrom } from './config';
import { withConfig, type AppEnv, type Env } from './env';
import { errorBody, onError } from './error-answer';
import { admin, adminCall } from './edge/admin';
import { assertCanonical, callApi } from './edge/api-client';
import { icons } from './edge/icons';
import { pages } from './edge/pages';
import { robots } from './edge/robots';
import { wellKnown } from './edge/well-known';
import { realtimeAuth } from './edge/realtime-auth';
import { session } from './edge/session';
import { staffSession } from './edge/staff-session';
import { verifiedStaff } from './edge/staff-auth';
import { serviceWorker } from './edge/service-worker';
import { stripeWebhooks } from './api/stripe-webhooks';
import { connectWebhooks } from './api/connect-webhooks';
import { cachedGet } from './edge/public-cache';
import { verifiedClient } from './edge/client-auth';
import { matchRoute, routeOfRequest } from './edge/route-policy';
import { identifyHoldBrowser, withHoldCookie } from './edge/hold-browser';
import { consumeMessages } from './messaging/outbox';
import { messageWebhooks } from './api/message-webhooks';
import { googleBookingServer } from './api/google-booking-server';
import { appointmentLinkRedirect } from './edge/appointment-link';
import { waitlistOfferPage } from './edge/waitlist-offer-page';
import { transportHeaders } from './edge/transport-headers';
import { rawSearchOf, refuseControlPaths } from './edge/path-characters';
import { fontFile, hashedAsset } from './edge/assets';
import { media } from './edge/media';
import { scheduled } from './scheduled';
import { jsonBodyLimit } from './edge/body-limit';
import { addressOf, admitPublicCall } from './abuse/limits';
import { d1Session } from './edge/d1-session';
import { warmSalonPage } from './edge/warm-page';
import { salonDatabaseOf } from './db/placement';
import { appHostOnly, isAppHost } from './edge/tenant';
import { AppError } from './errors';

/** The edge: the one Worker in front of the app and the booking API. */
const app = new Hono<AppEnv>();

app.use(requestId());
app.use(transportHeaders);
// a control character in a path is 400 on every route, before any route reads it (edge/path-characters.ts)
app.use(refuseControlPaths);
app.use(withConfig);
// a salon's first screen already rendered in this isolate answers here, before the request's setup (edge/warm-page.ts)
app.use(warmSalonPage);
// the request's API route, looked up once and kept on the context for everything below (edge/route-policy.ts)
app.use(matchRoute);
// every request's D1 queries run in one session, started where its route declares (edge/d1-session.ts)
app.use(d1Session);
for (const path of ['/api/*', '/session/*', '/console/session/*', '/admin/*']) app.use(path, jsonBodyLimit);

app.all('/api/*', async (c) => {
  const path = c.req.path.slice('/api/'.length);
  assertCanonical(path);
  const search = rawSearchOf(c.req.url);
  // Each API route declares who may call it and how it is cached (api/policy.ts).
  const route = routeOfRequest(c);
  // one caller's uncached public calls are limited per address, first, so a burst cannot slow every salon
  if (route?.policy.caller === 'public' && (!route.policy.cache || c.req.method !== 'GET' || search)) {
    await admitPublicCall(c.env.ABUSE, addressOf(c.req.header('CF-Connecting-IP')), Date.now());
  }
  const holdCookie = await identifyHoldBrowser(c, route?.policy.takesHold === true);
  switch (route?.policy.caller) {
    case undefined: // no such call: the API answers 404 with its message
    case 'rebooking': // never through the public cache, never with a Cognito client: the API checks the rebooking token
      return callApi(c, path, search);
    case 'client':
      c.set('clientSub', await verifiedClient(c));
      return callApi(c, path, search);
    case 'client-if-sent':
      // a hold taken or let go by a logged-in client is tied to it; an anonymous one to its browser only
      if (c.req.header('Authorization')) c.set('clientSub', await verifiedClient(c));
      return withHoldCookie(await callApi(c, path, search), holdCookie);
    case 'admin':
    case 'operator': // the API checks the key (a salon's admin key, the operator's)
      return adminCall(c, path, search);
    case 'staff':
      // the console's calls answer on the platform's own hosts only, as its page (never a salon's domain);
      // verified against the staff pool (a client's token is refused); a change refreshes the caches it touched
      if (!isAppHost(c)) throw new AppError('NOT_FOUND', 'Not found');
      c.set('staffSub', await verifiedStaff(c));
      return adminCall(c, path, search);
    case 'public':
      return route.policy.cache && c.req.method === 'GET' ? cachedGet(c, path, search) : callApi(c, path, search);
  }
});
app.route('/', admin);
app.route('/', session);
app.route('/', staffSession);
app.route('/', realtimeAuth);
app.route('/', stripeWebhooks);
app.route('/', connectWebhooks);
app.route('/', messageWebhooks);
// Google's booking server answers on the platform's own hosts only, never a salon's domain
app.use('/google/*', appHostOnly);
app.route('/', googleBookingServer);
app.route('/', appointmentLinkRedirect);
app.route('/', waitlistOfferPage);
app.get('/assets/*', hashedAsset);
app.get('/console/assets/*', hashedAsset);
app.get('/fonts/*', fontFile);
app.route('/', media);
app.route('/', serviceWorker);
app.route('/', robots);
app.route('/', wellKnown);
app.route('/', icons);
app.route('/', pages);

app.notFound((c) => c.json(errorBody(c, 'NOT_FOUND', 'Not found'), 404));
app.onError(onError);

/** The checked configuration for the queue consumer; null (logged by setting name) when it is wrong. */
function consumerConfig(env: Env) {
  try {
    const config = configFrom(env);
    shiftClock(config.clockOffsetMs);
    return config;
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(`[queue] ${e.message}`);
    return null;
  }
}

/** The abuse counters' Durable Object class (wrangler.toml [[durable_objects.bindings]] ABUSE). */
export { AbuseCounter } from './abuse/counter';

export default {
  fetch: app.fetch,
  /** The MESSAGES queue's consumer (wrangler.toml [[queues.consumers]]): sends texts and emails. */
  queue: (batch, env) => {
    const config = consumerConfig(env);
    // a message about a salon is recorded in that salon's database (db/placement.ts)
    const databaseOf = (salonId: number | null) => salonDatabaseOf(env, salonId, config?.versionLeaseMs ?? 0);
    return consumeMessages(batch, { databaseOf, config, deadLetters: env.MESSAGES_DLQ, media: env.MEDIA, queue: env.MESSAGES });
  },
  /** The Cron Triggers (wrangler.toml [triggers]): worker/scheduled.ts. */
  scheduled,
} satisfies ExportedHandler<Env>;
