import type { Ctx, EventSource } from './context';
import { automatic, commitWithEvents, type EventDraft } from './events';
import { newId, unixSeconds } from './ids';
import type { Intent, IntentInternal, IntentOf, NextAction, PaymentIntent, SetupIntent, StoredIntent } from './intent-objects';
import { decide, FAILURES, lastErrorOf, type Failure } from './outcomes';
import { assertUsableBy, resolvePaymentMethod, type StoredPm } from './payment-methods';
import { badParam, noSuch, StripeApiError } from './stripe-error';
import { load, lockTimeout, retrying, type Write } from './store';

/**
 * Payment intents and setup intents, one logic for both. A confirmation (a payment intent created
 * with confirm=true, a setup intent's POST /confirm, a payment on the hosted Checkout page)
 * attempts the intent with a payment method, and the card's test behaviour decides (outcomes.ts):
 * - 3-D Secure: requires_action, next_action a redirect to the stand-in's /3ds/{id} page, whose
 *   answer (authenticate.ts) completes the same attempt or fails it;
 * - a decline: requires_payment_method with last_payment_error / last_setup_error, and the error
 *   answered once that state is saved;
 * - success: a payment is held (requires_capture, manual capture) or succeeded; a setup succeeded,
 *   the card attached to the intent's customer and set up (later payments need no 3-D Secure
 *   where the card allows it).
 */
export type IntentKind = Intent['object'];

const KINDS = {
  payment_intent: {
    table: 'stripe_payment_intents',
    id: /^pi_[A-Za-z0-9]+$/,
    name: 'PaymentIntent',
    failed: 'payment_intent.payment_failed',
    authenticationFailed: FAILURES.payment_authentication_failed,
  },
  setup_intent: {
    table: 'stripe_setup_intents',
    id: /^seti_[A-Za-z0-9]+$/,
    name: 'SetupIntent',
    failed: 'setup_intent.setup_failed',
    authenticationFailed: FAILURES.setup_authentication_failed,
  },
} as const;

/** The kind of intent an id names ('pi_...', 'seti_...'), or null. */
export const kindOf = (id: string): IntentKind | null =>
  KINDS.payment_intent.id.test(id) ? 'payment_intent' : KINDS.setup_intent.id.test(id) ? 'setup_intent' : null;

/** An authorisation lapses 7 days after it was made: Stripe then cancels the intent. */
const AUTHORISATION_DAYS = 7;

/** What a confirmation, capture or cancellation changes besides the intent: its events, the card's own change, and the error to answer. */
export interface Attempt {
  events: EventDraft[];
  /** the payment method's change (set up and attached by a setup, spent by a payment without a customer) */
  pmWrite?: Write;
  /** a failed confirmation's error, thrown once the intent is saved in its failed state */
  error?: StripeApiError;
}

export interface Change<K extends IntentKind> extends Attempt {
  intent: IntentOf<K>;
  internal: IntentInternal;
}

/** Saves a new intent (no revision) or a changed one, with its events and its payment method's change; false after a lost race. */
export function saveIntent(
  db: D1Database,
  source: EventSource,
  change: Attempt & { intent: Intent; internal: IntentInternal },
  revision?: string,
): Promise<boolean> {
  const { table } = KINDS[change.intent.object];
  const writes: Write[] = [
    { table, object: change.intent, internal: change.internal, ...(revision === undefined ? {} : { expected: revision }) },
  ];
  if (change.pmWrite) writes.push(change.pmWrite);
  return commitWithEvents(db, writes, change.events, source);
}

/**
 * An intent by id (404 for a path id, 400 for a parameter). A payment's authorisation older than
 * 7 days lapses first, as on Stripe: the intent is canceled ('automatic') and the hold released.
 */
