import { automatic } from './events';
import type { Intent } from './intent-objects';
import { attempt, changeIntent, failAuthentication, kindOf, loadIntent, type IntentKind } from './intents';
import type { PaymentMethod, PmInternal } from './payment-methods';
import { load } from './store';

/** What the 3-D Secure page shows and checks about an intent waiting for authentication. */
export interface Challenge {
  kind: IntentKind;
  id: string;
  clientSecret: string;
  status: string;
  returnUrl: string | null;
  /** a payment's amount (null for a setup) */
  amount: number | null;
  currency: string | null;
}

export async function challengeOf(db: D1Database, now: number, id: string): Promise<Challenge | null> {
  const kind = kindOf(id);
  const stored = kind ? await loadIntent(db, now, kind, id).catch(() => null) : null;
  if (!kind || !stored) return null;
  const intent: Intent = stored.object;
  return {
    kind,
    id,
    clientSecret: intent.client_secret,
    status: intent.status,
    returnUrl: stored.internal.returnUrl ?? null,
    amount: intent.object === 'payment_intent' ? intent.amount : null,
    currency: intent.object === 'payment_intent' ? intent.currency : null,
  };
}

/**
 * The cardholder's answer: 'complete' runs the authorised attempt (requires_capture or
 * succeeded, or the card's decline after authentication); 'fail' → requires_payment_method
 * with payment_intent_authentication_failure / setup_intent_authentication_failure. Answers
 * the intent's new status, or null when it was not waiting for authentication.
 */
export async function answerChallenge(
  db: D1Database,
  now: number,
  challenge: Challenge,
  result: 'complete' | 'fail',
): Promise<string | null> {
  const change = await changeIntent(db, automatic(now), challenge.kind, challenge.id, async ({ object: intent, internal }) => {
    if (intent.status !== 'requires_action' || !intent.payment_method) return null;
    // (the intent's own payment method: it may have vanished only through a bug, and then nothing changes)
    const pm = await load<PaymentMethod, PmInternal>(db, 'stripe_payment_methods', intent.payment_method);
    if (!pm) return null;
    const done = result === 'complete' ? attempt({ now, origin: undefined }, intent, internal, pm, true) : failAuthentication(intent, pm);
    return { ...done, intent, internal };
  });
  return change?.intent.status ?? null;
}
