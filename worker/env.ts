import type { StaffRole } from '../shared/console/roles';
import type { SalonDetails } from '../shared/types';
import type { MiddlewareHandler } from 'hono';
import { shiftClock } from '../shared/clock';
import { ConfigError, configFrom, type Config } from './config';
import type { AbuseCounter } from './abuse/counter';
import type { MatchedRoute } from './edge/route-policy';

/** Bindings, vars and secrets of wrangler.toml (checked by worker/config.ts). */
export interface Env {
  /**
   * The first database: the directory of salons (db/placement.ts), what spans salons, and the rows
   * of the salons it places here. In the API of a call for one salon, that salon's database.
   */
  DB: D1Database;
  /** more databases for salons (wrangler.toml [[d1_databases]] DB_2, DB_3…), placed by the directory */
  [more: `DB_${number}`]: D1Database | undefined;
  /** in the API: the first database (the directory and what spans salons), whichever salon DB is */
  DIRECTORY?: D1Database;
  ASSETS: Fetcher;
  /** abuse counters and ended sessions, one Durable Object per key (worker/abuse/counter.ts) */
  ABUSE: DurableObjectNamespace<AbuseCounter>;
  /** outgoing texts and emails (wrangler.toml [[queues.producers]]; this Worker is also its consumer): messaging/outbox.ts's OutgoingMessage, checked by its consumer */
  MESSAGES?: Queue;
  /** messages-dlq: where a message the provider refuses for good is kept */
  MESSAGES_DLQ?: Queue<unknown>;
  /** the salons' logos, covers and stylist photos, keyed by the SHA-256 of their bytes (worker/media/) */
  MEDIA: R2Bucket;
  ENVIRONMENT?: string;
  RELEASE?: string;
  APP_HOSTS?: string;
  UPSTREAM_API?: string;
  COGNITO_USER_POOL_ID?: string;
  COGNITO_CLIENT_ID?: string;
  COGNITO_ENDPOINT?: string;
  COGNITO_JWKS_URL?: string;
  STAFF_COGNITO_USER_POOL_ID?: string;
  STAFF_COGNITO_CLIENT_ID?: string;
  STAFF_COGNITO_ENDPOINT?: string;
  STAFF_COGNITO_JWKS_URL?: string;
  AWS_ACCESS_KEY_ID?: string;
  AWS_SECRET_ACCESS_KEY?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  /** the Apple Pay domain association file Stripe provides (Dashboard: Settings, Payment methods, Apple Pay) */
  APPLE_PAY_DOMAIN_ASSOCIATION?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_CONNECT_WEBHOOK_SECRET?: string;
  STRIPE_PLATFORM_FEE_PERCENT?: string;
  STRIPE_API_BASE?: string;
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM?: string;
  TWILIO_API_BASE?: string;
  RESEND_API_KEY?: string;
  EMAIL_FROM?: string;
  RESEND_API_BASE?: string;
  RESEND_WEBHOOK_SECRET?: string;
  APP_ORIGIN?: string;
  PUSHER_APP_ID?: string;
  PUSHER_KEY?: string;
  PUSHER_SECRET?: string;
  PUSHER_CLUSTER?: string;
  PUSHER_HOST?: string;
  CLOUDFLARE_API_TOKEN?: string;
  CLOUDFLARE_ZONE_ID?: string;
  CLOUDFLARE_API_BASE?: string;
  CLOUDFLARE_CNAME_TARGET?: string;
  CLOCK_OFFSET_MS?: string;
  VERSION_LEASE_MS?: string;
  D1_METER?: string;
  OPERATOR_KEY?: string;
  GOOGLE_BOOKING_USER?: string;
  GOOGLE_BOOKING_PASSWORD?: string;
  GOOGLE_SERVICE_ACCOUNT_EMAIL?: string;
  GOOGLE_SERVICE_ACCOUNT_KEY?: string;
  GOOGLE_PARTNER_ID?: string;
  GOOGLE_MAPS_BOOKING_API_BASE?: string;
  GOOGLE_OAUTH_TOKEN_URL?: string;
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  PUSH_ENDPOINT_ALLOW_INSECURE_ORIGIN?: string;
}

/** A console call's staff member, as the API found them: their id and email, and on a salon's call that salon and their role. */
export interface StaffAccess {
  id: number;
  email: string;
  salonId: number | null;
  role: StaffRole | null;
}

/**
 * Who makes an API call, as the edge established it: never taken from the caller's own headers.
 * The edge verifies the token and the hold cookie; the API only reads this (api/caller.ts).
 */
export interface Caller {
  /** the verified client of a protected call (the Cognito username, a UUID) */
  clientSub: string | null;
  /** the verified staff member of a console call (their staff-pool username, a UUID) */
  staffSub: string | null;
  /** the SHA-256 of the browser's hold cookie (edge/hold-browser.ts) */
  holdBrowser: string | null;
  /** the origin of the page the call came from: links in texts and 3-D Secure's way back start here */
  origin: string;
  requestId: string;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    config: Config;
    salon?: SalonDetails;
    /** the verified client of a protected call (the Cognito username, a UUID) */
    clientSub?: string;
    /** the verified staff member of a console call (their staff-pool username, a UUID) */
    staffSub?: string;
    /** in the API: the staff member of a console call and, on a salon's call, their role there (api/policy.ts) */
    staff?: StaffAccess;
    /** the client of a rebooking call, from its `Authorization: Rebooking {token}` (never a Cognito token) */
    rebookingClient?: string;
    /** the SHA-256 of the request's hold cookie, the browser a hold belongs to (edge/hold-browser.ts) */
    holdBrowser?: string;
    /** the D1 bookmark the caller returned (edge/d1-session.ts), passed on to an upstream API */
    d1Bookmark?: string;
    /** at the edge: the API route the request reaches, looked up once (edge/route-policy.ts matchRoute); null when none */
    route?: MatchedRoute | null;
    /** in the API: who makes the call (api/caller.ts) */
    caller: Caller;
  };
}

/**
 * Puts the checked configuration on the context. A missing or wrong setting refuses every
 * request with a 500 and names the setting in the log (never its value).
 */
export const withConfig: MiddlewareHandler<AppEnv> = async (c, next) => {
  try {
    const config = configFrom(c.env);
    shiftClock(config.clockOffsetMs);
    c.set('config', config);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(`[${c.get('requestId')}] ${e.message}`);
    c.header('Cache-Control', 'no-store');
    const detail = 'This booking service is not configured correctly. Please try again later.';
    if (c.req.path.startsWith('/api/') || c.req.header('Accept')?.includes('application/json')) {
      return c.json({ detail, code: 'MISCONFIGURED', request_id: c.get('requestId') }, 500);
    }
    return c.html(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Unavailable</title><h1>Sorry, something went wrong</h1><p>${detail}</p></html>`,
      500,
    );
  }
  await next();
};