export async function loadIntent<K extends IntentKind>(
  db: D1Database,
  now: number,
  kind: K,
  id: string,
  param = 'intent',
  status: 400 | 404 = 404,
): Promise<StoredIntent<K>> {
  for (let i = 0; i < 5; i++) {
    const stored = KINDS[kind].id.test(id) ? await load<IntentOf<K>, IntentInternal>(db, KINDS[kind].table, id) : null;
    if (!stored) throw noSuch(kind, id, param, status);
    const pi: Intent = stored.object;
    const { captureBefore, ...rest } = stored.internal;
    if (
      pi.object !== 'payment_intent' ||
      pi.status !== 'requires_capture' ||
      captureBefore === undefined ||
      captureBefore > unixSeconds(now)
    )
      return stored;
    const lapsed: PaymentIntent = {
      ...pi,
      status: 'canceled',
      cancellation_reason: 'automatic',
      canceled_at: captureBefore,
      amount_capturable: 0,
    };
    const events: EventDraft[] = [{ type: 'payment_intent.canceled', object: lapsed }];
    await saveIntent(db, automatic(now), { intent: lapsed, internal: rest, events }, stored.revision);
  }
  throw lockTimeout();
}

/**
 * Reads an intent, lets `decide` change a copy (null: nothing to change), and saves it with its
 * events, retrying a lost race from a fresh read. The caller answers the change (answerOf).
 */
export async function changeIntent<K extends IntentKind>(
  db: D1Database,
  source: EventSource,
  kind: K,
  id: string,
  decide: (stored: StoredIntent<K>) => Promise<Change<K> | null>,
): Promise<Change<K> | null> {
  return retrying(async () => {
    const stored = await loadIntent(db, source.now, kind, id);
    const change = await decide({ ...stored, object: structuredClone(stored.object), internal: { ...stored.internal } });
    if (!change) return null;
    return (await saveIntent(db, source, change, stored.revision)) ? change : undefined;
  });
}

/** The API's answer to a saved change: the intent, or the error of a failed confirmation. */
export function answerOf<K extends IntentKind>(change: Change<K> | null): IntentOf<K> {
  if (!change) throw new Error('no change to answer');
  if (change.error) throw change.error;
  return change.intent;
}

/**
 * A confirmation: with the payment method given, else the intent's own (one the intent's customer
 * may use), and the return_url 3-D Secure leads back to. Changes the intent and its state in place.
 */
export async function confirmIntent(
  ctx: Ctx,
  intent: Intent,
  internal: IntentInternal,
  ref: string | undefined,
  returnUrl: string | undefined,
  offSession = false,
): Promise<Attempt> {
  const { name } = KINDS[intent.object];
  const pmRef = ref ?? intent.payment_method;
  if (!pmRef) {
    throw badParam(
      `You cannot confirm this ${name} because it's missing a payment method. To confirm the ${name}, pass a \`payment_method\` or attach one first.`,
      'payment_method',
      `${intent.object}_unexpected_state`,
    );
  }
  const pm = await resolvePaymentMethod(ctx, pmRef, 'payment_method');
  assertUsableBy(pm, intent.customer, name);
  if (returnUrl !== undefined) internal.returnUrl = returnUrl;
  return attempt({ ...ctx, offSession }, intent, internal, pm, false);
}

/**
 * One attempt of an intent with a payment method (in place): 3-D Secure, a decline, or success.
 * `authenticated`: 3-D Secure was just completed. `offSession`: the cardholder is not there, so a
 * bank that asks for authentication declines instead (card_error authentication_required, the
 * intent back to requires_payment_method), as Stripe answers off_session=true.
 */
export function attempt(
  at: { now: number; origin: string | undefined; offSession?: boolean },
  intent: Intent,
  internal: IntentInternal,
  pm: StoredPm,
  authenticated: boolean,
): Attempt {
  const outcome = decide(pm.internal.behaviour, {
    purpose: intent.object === 'payment_intent' ? 'payment' : 'setup',
    authenticated,
    setUp: pm.internal.setUp,
  });
  if (outcome.kind === 'failed') return fail(intent, pm, outcome.failure);
  intent.payment_method = pm.object.id;
  setLastError(intent, null);
  if (outcome.kind === 'requires_action') {
    if (at.offSession) return fail(intent, pm, FAILURES.authentication_required);
    intent.status = 'requires_action';
    intent.next_action = redirectAction(intent, at.origin, internal.returnUrl ?? null);
    return { events: [] };
  }
  intent.next_action = null;
  return intent.object === 'payment_intent' ? authorised(intent, internal, pm, at.now) : setUp(intent, pm);
}

