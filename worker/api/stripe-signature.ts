import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { StripeEvent } from '../payments/stripe-api';
import { hmacSha256Hex, sameText } from '../crypto';
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

/** The header's timestamp (t=) and v1 signatures (`t=1700000000,v1=hex,v1=hex,v0=...`). */
function partsOf(header: string): { t: number | null; v1: string[] } {
  let t: number | null = null;
  const v1: string[] = [];
  for (const item of header.split(',')) {
    const [k, v = ''] = item.split('=', 2).map((x) => x.trim()) as [string, string?];
    if (k === 't' && /^\d{1,12}$/.test(v)) t = Number(v);
    else if (k === 'v1') v1.push(v);
  }
  return { t, v1 };
}

/**
 * The event of a signed webhook request, verified as Stripe documents it with the endpoint's own
 * secret (the payment endpoint's, or the Connect endpoint's): a v1 signature equal to hex
 * HMAC-SHA256(secret, "{t}.{body}"), signed within the tolerance; 400 for anything else.
 */
export async function verifiedEvent(c: Context<AppEnv>, secret: string): Promise<StripeEvent> {
  const { t, v1 } = partsOf(c.req.header('Stripe-Signature') ?? '');
  const raw = await c.req.text();
  if (t === null || Math.abs(Date.now() / 1000 - t) > TOLERANCE_S) {
    throw new AppError('BAD_REQUEST', 'Webhook signature verification failed: the timestamp is missing or outside the tolerance zone');
  }
  const expected = secret ? await hmacSha256Hex(secret, `${t}.${raw}`) : null;
  let event: StripeEvent;
  try {
    if (!expected || !v1.some((sig) => sameText(sig, expected))) throw new Error('no matching signature');
    event = JSON.parse(raw) as StripeEvent;
  } catch {
    throw new AppError('BAD_REQUEST', 'Webhook signature verification failed');
  }
  // A signed event without its object is refused (400: Stripe would retry a 500 for days).
  const object: unknown = (event as { data?: { object?: unknown } } | null)?.data?.object;
  if (typeof object !== 'object' || object === null || typeof (object as { id?: unknown }).id !== 'string') {
    throw new AppError('BAD_REQUEST', 'The event has no data.object with an id');
  }
  return event;
}
