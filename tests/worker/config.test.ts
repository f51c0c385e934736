import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFrom } from '../../worker/config';
import { call } from './helpers';

/** The production settings of a real deployment (fake values of the right shapes). */
const PRODUCTION = {
  ENVIRONMENT: 'production',
  APP_HOSTS: 'book.example.com',
  COGNITO_USER_POOL_ID: 'eu-west-1_AbCdEf123',
  COGNITO_CLIENT_ID: '1example23456789',
  COGNITO_ENDPOINT: '',
  COGNITO_JWKS_URL: '',
  STAFF_COGNITO_USER_POOL_ID: 'eu-west-1_StAfF4567',
  STAFF_COGNITO_CLIENT_ID: '2example98765432',
  STAFF_COGNITO_ENDPOINT: '',
  STAFF_COGNITO_JWKS_URL: '',
  AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMIbPxRfiCYEXAMPLEKEY',
  STRIPE_SECRET_KEY: 'sk_live_51ExampleSecretValue',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_51ExamplePublishable',
  STRIPE_WEBHOOK_SECRET: 'whsec_ExampleSigningSecretValue',
  STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_ExampleConnectSigningSecret',
  STRIPE_API_BASE: '',
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'exampleTwilioAuthTokenValue',
  TWILIO_FROM: '+447700900999',
  TWILIO_API_BASE: '',
  RESEND_API_KEY: 're_ExampleResendKey123',
  EMAIL_FROM: 'Bookwell <bookings@example.com>',
  RESEND_API_BASE: '',
  RESEND_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  APP_ORIGIN: 'https://book.example.com',
  PUSHER_APP_ID: '1234567',
  PUSHER_KEY: 'a1b2c3d4e5f6a7b8c9d0',
  PUSHER_SECRET: 'examplePusherSecretValue',
  PUSHER_CLUSTER: 'eu',
  PUSHER_HOST: '',
  CLOUDFLARE_API_TOKEN: 'exampleCloudflareApiTokenValue',
  CLOUDFLARE_ZONE_ID: '023e105f4ecef8ad9ca31a8372d0c353',
  CLOUDFLARE_API_BASE: '',
  CLOUDFLARE_CNAME_TARGET: 'customers.book.example.com',
  OPERATOR_KEY: 'exampleOperatorKeyValue0123456789abcdef',
  GOOGLE_BOOKING_USER: 'google-partner',
  GOOGLE_BOOKING_PASSWORD: 'exampleGooglePartnerPassword0123',
  GOOGLE_SERVICE_ACCOUNT_EMAIL: 'feeds@partner-project.iam.gserviceaccount.com',
  GOOGLE_SERVICE_ACCOUNT_KEY: '-----BEGIN PRIVATE KEY-----\nMIIEexamplePrivateKeyBody\n-----END PRIVATE KEY-----\n',
  GOOGLE_PARTNER_ID: '20000001',
  GOOGLE_MAPS_BOOKING_API_BASE: '',
  GOOGLE_OAUTH_TOKEN_URL: '',
  VAPID_PUBLIC_KEY: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  VAPID_PRIVATE_KEY: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  VAPID_SUBJECT: 'mailto:operations@book.example.com',
  PUSH_ENDPOINT_ALLOW_INSECURE_ORIGIN: '',
};
const unset = (name: string) => ({ [name]: undefined });

afterEach(() => vi.restoreAllMocks());

/** Calls the Worker with settings changed; answers the status and what was logged. */
async function withSettings(settings: Record<string, string | undefined>, path = '/salon/1') {
  const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const res = await call(path, {}, settings as Partial<Cloudflare.Env>);
  return { status: res.status, body: await res.text(), logged: log.mock.calls.map((args) => args.join(' ')).join('\n') };
}

