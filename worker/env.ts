import type { SalonDetails } from '../shared/types';
import type { Config } from './config';

/** Bindings, vars and secrets of wrangler.toml (checked by worker/config.ts). */
export interface Env {
  DB: D1Database;
  ASSETS: Fetcher;
  ENVIRONMENT?: string;
  RELEASE?: string;
  APP_HOSTS?: string;
  UPSTREAM_API?: string;
  COGNITO_USER_POOL_ID?: string;
  COGNITO_CLIENT_ID?: string;
  COGNITO_ENDPOINT?: string;
  COGNITO_JWKS_URL?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_BASE?: string;
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM?: string;
  TWILIO_API_BASE?: string;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    config: Config;
    salon?: SalonDetails;
    /** the verified client of a protected call (the Cognito username, a UUID) */
    clientSub?: string;
  };
}
