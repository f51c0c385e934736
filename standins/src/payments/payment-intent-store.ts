import type { EventSource } from './context';
import { commitWithEvents } from './events';
import { unixSeconds } from './ids';
import type { PaymentIntent, PiInternal, StoredPi } from './payment-intent-object';
import { noSuch } from './stripe-error';
import { load, lockTimeout } from './store';

/** The events of a sandbox-driven change (no API request behind it). */
export const automatic = (now: number): EventSource => ({ now, requestId: null, idempotencyKey: null });

/**
 * A payment intent by id (404 for a path id, 400 for a parameter). An authorisation older than
 * 7 days lapses first, as on Stripe: the intent is canceled ('automatic') and the hold released.
 */
export async function loadPaymentIntent(
  db: D1Database,
  now: number,
  id: string,
  param = 'intent',
  status: 400 | 404 = 404,
): Promise<StoredPi> {
  for (let i = 0; i < 5; i++) {
    const stored = /^pi_[A-Za-z0-9]+$/.test(id) ? await load<PaymentIntent, PiInternal>(db, 'stripe_payment_intents', id) : null;
    if (!stored) throw noSuch('payment_intent', id, param, status);
    const { object: pi, internal } = stored;
    if (pi.status !== 'requires_capture' || internal.captureBefore === undefined || internal.captureBefore > unixSeconds(now))
      return stored;
    const lapsed: PaymentIntent = {
      ...pi,
      status: 'canceled',
      cancellation_reason: 'automatic',
      canceled_at: internal.captureBefore,
      amount_capturable: 0,
    };
    const rest: PiInternal = { ...internal };
    delete rest.captureBefore;
    await commitWithEvents(
      db,
      [{ table: 'stripe_payment_intents', object: lapsed, internal: rest, expected: stored.revision }],
      [{ type: 'payment_intent.canceled', object: lapsed }],
      automatic(now),
    );
  }
  throw lockTimeout();
}
