import * as z from 'zod';
import type { RealtimeSettings } from '../shared/types';

/**
 * The one checked configuration of the product Worker: every setting of wrangler.toml and its
 * secrets, parsed once per isolate by one zod schema. The same code talks to the real services
 * and (in development) to the stand-ins Worker; only these settings differ.
 */

const url = (name: string) =>
  z
    .string()
    .trim()
    .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), `${name} must be an absolute http(s) URL`);
const optionalUrl = (name: string) => url(name).optional();
const required = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`);

/** Keys and ids that open only the stand-ins: fine in development, refused anywhere else. */
/** How long an isolate shares a settings-version read unless VERSION_LEASE_MS says otherwise (edge/versions.ts). */
export const DEFAULT_LEASE_MS = 1000;

const LOCAL_SECRET = /(^|_)local[_-]|^AC0{32}$/;
/** A webhook secret whose key is a local one (the stand-ins' is whsec_ + base64 of 'local_standin_resend_webhook'). */
const isLocalWebhookSecret = (secret: string) => {
  try {
    return atob(secret.slice('whsec_'.length)).startsWith('local_');
  } catch {
    return false;
  }
};
/** A PKCS#8 private key in PEM (a service account key's `private_key`); the local one is labelled before its armour. */
const PEM_KEY = /-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----/;
const STAND_IN_SETTINGS = [
  'COGNITO_ENDPOINT',
  'COGNITO_JWKS_URL',
  'STAFF_COGNITO_ENDPOINT',
  'STAFF_COGNITO_JWKS_URL',
  'STRIPE_API_BASE',
  'TWILIO_API_BASE',
  'RESEND_API_BASE',
  'PUSHER_HOST',
  'CLOUDFLARE_API_BASE',
  'GOOGLE_MAPS_BOOKING_API_BASE',
  'GOOGLE_OAUTH_TOKEN_URL',
  'PUSH_ENDPOINT_ALLOW_INSECURE_ORIGIN',
] as const;
/** wrangler.toml's development VAPID key pair, committed with its private half: production refuses it. */
const DEV_VAPID_PUBLIC_KEY = 'BDvvLNENh-Q0M8vbEiQn7umvKO7E9DZVy4Y62ZgYJFKXOMMTaYY3u4NLr5_V8HTZQilVfI6e72BCsOqZV3kYwP8';
/** 'bookings@example.com' or 'Bookwell <bookings@example.com>', as Resend's `from` takes it. */
const EMAIL_FROM = /^(?:[^<>"\r\n]{1,100} <[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;
const pusherId = (name: string) =>
  required(name).regex(/^[\w-]{1,64}$/, `${name} must be letters, digits, _ or - (as Pusher's dashboard shows it)`);

const envSchema = z
  .object({
    ENVIRONMENT: z.enum(['development', 'production'], { error: 'ENVIRONMENT must be development or production' }),
    RELEASE: required('RELEASE'),
    APP_HOSTS: required('APP_HOSTS'),
    UPSTREAM_API: optionalUrl('UPSTREAM_API'),
    COGNITO_USER_POOL_ID: required('COGNITO_USER_POOL_ID').regex(
      /^[a-z]{2}-[a-z]+-\d_[A-Za-z0-9]+$/,
      'COGNITO_USER_POOL_ID must look like eu-west-1_Abc123',
    ),
    COGNITO_CLIENT_ID: required('COGNITO_CLIENT_ID'),
    COGNITO_ENDPOINT: optionalUrl('COGNITO_ENDPOINT'),
    COGNITO_JWKS_URL: optionalUrl('COGNITO_JWKS_URL'),
    /** the salons' staff sign in to a user pool of their own (issue 28) */
    STAFF_COGNITO_USER_POOL_ID: required('STAFF_COGNITO_USER_POOL_ID').regex(
      /^[a-z]{2}-[a-z]+-\d_[A-Za-z0-9]+$/,
      'STAFF_COGNITO_USER_POOL_ID must look like eu-west-1_Abc123',
    ),
    STAFF_COGNITO_CLIENT_ID: required('STAFF_COGNITO_CLIENT_ID'),
    STAFF_COGNITO_ENDPOINT: optionalUrl('STAFF_COGNITO_ENDPOINT'),
    STAFF_COGNITO_JWKS_URL: optionalUrl('STAFF_COGNITO_JWKS_URL'),
    /** IAM credentials for the staff pool's Admin* calls (invitations, removals), signed with SigV4 */
    AWS_ACCESS_KEY_ID: required('AWS_ACCESS_KEY_ID').regex(/^[A-Z0-9]{16,128}$/, 'AWS_ACCESS_KEY_ID must be an access key id (AKIA...)'),
    AWS_SECRET_ACCESS_KEY: required('AWS_SECRET_ACCESS_KEY'),
    STRIPE_SECRET_KEY: required('STRIPE_SECRET_KEY').regex(
      /^(sk|rk)_(test|live)_\w+$/,
      'STRIPE_SECRET_KEY must be a Stripe secret key (sk_...)',
    ),
    STRIPE_PUBLISHABLE_KEY: required('STRIPE_PUBLISHABLE_KEY').regex(
      /^pk_(test|live)_\w+$/,
      'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_...)',
    ),
    STRIPE_WEBHOOK_SECRET: required('STRIPE_WEBHOOK_SECRET').regex(
      /^whsec_\w+$/,
      'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)',
    ),
    /** the Connect webhook endpoint's own signing secret (/webhooks/stripe-connect: account.updated of the salons' accounts) */
    STRIPE_CONNECT_WEBHOOK_SECRET: required('STRIPE_CONNECT_WEBHOOK_SECRET').regex(
      /^whsec_\w+$/,
      'STRIPE_CONNECT_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)',
    ),
    /** the platform's fee on every salon payment, per cent of the amount (0 to 50, default 0; docs/payments.md) */
    STRIPE_PLATFORM_FEE_PERCENT: z
      .string()
      .trim()
      .regex(/^\d{1,2}(\.\d{1,2})?$/, 'STRIPE_PLATFORM_FEE_PERCENT must be a per cent such as 0, 2 or 2.5')
      .refine((v) => Number(v) <= 50, 'STRIPE_PLATFORM_FEE_PERCENT must be at most 50')
      .optional(),
    STRIPE_API_BASE: optionalUrl('STRIPE_API_BASE'),
    TWILIO_ACCOUNT_SID: required('TWILIO_ACCOUNT_SID').regex(
      /^AC[0-9a-fA-F]{32}$/,
      'TWILIO_ACCOUNT_SID must look like AC followed by 32 hex digits',
    ),
    TWILIO_AUTH_TOKEN: required('TWILIO_AUTH_TOKEN'),
    TWILIO_FROM: required('TWILIO_FROM').regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32}|[A-Za-z0-9 ]{1,11})$/,
      'TWILIO_FROM must be an E.164 number, a messaging service sid or an alphanumeric sender id',
    ),
    TWILIO_API_BASE: optionalUrl('TWILIO_API_BASE'),
    RESEND_API_KEY: required('RESEND_API_KEY').regex(/^re_\w+$/, 'RESEND_API_KEY must be a Resend API key (re_...)'),
    EMAIL_FROM: required('EMAIL_FROM').regex(
      EMAIL_FROM,
      'EMAIL_FROM must be an email address or a name and an address, such as Bookwell <bookings@example.com>',
    ),
    RESEND_API_BASE: optionalUrl('RESEND_API_BASE'),
    /** Resend's webhook signing secret (Svix, whsec_ + base64): delivery events are refused without its signature */
    RESEND_WEBHOOK_SECRET: required('RESEND_WEBHOOK_SECRET').regex(
      /^whsec_[A-Za-z0-9+/]{16,}={0,2}$/,
      'RESEND_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)',
    ),
    /**
     * Where clients and providers reach this Worker from outside (https://book.example.com): the
     * reminders' short links and the delivery callbacks Twilio is asked to call (its signature
     * covers that URL) start here.
     */
    APP_ORIGIN: required('APP_ORIGIN').refine(
      (u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol) && new URL(u).origin === u.replace(/\/$/, ''),
      'APP_ORIGIN must be an origin, such as https://book.example.com',
    ),
    PUSHER_APP_ID: pusherId('PUSHER_APP_ID'),
    PUSHER_KEY: pusherId('PUSHER_KEY'),
    PUSHER_SECRET: required('PUSHER_SECRET'),
    PUSHER_CLUSTER: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,32}$/, 'PUSHER_CLUSTER must be a cluster name such as eu or mt1')
      .default('eu'),
    PUSHER_HOST: z
      .string()
      .trim()
      .regex(/^[a-z0-9.-]+:\d{1,5}$/i, 'PUSHER_HOST must be host:port, such as 127.0.0.1:8788')
      .optional(),
    /**
     * Cloudflare for SaaS (issue 31): the salons' own domains are custom hostnames on this zone,
     * created and checked through the API with a token that may edit its SSL and certificates
     * ("SSL and Certificates: Edit" on the zone; docs/domains.md).
     */
    CLOUDFLARE_API_TOKEN: required('CLOUDFLARE_API_TOKEN'),
    CLOUDFLARE_ZONE_ID: required('CLOUDFLARE_ZONE_ID').regex(
      /^[0-9a-f]{32}$/,
      "CLOUDFLARE_ZONE_ID must be the zone's id: 32 hex digits, as the dashboard's Overview shows it",
    ),
    /** the stand-ins' origin in development; unset: https://api.cloudflare.com */
    CLOUDFLARE_API_BASE: optionalUrl('CLOUDFLARE_API_BASE'),
    /** the name salons' CNAME records point at (the SaaS zone's fallback origin); unset: the first of APP_HOSTS */
    CLOUDFLARE_CNAME_TARGET: z
      .string()
      .trim()
      .toLowerCase()
      .regex(
        /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
        'CLOUDFLARE_CNAME_TARGET must be a host name such as customers.bookwell.example',
      )
      .optional(),
    /** development and tests only (shared/clock.ts): run the clock this many ms ahead of the machine's */
    CLOCK_OFFSET_MS: z
      .string()
      .trim()
      .regex(/^-?\d{1,13}$/, 'CLOCK_OFFSET_MS must be a whole number of milliseconds')
      .optional(),
    /**
     * How long an isolate reuses a settings-version read (edge/versions.ts); a salon's change waits
     * a little longer before it answers. 0: every request reads the version, and a change answers
     * at once (the tests, which change settings often).
     */
    /**
     * The platform operator's key, a secret (api/operator.ts: `Authorization: Bearer <key>` moves a
     * salon between databases). Unset: the operator calls answer 403.
     */
    OPERATOR_KEY: z.string().trim().min(32, 'OPERATOR_KEY must be a random secret of at least 32 characters').optional(),
    /** Google's booking server (docs/google-booking.md): the Basic credentials Google calls it with; unset, it answers 404 */
    GOOGLE_BOOKING_USER: z
      .string()
      .trim()
      .regex(/^[\x21-\x39\x3b-\x7e]{1,100}$/, 'GOOGLE_BOOKING_USER must be a user name without spaces or colons')
      .optional(),
    GOOGLE_BOOKING_PASSWORD: z.string().trim().min(16, 'GOOGLE_BOOKING_PASSWORD must be a secret of at least 16 characters').optional(),
    /**
     * Google's Maps Booking API (real-time updates, docs/google-booking.md "Real-time updates"): the
     * service account that signs its JWT (its email and PKCS#8 private key, PEM), the partner id and,
     * in development only, the stand-ins' endpoints. Unset: Google hears of no change.
     */
    GOOGLE_SERVICE_ACCOUNT_EMAIL: z
      .string()
      .trim()
      .regex(
        /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
        'GOOGLE_SERVICE_ACCOUNT_EMAIL must be the service account email (name@project.iam.gserviceaccount.com)',
      )
      .optional(),
    GOOGLE_SERVICE_ACCOUNT_KEY: z
      .string()
      .trim()
      .refine((k) => PEM_KEY.test(k), 'GOOGLE_SERVICE_ACCOUNT_KEY must be the PEM private key (-----BEGIN PRIVATE KEY-----…)')
      .optional(),
    GOOGLE_PARTNER_ID: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, 'GOOGLE_PARTNER_ID must be the partner id the Actions Center portal shows (digits)')
      .optional(),
    GOOGLE_MAPS_BOOKING_API_BASE: optionalUrl('GOOGLE_MAPS_BOOKING_API_BASE'),
    GOOGLE_OAUTH_TOKEN_URL: optionalUrl('GOOGLE_OAUTH_TOKEN_URL'),
    /**
     * Web Push to staff (docs/console/notifications.md): the VAPID key pair (RFC 8292) the product
     * signs its pushes with, the P-256 public key as its 65 bytes and the private key as its
     * 32-byte `d`, both base64url, and whom a push service may contact (mailto: or https:).
     * Production refuses to run without them.
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .trim()
      .regex(/^B[A-Za-z0-9_-]{86}$/, 'VAPID_PUBLIC_KEY must be the P-256 public key, 65 bytes in base64url (87 characters, B…)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be the P-256 private key d, 32 bytes in base64url (43 characters)')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .trim()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: address or an https: URL')
      .optional(),
    /** development and tests only: the one origin whose http:// push endpoints are accepted (the stand-in push service) */
    PUSH_ENDPOINT_ALLOW_INSECURE_ORIGIN: optionalUrl('PUSH_ENDPOINT_ALLOW_INSECURE_ORIGIN'),
    /** development and benchmarks only (db/d1-meter.ts): '1' answers every request's D1 queries, rows and time in X-D1-Meter */
    D1_METER: z.enum(['0', '1'], 'D1_METER must be 0 or 1').optional(),
    VERSION_LEASE_MS: z
      .string()
      .trim()
      .regex(/^\d{1,5}$/, 'VERSION_LEASE_MS must be a whole number of milliseconds, 0 to 10000')
      .refine((v) => Number(v) <= 10_000, 'VERSION_LEASE_MS must be a whole number of milliseconds, 0 to 10000')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.STAFF_COGNITO_USER_POOL_ID === env.COGNITO_USER_POOL_ID)
      ctx.addIssue({
        code: 'custom',
        path: ['STAFF_COGNITO_USER_POOL_ID'],
        message: "STAFF_COGNITO_USER_POOL_ID must be a pool of its own, not the clients' pool",
      });
    if (env.ENVIRONMENT !== 'production') return;
    if (/LOCAL/.test(env.AWS_ACCESS_KEY_ID))
      ctx.addIssue({
        code: 'custom',
        path: ['AWS_ACCESS_KEY_ID'],
        message: 'AWS_ACCESS_KEY_ID is a local stand-in key, which production refuses',
      });
    if (isLocalWebhookSecret(env.RESEND_WEBHOOK_SECRET))
      ctx.addIssue({
        code: 'custom',
        path: ['RESEND_WEBHOOK_SECRET'],
        message: 'RESEND_WEBHOOK_SECRET is a local stand-in key, which production refuses',
      });
    if (!env.APP_ORIGIN.startsWith('https://'))
      ctx.addIssue({ code: 'custom', path: ['APP_ORIGIN'], message: 'APP_ORIGIN must be an https:// origin in production' });
    if (env.CLOCK_OFFSET_MS)
      ctx.addIssue({
        code: 'custom',
        path: ['CLOCK_OFFSET_MS'],
        message: 'CLOCK_OFFSET_MS is for tests and must not be set in production',
      });
    if (env.D1_METER === '1')
      ctx.addIssue({ code: 'custom', path: ['D1_METER'], message: 'D1_METER is for measurements and must not be set in production' });
    for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const)
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required in production` });
    if (env.VAPID_PUBLIC_KEY === DEV_VAPID_PUBLIC_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY is the development key pair, which production refuses',
      });
    for (const name of STAND_IN_SETTINGS) {
      if (env[name])
        ctx.addIssue({ code: 'custom', path: [name], message: `${name} points at a stand-in and must not be set in production` });
    }
    for (const name of [
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_CONNECT_WEBHOOK_SECRET',
      'TWILIO_ACCOUNT_SID',
      'TWILIO_AUTH_TOKEN',
      'AWS_SECRET_ACCESS_KEY',
      'RESEND_API_KEY',
      'PUSHER_APP_ID',
      'PUSHER_KEY',
      'PUSHER_SECRET',
      'CLOUDFLARE_API_TOKEN',
      'OPERATOR_KEY',
      'GOOGLE_BOOKING_USER',
      'GOOGLE_BOOKING_PASSWORD',
      'GOOGLE_SERVICE_ACCOUNT_EMAIL',
      'GOOGLE_SERVICE_ACCOUNT_KEY',
    ] as const) {
      if (LOCAL_SECRET.test(env[name] ?? ''))
        ctx.addIssue({ code: 'custom', path: [name], message: `${name} is a local stand-in key, which production refuses` });
    }
  });

const withSlash = (u: string) => (u.endsWith('/') ? u : `${u}/`);

function toConfig(env: z.output<typeof envSchema>) {
  const region = env.COGNITO_USER_POOL_ID.split('_')[0]!;
  const staffRegion = env.STAFF_COGNITO_USER_POOL_ID.split('_')[0]!;
  const staffIssuer = `https://cognito-idp.${staffRegion}.amazonaws.com/${env.STAFF_COGNITO_USER_POOL_ID}`;
  const issuer = `https://cognito-idp.${region}.amazonaws.com/${env.COGNITO_USER_POOL_ID}`;
  const stripeBase = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  const [pusherHost, pusherPort] = env.PUSHER_HOST ? env.PUSHER_HOST.split(':') : [];
  return {
    production: env.ENVIRONMENT === 'production',
    /** how far the clock runs ahead of the machine's (tests only; 0 in production) */
    clockOffsetMs: Number(env.CLOCK_OFFSET_MS ?? 0),
    /** how long a settings-version read is shared (edge/versions.ts) */
    versionLeaseMs: Number(env.VERSION_LEASE_MS ?? DEFAULT_LEASE_MS),
    /** the platform operator's key (api/operator.ts); null: no operator calls */
    operatorKey: env.OPERATOR_KEY ?? null,
    /** Google's booking server's Basic credentials (api/google-booking-server.ts); null: the server is off */
    googleBooking:
      env.GOOGLE_BOOKING_USER && env.GOOGLE_BOOKING_PASSWORD
        ? { user: env.GOOGLE_BOOKING_USER, password: env.GOOGLE_BOOKING_PASSWORD }
        : null,
    /** Google's Maps Booking API (google/maps-booking.ts); null: no real-time updates */
    googleMaps:
      env.GOOGLE_SERVICE_ACCOUNT_EMAIL && env.GOOGLE_SERVICE_ACCOUNT_KEY && env.GOOGLE_PARTNER_ID
        ? {
            email: env.GOOGLE_SERVICE_ACCOUNT_EMAIL,
            /** the PEM block alone (the local key carries a label before it) */
            privateKey: PEM_KEY.exec(env.GOOGLE_SERVICE_ACCOUNT_KEY)![0],
            partnerId: env.GOOGLE_PARTNER_ID,
            apiBase: withSlash(env.GOOGLE_MAPS_BOOKING_API_BASE ?? 'https://mapsbooking.googleapis.com/'),
            tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
          }
        : null,
    /** Web Push's VAPID keys (messaging/push.ts); null: no pushes are sent (development without keys) */
    vapid:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }
        : null,
    /** the origin whose http:// push endpoints are accepted (the stand-in push service); null in production */
    pushInsecureOrigin: env.PUSH_ENDPOINT_ALLOW_INSECURE_ORIGIN ? new URL(env.PUSH_ENDPOINT_ALLOW_INSECURE_ORIGIN).origin : null,
    /** every answer says what it asked of D1 (X-D1-Meter; db/d1-meter.ts) */
    d1Meter: env.D1_METER === '1',
    release: env.RELEASE,
    appHosts: env.APP_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    upstreamApi: env.UPSTREAM_API ? withSlash(env.UPSTREAM_API) : undefined,
    cognito: {
      region,
      userPoolId: env.COGNITO_USER_POOL_ID,
      clientId: env.COGNITO_CLIENT_ID,
      issuer,
      endpoint: env.COGNITO_ENDPOINT ?? `https://cognito-idp.${region}.amazonaws.com/`,
      /** where the pool's signing keys are read: AWS's own JWKS unless a stand-in is named */
      jwksUrl: env.COGNITO_JWKS_URL ?? `${issuer}/.well-known/jwks.json`,
    },
    /** the staff pool (issue 28): its own verifier, endpoint and the IAM credentials of its Admin* calls */
    staffCognito: {
      region: staffRegion,
      userPoolId: env.STAFF_COGNITO_USER_POOL_ID,
      clientId: env.STAFF_COGNITO_CLIENT_ID,
      issuer: staffIssuer,
      endpoint: env.STAFF_COGNITO_ENDPOINT ?? `https://cognito-idp.${staffRegion}.amazonaws.com/`,
      jwksUrl: env.STAFF_COGNITO_JWKS_URL ?? `${staffIssuer}/.well-known/jwks.json`,
      accessKeyId: env.AWS_ACCESS_KEY_ID,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
    },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      /** the Connect endpoint's signing secret (api/connect-webhooks.ts) */
      connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET,
      /** the platform's fee, per cent of each payment (payments/flow.ts chargeOn) */
      platformFeePercent: Number(env.STRIPE_PLATFORM_FEE_PERCENT ?? 0),
      /** the origin of Stripe's API the Worker calls (payments/stripe-api.ts): api.stripe.com, or the stand-ins' */
      apiBase: stripeBase?.origin ?? 'https://api.stripe.com',
      /** where the browser's own card form sends the card when Stripe.js cannot be used (a stand-in); null in production */
      browserApiOrigin: stripeBase?.origin ?? null,
    },
    sms: {
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      from: env.TWILIO_FROM,
      apiBase: withSlash(env.TWILIO_API_BASE ?? 'https://api.twilio.com/'),
    },
    email: {
      apiKey: env.RESEND_API_KEY,
      from: env.EMAIL_FROM,
      apiBase: withSlash(env.RESEND_API_BASE ?? 'https://api.resend.com/'),
      webhookSecret: env.RESEND_WEBHOOK_SECRET,
    },
    /** Cloudflare for SaaS's custom hostnames API (worker/domains/cloudflare.ts) */
    cloudflare: {
      token: env.CLOUDFLARE_API_TOKEN,
      zoneId: env.CLOUDFLARE_ZONE_ID,
      apiBase: `${withSlash(env.CLOUDFLARE_API_BASE ?? 'https://api.cloudflare.com/')}client/v4/`,
      cnameTarget: env.CLOUDFLARE_CNAME_TARGET ?? env.APP_HOSTS.split(',')[0]!.trim().toLowerCase(),
    },
    /** this Worker's public origin, without a trailing slash */
    appOrigin: new URL(env.APP_ORIGIN).origin,
    pusher: {
      appId: env.PUSHER_APP_ID,
      key: env.PUSHER_KEY,
      secret: env.PUSHER_SECRET,
      cluster: env.PUSHER_CLUSTER,
      /** the stand-in's host and port (development); undefined: Pusher's own cluster hosts, over TLS */
      host: pusherHost,
      port: pusherPort ? Number(pusherPort) : undefined,
      useTLS: !env.PUSHER_HOST,
      /** what pusher-js needs, injected into the salon page (never the secret) */
      browser: {
        key: env.PUSHER_KEY,
        cluster: env.PUSHER_CLUSTER,
        forceTLS: !env.PUSHER_HOST,
        ...(pusherHost ? { wsHost: pusherHost, wsPort: Number(pusherPort) } : {}),
      } satisfies RealtimeSettings,
      /** the one WebSocket origin the page may open (its CSP): pusher-js's ws transport only */
      socketOrigin: env.PUSHER_HOST ? `ws://${env.PUSHER_HOST}` : `wss://ws-${env.PUSHER_CLUSTER}.pusher.com`,
    },
  };
}
export type Config = ReturnType<typeof toConfig>;

/** A setting is missing or wrong: names the setting, never its value. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid Worker configuration: ${problems.join('; ')}`);
  }
}

/** per env object: its checked configuration (the edge's env, and the copies withBindings made of it) */
const configs = new WeakMap<object, Config>();

/** Validates the configuration once per isolate (and again only if the bindings change). */
export function configFrom(env: object): Config {
  const known = configs.get(env);
  if (known) return known;
  // An empty setting is an unset one (wrangler.toml lists optional settings as "").
  const settings = Object.fromEntries(Object.entries(env).filter(([, v]) => !(typeof v === 'string' && v.trim() === '')));
  const parsed = envSchema.safeParse(settings);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => i.message));
  const config = toConfig(parsed.data);
  configs.set(env, config);
  return config;
}

/**
 * A copy of `env` with some D1 bindings changed (a request's sessions, a salon's database), with
 * the configuration already checked for `env`: the settings are the same, so the API called with
 * the copy does not check them again.
 */
export function withBindings<E extends object>(env: E, bindings: Partial<E>): E {
  const copy = { ...env, ...bindings };
  const config = configs.get(env);
  if (config) configs.set(copy, config);
  return copy;
}
