import {
  cardFailureMessage,
  cardFailureOf,
  MSG_AUTHENTICATION,
  MSG_CARD_DECLINED,
  MSG_INSUFFICIENT_FUNDS,
  MSG_PAYMENT_DETAILS,
  type CardFailure,
} from '../../../shared/card-errors';
import type { ProviderError } from './types';

export { MSG_AUTHENTICATION, MSG_CARD_DECLINED, MSG_INSUFFICIENT_FUNDS, MSG_PAYMENT_DETAILS };

/** Card and payment messages of docs/booking/accounts-and-money.md §8, word for word (the card failures' own: shared/card-errors.ts). */
/** A declined saved card on confirm-with-card (§4 'Confirm with card'), with START AGAIN. */
export const MSG_SAVED_CARD_DECLINED = 'Your card has been declined and payment was unsuccessful. Please try again using a different card.';
export const MSG_CONFIRM_EXCEPTION = 'There was an issue confirming your card. Please try again.';
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

/** Which kind of card failure an error is, from its code and decline code (never its message). */
export const failureKind = (e: ProviderError): CardFailure => cardFailureOf(e.code, e.decline_code);

/** A failed card setup (§8 'Card errors' first, then 'Card setup errors by type'). */
export function setupErrorMessage(e: ProviderError, salonPhone: string): string {
  if (failureKind(e) !== 'other') return cardFailureMessage(e.code, e.decline_code);
  if (e.type === 'invalid_request_error') return e.code === 'testmode_charges_only' ? MSG_TESTMODE_CHARGES_ONLY : MSG_INVALID_REQUEST;
  return msgAddingCard(salonPhone);
}

/** Stripe's codes for a card number that is invalid, incorrect or incomplete. */
const CARD_NUMBER_CODES = ['invalid_number', 'incorrect_number', 'incomplete_number'];

/**
 * A failed payment: the message, and whether the 'payment was not successful' line goes with it
 * (§8 'Payment failure': not after an authentication, nor for an invalid or incomplete card number).
 * With the saved card (confirm-with-card) a decline has that screen's own message, which says it.
 */
export function paymentErrorMessage(e: ProviderError, { savedCard = false } = {}): { message: string; unsuccessful: boolean } {
  const kind = failureKind(e);
  if (kind === 'declined' && savedCard) return { message: MSG_SAVED_CARD_DECLINED, unsuccessful: false };
  const unsuccessful = kind === 'other' ? !CARD_NUMBER_CODES.includes(e.code ?? '') : kind !== 'authentication';
  return { message: cardFailureMessage(e.code, e.decline_code), unsuccessful };
}