describe('one checked configuration', () => {
  it('serves with the complete production settings (the check is not what refuses)', async () => {
    // The page is served from D1 without calling any service, so fake but well-formed values suffice.
    const r = await withSettings(PRODUCTION, '/api/latest/release/ui.booking/prod/');
    expect(r.status).toBe(200);
  });

  const cases: [string, Record<string, string | undefined>, string, string | null][] = [
    [
      'a real Stripe key without the webhook secret (the forged-event attack)',
      { ...PRODUCTION, ...unset('STRIPE_WEBHOOK_SECRET') },
      'STRIPE_WEBHOOK_SECRET is required',
      null,
    ],
    [
      'a development Stripe key without the webhook secret',
      { ...unset('STRIPE_WEBHOOK_SECRET') },
      'STRIPE_WEBHOOK_SECRET is required',
      null,
    ],
    [
      'production without the Connect endpoint secret (account.updated would go unverified)',
      { ...PRODUCTION, ...unset('STRIPE_CONNECT_WEBHOOK_SECRET') },
      'STRIPE_CONNECT_WEBHOOK_SECRET is required',
      null,
    ],
    [
      'production with the committed local Connect secret',
      { ...PRODUCTION, STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_local_standin_connect' },
      'STRIPE_CONNECT_WEBHOOK_SECRET is a local stand-in key',
      'whsec_local_standin_connect',
    ],
    [
      'a platform fee that is not a per cent',
      { ...PRODUCTION, STRIPE_PLATFORM_FEE_PERCENT: '2%' },
      'STRIPE_PLATFORM_FEE_PERCENT must be a per cent',
      null,
    ],
    [
      'production without VAPID keys',
      { ...PRODUCTION, ...unset('VAPID_PRIVATE_KEY') },
      'VAPID_PRIVATE_KEY is required in production',
      null,
    ],
    [
      'production with the development VAPID key pair',
      { ...PRODUCTION, VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: env.VAPID_PRIVATE_KEY },
      'VAPID_PUBLIC_KEY is the development key pair',
      env.VAPID_PRIVATE_KEY ?? null,
    ],
    [
      'production accepting http:// push endpoints of the stand-in',
      { ...PRODUCTION, PUSH_ENDPOINT_ALLOW_INSECURE_ORIGIN: 'http://127.0.0.1:8788' },
      'PUSH_ENDPOINT_ALLOW_INSECURE_ORIGIN points at a stand-in',
      null,
    ],
    ['production without a publishable key', { ...PRODUCTION, STRIPE_PUBLISHABLE_KEY: '' }, 'STRIPE_PUBLISHABLE_KEY is required', null],
    ['production without a user pool', { ...PRODUCTION, ...unset('COGNITO_USER_POOL_ID') }, 'COGNITO_USER_POOL_ID is required', null],
    ['production without a Cognito app client', { ...PRODUCTION, COGNITO_CLIENT_ID: ' ' }, 'COGNITO_CLIENT_ID is required', null],
    [
      'production with the committed local webhook secret',
      { ...PRODUCTION, STRIPE_WEBHOOK_SECRET: 'whsec_local_standin' },
      'STRIPE_WEBHOOK_SECRET is a local stand-in key',
      'whsec_local_standin',
    ],
    [
      'production with the committed local secret key',
      { ...PRODUCTION, STRIPE_SECRET_KEY: 'sk_test_local_standin' },
      'STRIPE_SECRET_KEY is a local stand-in key',
      'sk_test_local_standin',
    ],
    [
      'production pointed at the Stripe stand-in',
      { ...PRODUCTION, STRIPE_API_BASE: 'http://127.0.0.1:8788' },
      'STRIPE_API_BASE points at a stand-in',
      null,
    ],
    [
      'production pointed at the Cloudflare stand-in',
      { ...PRODUCTION, CLOUDFLARE_API_BASE: 'http://127.0.0.1:8788' },
      'CLOUDFLARE_API_BASE points at a stand-in',
      null,
    ],
    [
      'production with the Cloudflare stand-in token',
      { ...PRODUCTION, CLOUDFLARE_API_TOKEN: 'local_cloudflare_token' },
      'CLOUDFLARE_API_TOKEN is a local stand-in key',
      'local_cloudflare_token',
    ],
    [
      'production with the local operator key',
      { ...PRODUCTION, OPERATOR_KEY: 'local_operator_key_0000000000000000' },
      'OPERATOR_KEY is a local stand-in key',
      'local_operator_key_0000000000000000',
    ],
    [
      'an operator key too short to be a secret',
      { ...PRODUCTION, OPERATOR_KEY: 'short' },
      'OPERATOR_KEY must be a random secret of at least 32 characters',
      'short',
    ],
    [
      "production with the local Google partner's credentials",
      { ...PRODUCTION, GOOGLE_BOOKING_USER: 'local_google_partner', GOOGLE_BOOKING_PASSWORD: 'local_google_partner_password' },
      'GOOGLE_BOOKING_USER is a local stand-in key',
      'local_google_partner_password',
    ],
    [
      "production with the local Google service account's key (wrangler.toml's, labelled local)",
      { ...PRODUCTION, GOOGLE_SERVICE_ACCOUNT_KEY: env.GOOGLE_SERVICE_ACCOUNT_KEY },
      'GOOGLE_SERVICE_ACCOUNT_KEY is a local stand-in key',
      'BEGIN PRIVATE KEY',
    ],
    [
      'production with the local Google service account',
      { ...PRODUCTION, GOOGLE_SERVICE_ACCOUNT_EMAIL: 'local-feeds@local-standin.iam.gserviceaccount.com' },
      'GOOGLE_SERVICE_ACCOUNT_EMAIL is a local stand-in key',
      null,
    ],
    [
      "production pointed at the stand-ins' Maps Booking API and token endpoint",
      {
        ...PRODUCTION,
        GOOGLE_MAPS_BOOKING_API_BASE: 'http://127.0.0.1:8788',
        GOOGLE_OAUTH_TOKEN_URL: 'http://127.0.0.1:8788/__google/oauth2/token',
      },
      'GOOGLE_MAPS_BOOKING_API_BASE points at a stand-in',
      null,
    ],
    [
      'a Google service account key that is no PEM private key',
      { ...PRODUCTION, GOOGLE_SERVICE_ACCOUNT_KEY: 'not-a-key' },
      'GOOGLE_SERVICE_ACCOUNT_KEY must be the PEM private key',
      'not-a-key',
    ],
    ['production without the Cloudflare zone', { ...PRODUCTION, CLOUDFLARE_ZONE_ID: '' }, 'CLOUDFLARE_ZONE_ID is required', null],
    [
      'production pointed at the identity stand-in',
      { ...PRODUCTION, COGNITO_ENDPOINT: 'http://127.0.0.1:8788/__idp/' },
      'COGNITO_ENDPOINT points at a stand-in',
      null,
    ],
    [
      'production without the staff pool',
      { ...PRODUCTION, ...unset('STAFF_COGNITO_USER_POOL_ID') },
      'STAFF_COGNITO_USER_POOL_ID is required',
      null,
    ],
    [
      "a staff pool that is the clients' pool",
      { ...PRODUCTION, STAFF_COGNITO_USER_POOL_ID: PRODUCTION.COGNITO_USER_POOL_ID },
      'STAFF_COGNITO_USER_POOL_ID must be a pool of its own',
      null,
    ],
    ['production without AWS credentials', { ...PRODUCTION, ...unset('AWS_SECRET_ACCESS_KEY') }, 'AWS_SECRET_ACCESS_KEY is required', null],
    [
      'production with the local AWS secret',
      { ...PRODUCTION, AWS_SECRET_ACCESS_KEY: 'local_standin_aws_secret' },
      'AWS_SECRET_ACCESS_KEY is a local stand-in key',
      'local_standin_aws_secret',
    ],
    [
      'production with the local AWS key id',
      { ...PRODUCTION, AWS_ACCESS_KEY_ID: 'AKIALOCALSTANDIN0001' },
      'AWS_ACCESS_KEY_ID is a local stand-in key',
      null,
    ],
    [
      'production pointed at the staff identity stand-in',
      { ...PRODUCTION, STAFF_COGNITO_ENDPOINT: 'http://127.0.0.1:8788/__idp/' },
      'STAFF_COGNITO_ENDPOINT points at a stand-in',
      null,
    ],
    ['production without the SMS provider', { ...PRODUCTION, ...unset('TWILIO_AUTH_TOKEN') }, 'TWILIO_AUTH_TOKEN is required', null],
    ['production without the Resend key', { ...PRODUCTION, ...unset('RESEND_API_KEY') }, 'RESEND_API_KEY is required', null],
    [
      'production without the Resend webhook secret (forged delivery events)',
      { ...PRODUCTION, ...unset('RESEND_WEBHOOK_SECRET') },
      'RESEND_WEBHOOK_SECRET is required',
      null,
    ],
    [
      'production with the stand-ins’ Resend webhook secret',
      { ...PRODUCTION, RESEND_WEBHOOK_SECRET: 'whsec_bG9jYWxfc3RhbmRpbl9yZXNlbmRfd2ViaG9vaw==' },
      'RESEND_WEBHOOK_SECRET is a local stand-in key',
      'whsec_bG9jYWxfc3RhbmRpbl9yZXNlbmRfd2ViaG9vaw==',
    ],
    ['production without its public origin', { ...PRODUCTION, ...unset('APP_ORIGIN') }, 'APP_ORIGIN is required', null],
    [
      'production with a plain-http origin',
      { ...PRODUCTION, APP_ORIGIN: 'http://book.example.com' },
      'APP_ORIGIN must be an https:// origin in production',
      null,
    ],
    [
      'production with the local Resend key',
      { ...PRODUCTION, RESEND_API_KEY: 're_local_standin' },
      'RESEND_API_KEY is a local stand-in key',
      're_local_standin',
    ],
    [
      'production pointed at the email stand-in',
      { ...PRODUCTION, RESEND_API_BASE: 'http://127.0.0.1:8788' },
      'RESEND_API_BASE points at a stand-in',
      null,
    ],
    [
      'a Resend key that is not one',
      { RESEND_API_KEY: 'sk_live_notresend' },
      'RESEND_API_KEY must be a Resend API key',
      'sk_live_notresend',
    ],
    ['production without a sender', { ...PRODUCTION, EMAIL_FROM: '' }, 'EMAIL_FROM is required', null],
    ['a sender that is not an address', { EMAIL_FROM: 'Bookwell' }, 'EMAIL_FROM must be an email address', null],
    ['a sender with a broken address', { EMAIL_FROM: 'Bookwell <bookings@>' }, 'EMAIL_FROM must be an email address', null],
    ['production without the Pusher secret', { ...PRODUCTION, ...unset('PUSHER_SECRET') }, 'PUSHER_SECRET is required', null],
    ['production without a Pusher app id', { ...PRODUCTION, PUSHER_APP_ID: '' }, 'PUSHER_APP_ID is required', null],
    [
      'production with the local Pusher secret',
      { ...PRODUCTION, PUSHER_SECRET: 'local_pusher_secret' },
      'PUSHER_SECRET is a local stand-in key',
      'local_pusher_secret',
    ],
    ['production with the local Pusher key', { ...PRODUCTION, PUSHER_KEY: 'local_pusher_key' }, 'PUSHER_KEY is a local stand-in key', null],
    ['production with the local Pusher app', { ...PRODUCTION, PUSHER_APP_ID: 'local-app' }, 'PUSHER_APP_ID is a local stand-in key', null],
    [
      'production pointed at the Pusher stand-in',
      { ...PRODUCTION, PUSHER_HOST: '127.0.0.1:8788' },
      'PUSHER_HOST points at a stand-in',
      null,
    ],
    ['a Pusher host that is not host:port', { PUSHER_HOST: 'http://127.0.0.1:8788/' }, 'PUSHER_HOST must be host:port', null],
    ['an unknown Pusher cluster shape', { PUSHER_CLUSTER: 'EU West' }, 'PUSHER_CLUSTER must be a cluster name', null],
    ['no ENVIRONMENT at all', { ...unset('ENVIRONMENT') }, 'ENVIRONMENT must be development or production', null],
    [
      'a malformed webhook secret',
      { STRIPE_WEBHOOK_SECRET: 'not-a-secret-value-1234' },
      'STRIPE_WEBHOOK_SECRET must be a webhook signing secret',
      'not-a-secret-value-1234',
    ],
  ];

  it.each(cases)(
    'refuses every request with %s: 500, the setting named in the log, never its value',
    async (_what, settings, named, secret) => {
      for (const path of ['/salon/1', '/api/book-online/salon/1/', '/webhooks/stripe']) {
        const r = await withSettings(settings, path);
        expect(r.status).toBe(500);
        expect(r.logged).toContain(named);
        expect(r.body).not.toContain(named.split(' ')[0]!);
        if (secret) {
          expect(r.logged).not.toContain(secret);
          expect(r.body).not.toContain(secret);
        }
      }
    },
  );

  it("production sends email through Resend's own API, from a bare address or a named one", () => {
    for (const from of ['bookings@example.com', 'Bookwell <bookings@example.com>']) {
      const config = configFrom({ ...PRODUCTION, RELEASE: '1', EMAIL_FROM: from });
      expect(config.email).toEqual({
        apiKey: PRODUCTION.RESEND_API_KEY,
        from,
        apiBase: 'https://api.resend.com/',
        webhookSecret: PRODUCTION.RESEND_WEBHOOK_SECRET,
      });
    }
  });

  it('shares a settings-version read for 1 s unless VERSION_LEASE_MS says otherwise, and refuses a wrong one', () => {
    expect(configFrom({ ...PRODUCTION, RELEASE: '1' }).versionLeaseMs).toBe(1000);
    expect(configFrom({ ...PRODUCTION, RELEASE: '1', VERSION_LEASE_MS: '0' }).versionLeaseMs).toBe(0);
    for (const wrong of ['-1', '1.5', 'soon', '20000'])
      expect(() => configFrom({ ...PRODUCTION, RELEASE: '1', VERSION_LEASE_MS: wrong })).toThrow(
        'VERSION_LEASE_MS must be a whole number of milliseconds, 0 to 10000',
      );
  });

  it('the development settings point every service at the stand-ins Worker', () => {
    expect(env.ENVIRONMENT).toBe('development');
    for (const name of [
      'COGNITO_ENDPOINT',
      'STAFF_COGNITO_ENDPOINT',
      'STAFF_COGNITO_JWKS_URL',
      'STRIPE_API_BASE',
      'TWILIO_API_BASE',
      'RESEND_API_BASE',
      'CLOUDFLARE_API_BASE',
    ] as const)
      expect(env[name]).toContain(env.STANDINS_ORIGIN);
    expect(`http://${env.PUSHER_HOST}`).toBe(env.STANDINS_ORIGIN);
  });
});
