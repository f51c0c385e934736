import { cardFromInput, type CardInput } from './cards';
import { completedWrite, loadCheckoutSession, type CheckoutSession, type CsInternal, type StoredCs } from './checkout-session-object';
import { automatic, commitWithEvents, type EventDraft } from './events';
import { newPaymentIntent, type IntentInternal, type PaymentIntent } from './intent-objects';
import { attempt as attemptPayment, loadIntent } from './intents';
import { insertPaymentMethod, type StoredPm } from './payment-methods';
import { StripeApiError } from './stripe-error';
import { retrying, type Write } from './store';

/** How a payment on the hosted Checkout page ended. */
export type PayResult =
  | { kind: 'paid'; session: CheckoutSession }
  | { kind: 'authenticate'; url: string }
  | { kind: 'refused'; message: string }
  | { kind: 'closed'; session: CheckoutSession };

/** Where the 3-D Secure page sends the buyer back: a path on the stand-ins (the page's own origin). */
export const returnPath = (sessionId: string) => `/checkout/${sessionId}/return`;

/** The intent of the buyer's current attempt when it may be tried again, else a new one for the session's total. */
async function intentFor(
  db: D1Database,
  now: number,
  stored: StoredCs,
): Promise<{ pi: PaymentIntent; internal: IntentInternal; write: Write }> {
  const pending = stored.internal.pendingIntent
    ? await loadIntent(db, now, 'payment_intent', stored.internal.pendingIntent).catch(() => null)
    : null;
  if (pending && (pending.object.status === 'requires_payment_method' || pending.object.status === 'requires_action')) {
    const pi = structuredClone(pending.object);
    const internal = { ...pending.internal };
    return { pi, internal, write: { table: 'stripe_payment_intents', object: pi, internal, expected: pending.revision } };
  }
  const pi = newPaymentIntent(now, {
    amount: stored.object.amount_total,
    currency: stored.object.currency,
    customer: null,
    metadata: {},
    capture_method: 'automatic',
    ...stored.internal.connect,
  });
  const internal: IntentInternal = { returnUrl: returnPath(stored.object.id) };
  return { pi, internal, write: { table: 'stripe_payment_intents', object: pi, internal } };
}

/**
 * The buyer pays an open session with a card typed on the hosted page: a declined card leaves
 * the session open (the attempt's intent is tried again next time); a card asking for 3-D Secure
 * sends the buyer to the challenge page first; success completes the session with the
 * succeeded intent (events payment_intent.succeeded, checkout.session.completed).
 */
export async function payCheckoutSession(
  db: D1Database,
  now: number,
  origin: string | undefined,
  id: string,
  card: CardInput,
  email: string,
): Promise<PayResult> {
  const first = await loadCheckoutSession(db, now, id);
  if (first.object.status !== 'open') return { kind: 'closed', session: first.object };
  let pm: StoredPm;
  try {
    pm = await insertPaymentMethod({ db, now }, await cardFromInput(card, now), email);
  } catch (e) {
    if (e instanceof StripeApiError && e.fields.type === 'card_error') return { kind: 'refused', message: e.fields.message };
    throw e;
  }
  return retrying(async (): Promise<PayResult | undefined> => {
    const stored = await loadCheckoutSession(db, now, id);
    if (stored.object.status !== 'open') return { kind: 'closed', session: stored.object };
    const { pi, internal, write } = await intentFor(db, now, stored);
    const attempt = attemptPayment({ now, origin }, pi, internal, pm, false);
    const writes: Write[] = [write];
    if (attempt.pmWrite) writes.push(attempt.pmWrite);
    const events: EventDraft[] = [...attempt.events];
    let session = stored.object;
    if (pi.status === 'succeeded') {
      const completed = completedWrite(stored, pi.id, email);
      writes.push(completed.write);
      events.push(completed.event);
      session = completed.write.object as CheckoutSession;
    } else {
      const next: CsInternal = { ...stored.internal, pendingIntent: pi.id, email };
      writes.push({ table: 'stripe_checkout_sessions', object: stored.object, internal: next, expected: stored.revision });
    }
    if (!(await commitWithEvents(db, writes, events, automatic(now)))) return undefined;
    if (pi.status === 'succeeded') return { kind: 'paid', session };
    if (pi.status === 'requires_action' && pi.next_action) return { kind: 'authenticate', url: pi.next_action.redirect_to_url.url };
    return { kind: 'refused', message: attempt.error?.fields.message ?? 'Your card was declined.' };
  });
}

/**
 * The buyer is back from the 3-D Secure page: the session's pending intent decides. Succeeded →
 * the session completes; failed authentication → the page shows why, the session stays open.
 */
export async function returnFromAuthentication(db: D1Database, now: number, id: string, intentId: string): Promise<PayResult> {
  return retrying(async (): Promise<PayResult | undefined> => {
    const stored = await loadCheckoutSession(db, now, id);
    const { object: cs, internal } = stored;
    if (cs.status === 'complete' && cs.payment_intent === intentId) return { kind: 'paid', session: cs };
    if (cs.status !== 'open') return { kind: 'closed', session: cs };
    if (internal.pendingIntent !== intentId) return { kind: 'refused', message: 'This payment does not belong to this checkout.' };
    const { object: pi } = await loadIntent(db, now, 'payment_intent', intentId);
    if (pi.status === 'requires_action') return { kind: 'refused', message: 'The authentication of your card was not completed.' };
    if (pi.status !== 'succeeded') {
      const error = pi.last_payment_error as { message?: string } | null;
      return { kind: 'refused', message: error?.message ?? 'Your card was declined.' };
    }
    const completed = completedWrite(stored, pi.id, internal.email ?? cs.customer_email ?? '');
    if (!(await commitWithEvents(db, [completed.write], [completed.event], automatic(now)))) return undefined;
    return { kind: 'paid', session: completed.write.object as CheckoutSession };
  });
}
