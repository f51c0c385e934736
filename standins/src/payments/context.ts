import type { PaymentsEnv } from './config';
import type { FormRecord } from './form';

/** What an endpoint handler gets: the request, already authenticated and parsed. */
export interface Ctx {
  db: D1Database;
  env: PaymentsEnv;
  /** epoch ms of the request */
  now: number;
  requestId: string;
  idempotencyKey: string | null;
  keyKind: 'secret' | 'publishable';
  /** path parameters */
  params: Record<string, string>;
  /** the form body of a POST, the query of a GET */
  input: FormRecord;
  /** the Stripe-Account header's connected account (Connect), null for the platform's own objects */
  account: string | null;
  /** public origin of the stand-in's pages when known (configured, or the request's own host) */
  origin: string | undefined;
}

/** The request an event records: the API call behind it (none for a 3-D Secure page action). */
export interface EventSource {
  now: number;
  requestId: string | null;
  idempotencyKey: string | null;
}

export interface Route {
  method: 'GET' | 'POST';
  /** Hono path under the stand-in, e.g. /v1/payment_intents/:id/capture */
  path: string;
  /** true where Stripe.js may call with the publishable key (creating a payment method) */
  publishable?: boolean;
  /** answers the 200 body; failures are thrown as StripeApiError */
  handler: (ctx: Ctx) => Promise<object>;
}
