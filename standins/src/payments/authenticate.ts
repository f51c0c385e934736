import { commitWithEvents } from './events';
import { attemptPayment, failAuthentication, type Attempt } from './payment-attempt';
import type { PaymentMethod, PmInternal, StoredPm } from './payment-methods';
import { automatic, loadPaymentIntent } from './payment-intent-store';
import { attemptSetup, failSetupAuthentication, type SetupAttempt } from './setup-intent-object';
import { loadSetupIntent } from './setup-intent-actions';
import { load, retrying, type Write } from './store';

/** What the 3-D Secure page shows and checks about an intent waiting for authentication. */
export interface Challenge {
  kind: 'payment_intent' | 'setup_intent';
  id: string;
  clientSecret: string;
  status: string;
  returnUrl: string | null;
  amount: number | null;
  currency: string | null;
  description: string | null;
}

export async function challengeOf(db: D1Database, now: number, id: string): Promise<Challenge | null> {
  try {
    if (id.startsWith('pi_')) {
      const { object: pi, internal } = await loadPaymentIntent(db, now, id);
      const { client_secret: clientSecret, status, amount, currency, description } = pi;
      return { kind: 'payment_intent', id, clientSecret, status, returnUrl: internal.returnUrl ?? null, amount, currency, description };
    }
    if (id.startsWith('seti_')) {
      const { object: si, internal } = await loadSetupIntent({ db }, id);
      const { client_secret: clientSecret, status, description } = si;
      return {
        kind: 'setup_intent',
        id,
        clientSecret,
        status,
        returnUrl: internal.returnUrl ?? null,
        amount: null,
        currency: null,
        description,
      };
    }
  } catch {
    // an unknown intent: no challenge
  }
  return null;
}

/** The intent's own payment method (it may have vanished only through a bug: the attempt then fails). */
async function paymentMethodOf(db: D1Database, id: string | null): Promise<StoredPm | null> {
  return id ? load<PaymentMethod, PmInternal>(db, 'stripe_payment_methods', id) : null;
}

export type ChallengeResult = 'complete' | 'fail';

/**
 * The cardholder's answer: 'complete' runs the authorised attempt (requires_capture or
 * succeeded, or the card's decline after authentication); 'fail' → requires_payment_method
 * with payment_intent_authentication_failure / setup_intent_authentication_failure. Answers
 * the intent's new status, or null when it was not waiting for authentication.
 */
export async function answerChallenge(db: D1Database, now: number, challenge: Challenge, result: ChallengeResult): Promise<string | null> {
  const source = automatic(now);
  return retrying(async () => {
    let writes: Write[];
    let attempt: Attempt | SetupAttempt;
    if (challenge.kind === 'payment_intent') {
      const stored = await loadPaymentIntent(db, now, challenge.id);
      if (stored.object.status !== 'requires_action') return null;
      const pi = structuredClone(stored.object);
      const internal = { ...stored.internal };
      const pm = await paymentMethodOf(db, pi.payment_method);
      if (!pm) return null;
      attempt = result === 'complete' ? attemptPayment({ now, origin: undefined }, pi, internal, pm, true) : failAuthentication(pi, pm);
      writes = [{ table: 'stripe_payment_intents', object: pi, internal, expected: stored.revision }];
    } else {
      const stored = await loadSetupIntent({ db }, challenge.id);
      if (stored.object.status !== 'requires_action') return null;
      const si = structuredClone(stored.object);
      const pm = await paymentMethodOf(db, si.payment_method);
      if (!pm) return null;
      attempt =
        result === 'complete' ? attemptSetup({ origin: undefined }, si, stored.internal, pm, true) : failSetupAuthentication(si, pm);
      writes = [{ table: 'stripe_setup_intents', object: si, internal: stored.internal, expected: stored.revision }];
    }
    if (attempt.pmWrite) writes.push(attempt.pmWrite);
    if (!(await commitWithEvents(db, writes, attempt.events, source))) return undefined;
    return (writes[0]!.object as unknown as { status: string }).status;
  });
}
