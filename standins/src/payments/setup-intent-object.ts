import type { EventDraft } from './events';
import { newClientSecret, newId, unixSeconds } from './ids';
import type { Metadata } from './metadata';
import { redirectAction, type NextAction } from './next-action';
import { decide, FAILURES, lastErrorOf, type Failure } from './outcomes';
import type { ThreeDSecureRequest } from './payment-intent-object';
import type { StoredPm } from './payment-methods';
import { StripeApiError } from './stripe-error';
import type { Stored, Write } from './store';

type SetupIntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'canceled' | 'succeeded';

export interface SetupIntent {
  id: string;
  object: 'setup_intent';
  application: null;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: 'always' | 'never' } | null;
  cancellation_reason: 'abandoned' | 'duplicate' | 'requested_by_customer' | null;
  client_secret: string;
  created: number;
  customer: string | null;
  description: string | null;
  flow_directions: null;
  last_setup_error: object | null;
  latest_attempt: null;
  livemode: false;
  mandate: null;
  metadata: Metadata;
  next_action: NextAction | null;
  on_behalf_of: null;
  payment_method: string | null;
  payment_method_configuration_details: null;
  payment_method_options: { card: { mandate_options: null; network: null; request_three_d_secure: ThreeDSecureRequest } };
  payment_method_types: ['card'];
  single_use_mandate: null;
  status: SetupIntentStatus;
  usage: 'on_session' | 'off_session';
}

export interface SiInternal {
  returnUrl?: string | null;
}

export type StoredSi = Stored<SetupIntent, SiInternal>;

export function newSetupIntent(
  now: number,
  p: Pick<SetupIntent, 'customer' | 'description' | 'metadata' | 'usage' | 'automatic_payment_methods' | 'payment_method'> & {
    request3ds: ThreeDSecureRequest;
  },
): SetupIntent {
  const id = newId('seti');
  return {
    id,
    object: 'setup_intent',
    application: null,
    automatic_payment_methods: p.automatic_payment_methods,
    cancellation_reason: null,
    client_secret: newClientSecret(id),
    created: unixSeconds(now),
    customer: p.customer,
    description: p.description,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: p.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: p.payment_method,
    payment_method_configuration_details: null,
    payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: p.request3ds } },
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: p.payment_method ? 'requires_confirmation' : 'requires_payment_method',
    usage: p.usage,
  };
}

export interface SetupAttempt {
  pmWrite?: Write;
  events: EventDraft[];
  error?: StripeApiError;
}

function failSetup(si: SetupIntent, pm: StoredPm, failure: Failure): SetupAttempt {
  si.status = 'requires_payment_method';
  si.next_action = null;
  si.payment_method = null;
  si.last_setup_error = lastErrorOf(failure, pm.object);
  const error = new StripeApiError(failure.type === 'card_error' ? 402 : 400, { ...failure, setup_intent: si, payment_method: pm.object });
  return { events: [{ type: 'setup_intent.setup_failed', object: si }], error };
}

export const failSetupAuthentication = (si: SetupIntent, pm: StoredPm) => failSetup(si, pm, FAILURES.setup_authentication_failed);

/**
 * One confirmation of a setup intent (changed in place): 3-D Secure → requires_action; a card
 * that declines → requires_payment_method; else succeeded, the card attached to the intent's
 * customer and marked as set up (later payments need no 3-D Secure where the card allows it).
 */
export function attemptSetup(
  at: { origin: string | undefined },
  si: SetupIntent,
  internal: SiInternal,
  pm: StoredPm,
  authenticated: boolean,
): SetupAttempt {
  const outcome = decide(pm.internal.behaviour, {
    purpose: 'setup',
    offSession: false,
    authenticated,
    setUp: pm.internal.setUp,
    request3ds: si.payment_method_options.card.request_three_d_secure,
  });
  si.payment_method = pm.object.id;
  if (outcome.kind === 'failed') return failSetup(si, pm, outcome.failure);
  if (outcome.kind === 'requires_action') {
    si.status = 'requires_action';
    si.last_setup_error = null;
    si.next_action = redirectAction(si, at.origin, internal.returnUrl ?? null);
    return { events: [] };
  }
  si.status = 'succeeded';
  si.last_setup_error = null;
  si.next_action = null;
  const pmWrite: Write = {
    table: 'stripe_payment_methods',
    object: { ...pm.object, customer: si.customer ?? pm.object.customer },
    internal: { ...pm.internal, setUp: true },
    expected: pm.revision,
  };
  return { events: [{ type: 'setup_intent.succeeded', object: si }], pmWrite };
}