/** The cardholder failed (or abandoned) 3-D Secure. */
export const failAuthentication = (intent: Intent, pm: StoredPm) => fail(intent, pm, KINDS[intent.object].authenticationFailed);

/** A payment authorised: held for capture (manual) or taken at once. */
function authorised(pi: PaymentIntent, internal: IntentInternal, pm: StoredPm, now: number): Attempt {
  pi.latest_charge = newId('ch');
  // a card used without a customer cannot be used again (as on Stripe)
  const spent: Pick<Attempt, 'pmWrite'> =
    !pm.object.customer && !pi.customer
      ? {
          pmWrite: {
            table: 'stripe_payment_methods',
            object: pm.object,
            internal: { ...pm.internal, consumed: true },
            expected: pm.revision,
          },
        }
      : {};
  if (pi.capture_method === 'manual') {
    pi.status = 'requires_capture';
    pi.amount_capturable = pi.amount;
    internal.captureBefore = unixSeconds(now) + AUTHORISATION_DAYS * 86_400;
    return { events: [{ type: 'payment_intent.amount_capturable_updated', object: pi }], ...spent };
  }
  pi.status = 'succeeded';
  pi.amount_received = pi.amount;
  return { events: [{ type: 'payment_intent.succeeded', object: pi }], ...spent };
}

/** A card set up: attached to the intent's customer, and marked so that later payments may skip 3-D Secure. */
function setUp(si: SetupIntent, pm: StoredPm): Attempt {
  si.status = 'succeeded';
  const object = { ...pm.object, customer: si.customer ?? pm.object.customer };
  return {
    events: [{ type: 'setup_intent.succeeded', object: si }],
    pmWrite: { table: 'stripe_payment_methods', object, internal: { ...pm.internal, setUp: true }, expected: pm.revision },
  };
}

/** A failed attempt: back to requires_payment_method with the last error (a card error's charge on a payment). */
function fail(intent: Intent, pm: StoredPm, failure: Failure): Attempt {
  intent.status = 'requires_payment_method';
  intent.next_action = null;
  intent.payment_method = null;
  const charge = intent.object === 'payment_intent' && failure.type === 'card_error' ? newId('ch') : undefined;
  if (intent.object === 'payment_intent' && charge) intent.latest_charge = charge;
  setLastError(intent, lastErrorOf(failure, pm.object, charge));
  const error = new StripeApiError(failure.type === 'card_error' ? 402 : 400, {
    ...failure,
    ...(charge ? { charge } : {}),
    ...(intent.object === 'payment_intent' ? { payment_intent: intent } : { setup_intent: intent }),
    payment_method: pm.object,
  });
  return { events: [{ type: KINDS[intent.object].failed, object: intent }], error };
}

function setLastError(intent: Intent, error: object | null): void {
  if (intent.object === 'payment_intent') intent.last_payment_error = error;
  else intent.last_setup_error = error;
}

/**
 * '{origin}/3ds/{intent}?return_url=...&client_secret=...': the origin is the stand-ins Worker's
 * public one (configured, or the host the API call came to); without one (a call that kept
 * api.stripe.com's host) the URL is a path on the stand-ins. Never the return_url's origin: that
 * is the merchant's site, which has no 3-D Secure page. The client secret in the URL is the
 * capability to answer the challenge, as on Stripe's own redirect pages.
 */
function redirectAction(intent: Intent, origin: string | undefined, returnUrl: string | null): NextAction {
  const query = new URLSearchParams();
  if (returnUrl) query.set('return_url', returnUrl);
  query.set('client_secret', intent.client_secret);
  return {
    type: 'redirect_to_url',
    redirect_to_url: { return_url: returnUrl, url: `${origin ?? ''}/3ds/${intent.id}?${query.toString()}` },
  };
}
