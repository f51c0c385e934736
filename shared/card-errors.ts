/**
 * What a card failure means, from the payment provider's error code and decline code (never its
 * message), and the spec's words for it (docs/booking/accounts-and-money.md §8 'Card errors'). The one
 * rule for the Worker's answers and the browser's messages alike.
 */
export const MSG_INSUFFICIENT_FUNDS = 'Your card has insufficient funds. Please try again with a different card.';
export const MSG_CARD_DECLINED = 'Your card was declined. Please try again with a different card.';
export const MSG_AUTHENTICATION = 'Please try again and ensure the authentication is completed.';
export const MSG_PAYMENT_DETAILS = 'Failed to process payment details. Please try another payment method.';

/** Stripe's codes of an authentication (3-D Secure) that failed or was needed. */
const AUTH_CODES = [
  'setup_intent_authentication_failure',
  'payment_intent_authentication_failure',
  'authentication_required',
  'authentication_failed',
];

/** Codes of a card the bank refused: Stripe's error codes and the decline codes of its test cards. */
const DECLINE_CODES = [
  'card_declined',
  'generic_decline',
  'do_not_honor',
  'expired_card',
  'incorrect_cvc',
  'lost_card',
  'stolen_card',
  'fraudulent',
  'card_velocity_exceeded',
  'pickup_card',
  'restricted_card',
  'transaction_not_allowed',
];

export type CardFailure = 'insufficient_funds' | 'declined' | 'authentication' | 'other';

/** Which kind of card failure an error is. A decline for insufficient funds has code card_declined: its decline code tells. */
export function cardFailureOf(code: string | null | undefined, declineCode?: string | null): CardFailure {
  const codes = [code, declineCode].filter((c): c is string => !!c);
  if (codes.some((c) => AUTH_CODES.includes(c))) return 'authentication';
  if (codes.includes('insufficient_funds')) return 'insufficient_funds';
  if (codes.some((c) => DECLINE_CODES.includes(c))) return 'declined';
  return 'other';
}

/** The spec's message for a failed card payment or setup (processing errors and anything unknown: payment details). */
export function cardFailureMessage(code: string | null | undefined, declineCode?: string | null): string {
  switch (cardFailureOf(code, declineCode)) {
    case 'insufficient_funds':
      return MSG_INSUFFICIENT_FUNDS;
    case 'declined':
      return MSG_CARD_DECLINED;
    case 'authentication':
      return MSG_AUTHENTICATION;
    default:
      return MSG_PAYMENT_DETAILS;
  }
}
