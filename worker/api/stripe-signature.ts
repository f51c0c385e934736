import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import Stripe from 'stripe';
import type { AppEnv } from '../env';
import { AppError } from '../errors';

/** Stripe's signature tolerance, applied both ways: an event signed too long ago or in the future is refused. */
const TOLERANCE_S = 300;
export const MAX_WEBHOOK_BYTES = 64 * 1024;

/** Both Stripe endpoints' body limit: a signed event is a few KB, anything past 64 KB is refused (413). */
export const webhookBodyLimit = bodyLimit({
  maxSize: MAX_WEBHOOK_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', 'Webhook bodies over 64 KB are refused');
  },
});

function signedAt(header: string): number | null {
  const t = /(?:^|,)t=(\d{1,12})(?:,|$)/.exec(header)?.[1];
  return t ? Number(t) : null;
}

/**
 * The event of a signed webhook request, verified with the stripe SDK and the endpoint's own
 * secret (the payment endpoint's, or the Connect endpoint's); 400 for anything else.
 */
export async function verifiedEvent(c: Context<AppEnv>, stripe: Stripe, secret: string): Promise<Stripe.Event> {
  const signature = c.req.header('Stripe-Signature') ?? '';
  const raw = await c.req.text();
  const t = signedAt(signature);
  if (t === null || Math.abs(Date.now() / 1000 - t) > TOLERANCE_S) {
    throw new AppError('BAD_REQUEST', 'Webhook signature verification failed: the timestamp is missing or outside the tolerance zone');
  }
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(raw, signature, secret, TOLERANCE_S);
  } catch {
    throw new AppError('BAD_REQUEST', 'Webhook signature verification failed');
  }
  // A signed event without its object is refused (400: Stripe would retry a 500 for days).
  const object: unknown = (event as { data?: { object?: unknown } }).data?.object;
  if (typeof object !== 'object' || object === null || typeof (object as { id?: unknown }).id !== 'string') {
    throw new AppError('BAD_REQUEST', 'The event has no data.object with an id');
  }
  return event;
}
