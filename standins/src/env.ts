/** Bindings and vars of standins/wrangler.toml. */
export interface StandInsEnv {
  DB: D1Database;
  /** Where payment events are POSTed, signed as Stripe signs them (the product's /webhooks/stripe). */
  WEBHOOK_URL?: string;
  /** Public origin of the stand-ins' pages (3-D Secure), e.g. http://127.0.0.1:8788; else the request's own. */
  PUBLIC_ORIGIN?: string;
}

export interface StandInsApp {
  Bindings: StandInsEnv;
}
