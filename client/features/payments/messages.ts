import type { ProviderError } from './types';

/** Card and payment messages of docs/accounts-and-money.md §8, word for word. */
export const MSG_INSUFFICIENT_FUNDS = 'Your card has insufficient funds. Please try again with a different card.';
export const MSG_CARD_DECLINED = 'Your card was declined. Please try again with a different card.';
/** A declined saved card on confirm-with-card (§4 'Confirm with card'), with START AGAIN. */
export const MSG_SAVED_CARD_DECLINED = 'Your card has been declined and payment was unsuccessful. Please try again using a different card.';
export const MSG_AUTHENTICATION = 'Please try again and ensure the authentication is completed.';
export const MSG_CONFIRM_EXCEPTION = 'There was an issue confirming your card. Please try again.';
export const MSG_PAYMENT_DETAILS = 'Failed to process payment details. Please try another payment method.';
export const MSG_PAYMENT_UNSUCCESSFUL =
  'Unfortunately the payment was not successful. Please check your details are correct and ensure you have sufficient funds, then try again.';
export const MSG_TESTMODE_CHARGES_ONLY =
  'Unfortunately your payment could not be processed. Please contact the salon directly to make your booking and please ask them to contact the provider regarding their payment account';
export const MSG_INVALID_REQUEST =
  'Unfortunately there was a problem processing your payment. Please check your card details and try again. If the problem persists, please try using another card';
export const msgAddingCard = (phone: string) =>
  `Unfortunately there has been a problem adding your card. Please try using another card and if the problem persists, please contact the salon on ${phone} as their payments account may need updating`;
export const MSG_CARD_SAVED = 'Success! Your payment method has been saved.';
export const MSG_SETUP_FAILED = 'Card setup failed. Please try again';
export const MSG_REMOVE_FAILED = 'Failed to remove the existing card. Please try again.';
export const MSG_CARD_REMOVED = 'Card details removed!';
export const MSG_NO_CARD = 'No payment card added';
export const MSG_CREATE_CARD_BOOKING =
  'Sorry there has been a problem creating your booking. Your payment may have failed so please try again checking you have sufficient funds or try using a different card.';
export const MSG_CONFIRM_PROBLEM = 'We are having problems confirming your booking, please try again.';

const AUTH_CODES = [
  'setup_intent_authentication_failure',
  'payment_intent_authentication_failure',
  'authentication_required',
  'authentication_failed',
];

/** Codes of a card the bank refused (Stripe's error codes and decline codes). */
const DECLINE_CODES = [
  'card_declined',
  'generic_decline',
  'do_not_honor',
  'expired_card',
  'incorrect_cvc',
  'lost_card',
  'stolen_card',
  'fraudulent',
];

/** Which kind of card failure an error is, from its code and decline code (never its message). */
export function failureKind(e: ProviderError): 'insufficient_funds' | 'declined' | 'authentication' | 'other' {
  const codes = [e.code, e.decline_code].filter(Boolean) as string[];
  if (codes.some((c) => AUTH_CODES.includes(c))) return 'authentication';
  // A decline for insufficient funds has code card_declined: its decline code tells.
  if (codes.includes('insufficient_funds')) return 'insufficient_funds';
  if (codes.some((c) => DECLINE_CODES.includes(c))) return 'declined';
  return 'other';
}

/** A failed card setup (§8 'Card errors' first, then 'Card setup errors by type'). */
export function setupErrorMessage(e: ProviderError, salonPhone: string): string {
  switch (failureKind(e)) {
    case 'insufficient_funds':
      return MSG_INSUFFICIENT_FUNDS;
    case 'declined':
      return MSG_CARD_DECLINED;
    case 'authentication':
      return MSG_AUTHENTICATION;
    default:
      if (e.type === 'invalid_request_error') return e.code === 'testmode_charges_only' ? MSG_TESTMODE_CHARGES_ONLY : MSG_INVALID_REQUEST;
      return msgAddingCard(salonPhone);
  }
}

/** Stripe's codes for a card number that is invalid, incorrect or incomplete. */
const CARD_NUMBER_CODES = ['invalid_number', 'incorrect_number', 'incomplete_number'];

/**
 * A failed payment: the message, and whether the 'payment was not successful' line goes with it.
 * With the saved card (confirm-with-card) a decline has that screen's own message, which says it.
 */
export function paymentErrorMessage(e: ProviderError, { savedCard = false } = {}): { message: string; unsuccessful: boolean } {
  switch (failureKind(e)) {
    case 'insufficient_funds':
      return { message: MSG_INSUFFICIENT_FUNDS, unsuccessful: true };
    case 'declined':
      return savedCard ? { message: MSG_SAVED_CARD_DECLINED, unsuccessful: false } : { message: MSG_CARD_DECLINED, unsuccessful: true };
    case 'authentication':
      return { message: MSG_AUTHENTICATION, unsuccessful: false };
    default:
      // §8 'Payment failure': not for an invalid or incomplete card number.
      return { message: MSG_PAYMENT_DETAILS, unsuccessful: !CARD_NUMBER_CODES.includes(e.code ?? '') };
  }
}
