import type { EventDraft } from './events';
import { newId, unixSeconds } from './ids';
import { redirectAction } from './next-action';
import { decide, FAILURES, lastErrorOf, type Failure } from './outcomes';
import type { PaymentIntent, PiInternal } from './payment-intent-object';
import type { StoredPm } from './payment-methods';
import { StripeApiError } from './stripe-error';
import type { Write } from './store';

/** An authorisation lapses 7 days after it was made: Stripe then cancels the intent. */
const AUTHORISATION_DAYS = 7;

export interface Attempt {
  /** the payment method's own change (attached by setup_future_usage, or spent without a customer) */
  pmWrite?: Write;
  events: EventDraft[];
  /** the error answered for a failed confirmation (after the intent was saved in its failed state) */
  error?: StripeApiError;
}

/** Records a failed attempt on the intent: back to requires_payment_method with last_payment_error. */
export function failPayment(pi: PaymentIntent, pm: StoredPm, failure: Failure): Attempt {
  const charge = failure.type === 'card_error' ? newId('ch') : undefined;
  pi.status = 'requires_payment_method';
  pi.next_action = null;
  pi.payment_method = null;
  pi.last_payment_error = lastErrorOf(failure, pm.object, charge);
  if (charge) pi.latest_charge = charge;
  const error = new StripeApiError(failure.type === 'card_error' ? 402 : 400, {
    ...failure,
    ...(charge ? { charge } : {}),
    payment_intent: pi,
    payment_method: pm.object,
  });
  return { events: [{ type: 'payment_intent.payment_failed', object: pi }], error };
}

/**
 * One confirmation of a payment intent with a payment method (the intent is changed in place):
 * 3-D Secure → requires_action; a decline → requires_payment_method; success → requires_capture
 * (manual capture, the amount held) or succeeded.
 */
export function attemptPayment(
  at: { now: number; origin: string | undefined },
  pi: PaymentIntent,
  internal: PiInternal,
  pm: StoredPm,
  authenticated: boolean,
): Attempt {
  const outcome = decide(pm.internal.behaviour, {
    purpose: 'payment',
    offSession: internal.offSession === true,
    authenticated,
    setUp: pm.internal.setUp,
    request3ds: pi.payment_method_options.card.request_three_d_secure,
  });
  pi.payment_method = pm.object.id;
  if (outcome.kind === 'failed') return failPayment(pi, pm, outcome.failure);
  if (outcome.kind === 'requires_action') {
    pi.status = 'requires_action';
    pi.last_payment_error = null;
    pi.next_action = redirectAction(pi, at.origin, internal.returnUrl ?? null);
    return { events: [] };
  }
  pi.latest_charge = newId('ch');
  pi.last_payment_error = null;
  pi.next_action = null;
  const events: EventDraft[] = [];
  if (pi.capture_method === 'manual') {
    pi.status = 'requires_capture';
    pi.amount_capturable = pi.amount;
    internal.captureBefore = unixSeconds(at.now) + AUTHORISATION_DAYS * 86_400;
    events.push({ type: 'payment_intent.amount_capturable_updated', object: pi });
  } else {
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    events.push({ type: 'payment_intent.succeeded', object: pi });
  }
  return { events, pmWrite: pmAfterPayment(pi, pm) };
}

function pmAfterPayment(pi: PaymentIntent, pm: StoredPm): Write | undefined {
  const base = { table: 'stripe_payment_methods' as const, expected: pm.revision };
  // setup_future_usage saves the card on the customer, set up for later payments
  if (pi.setup_future_usage && pi.customer) {
    return { ...base, object: { ...pm.object, customer: pi.customer }, internal: { ...pm.internal, setUp: true } };
  }
  // a card used without a customer cannot be used again (as on Stripe)
  if (!pm.object.customer && !pi.customer) return { ...base, object: pm.object, internal: { ...pm.internal, consumed: true } };
  return undefined;
}

/** The cardholder failed (or abandoned) 3-D Secure. */
export const failAuthentication = (pi: PaymentIntent, pm: StoredPm) => failPayment(pi, pm, FAILURES.payment_authentication_failed);
