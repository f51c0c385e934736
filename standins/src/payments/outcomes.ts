import { docUrl } from './stripe-error';
import type { Behaviour } from './test-cards';

/**
 * What the card network answers in the sandbox: from the payment method's test behaviour and
 * the situation (a payment or a setup, after 3-D Secure or not, the card set up or not).
 */
export interface Failure {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  message: string;
}

export const FAILURES = {
  generic_decline: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  expired_card: { type: 'card_error', code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  incorrect_cvc: {
    type: 'card_error',
    code: 'incorrect_cvc',
    decline_code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  processing_error: {
    type: 'card_error',
    code: 'processing_error',
    decline_code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  /** an off-session payment the bank wants the cardholder present for (Stripe's answer to off_session=true) */
  authentication_required: {
    type: 'card_error',
    code: 'authentication_required',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
  payment_authentication_failed: {
    type: 'invalid_request_error',
    code: 'payment_intent_authentication_failure',
    message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
  setup_authentication_failed: {
    type: 'invalid_request_error',
    code: 'setup_intent_authentication_failure',
    message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
} as const satisfies Record<string, Failure>;

/** The decline a card number always gives (on setup and payment). */
const DECLINES: Partial<Record<Behaviour, Failure>> = {
  decline_generic: FAILURES.generic_decline,
  decline_insufficient_funds: FAILURES.insufficient_funds,
  decline_expired_card: FAILURES.expired_card,
  decline_incorrect_cvc: FAILURES.incorrect_cvc,
  decline_processing_error: FAILURES.processing_error,
};

export type Outcome = { kind: 'authorized' } | { kind: 'requires_action' } | { kind: 'failed'; failure: Failure };

export interface Situation {
  purpose: 'payment' | 'setup';
  /** 3-D Secure was just completed for this attempt */
  authenticated: boolean;
  /** the card was set up (a SetupIntent succeeded with it) */
  setUp: boolean;
}

function needsAuthentication(behaviour: Behaviour, s: Situation): boolean {
  if (s.authenticated) return false;
  switch (behaviour) {
    case 'auth_always':
    case 'auth_3ds2':
      return true;
    case 'auth_unless_set_up':
    case 'auth_then_insufficient_funds':
      return s.purpose === 'setup' || !s.setUp;
    default:
      return false;
  }
}

export function decide(behaviour: Behaviour, s: Situation): Outcome {
  const decline = DECLINES[behaviour];
  if (decline) return { kind: 'failed', failure: decline };
  if (needsAuthentication(behaviour, s)) return { kind: 'requires_action' };
  if (s.purpose === 'payment' && behaviour === 'charge_fails') return { kind: 'failed', failure: FAILURES.generic_decline };
  if (s.purpose === 'payment' && behaviour === 'auth_then_insufficient_funds')
    return { kind: 'failed', failure: FAILURES.insufficient_funds };
  return { kind: 'authorized' };
}

/** An intent's last_payment_error / last_setup_error (Stripe's shape, with doc_url). */
export const lastErrorOf = (failure: Failure, paymentMethod: object, charge?: string) => ({
  ...(charge ? { charge } : {}),
  code: failure.code,
  ...(failure.decline_code ? { decline_code: failure.decline_code } : {}),
  doc_url: docUrl(failure.code),
  message: failure.message,
  payment_method: paymentMethod,
  type: failure.type,
});
