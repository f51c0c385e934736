/** Bindings and vars of standins/wrangler.toml. */
export interface StandInsEnv {
  DB: D1Database;
  /** The Pusher Channels server (realtime/channels-object.ts; one Durable Object holds every connection, reached by fetch). */
  REALTIME: DurableObjectNamespace;
  /** The stand-in Pusher app: its id (HTTP API path), key (pusher-js, auth_key) and secret (signatures). */
  PUSHER_APP_ID: string;
  PUSHER_KEY: string;
  PUSHER_SECRET: string;
  /** Where payment events are POSTed, signed as Stripe signs them (the product's /webhooks/stripe). */
  WEBHOOK_URL?: string;
  /** Where connected accounts' events (account.updated) are POSTed, signed with the Connect secret (the product's /webhooks/stripe-connect). */
  CONNECT_WEBHOOK_URL?: string;
  /** Where email delivery events are POSTed, signed as Svix signs them (the product's /webhooks/resend); none: not sent. */
  RESEND_WEBHOOK_URL?: string;
  /** Where texts to the salons' number are POSTed, signed as Twilio signs them (the product's /webhooks/twilio/inbound); none: refused. */
  TWILIO_INBOUND_URL?: string;
  /** The secret they are signed with (whsec_ + base64), the product's RESEND_WEBHOOK_SECRET in development. */
  RESEND_WEBHOOK_SECRET: string;
  /** Public origin of the stand-ins' pages (3-D Secure), e.g. http://127.0.0.1:8788; else the request's own. */
  PUBLIC_ORIGIN?: string;
  /** The app client's PreventUserExistenceErrors: 'ENABLED' (the default, as production's pool must be) or 'LEGACY'. */
  PREVENT_USER_EXISTENCE_ERRORS?: string;
  /** Tests only: the clock runs this many ms ahead of the machine's, as the product's does (shared/clock.ts). */
  CLOCK_OFFSET_MS?: string;
}

export interface StandInsApp {
  Bindings: StandInsEnv;
}
