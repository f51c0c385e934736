import { describe, expect, it } from 'vitest';
import { cardFailureMessage } from '../../shared/card-errors';
import { paymentErrorMessage } from '../../client/features/payments/messages';

const INSUFFICIENT = 'Your card has insufficient funds. Please try again with a different card.';
const DECLINED = 'Your card was declined. Please try again with a different card.';
const AUTHENTICATION = 'Please try again and ensure the authentication is completed.';
const DETAILS = 'Failed to process payment details. Please try another payment method.';

// Stripe's error code and decline code for each failing test card and payment method of
// docs/payments.md ("Stripe's test cards"), and the spec's message for it (docs/booking/accounts-and-money.md §8 'Card errors').
const CASES: [string, string | undefined, string][] = [
  ['card_declined', 'generic_decline', DECLINED], // 4000000000000002, pm_card_visa_chargeDeclined
  ['card_declined', 'insufficient_funds', INSUFFICIENT], // 4000000000009995, 4000008260003178
  ['card_declined', 'do_not_honor', DECLINED],
  ['card_declined', 'lost_card', DECLINED],
  ['card_declined', 'stolen_card', DECLINED],
  ['card_declined', 'fraudulent', DECLINED],
  ['expired_card', undefined, DECLINED], // 4000000000000069
  ['incorrect_cvc', undefined, DECLINED], // 4000000000000127
  ['processing_error', undefined, DETAILS], // 4000000000000119
  ['payment_intent_authentication_failure', undefined, AUTHENTICATION], // 3-D Secure failed
  ['setup_intent_authentication_failure', undefined, AUTHENTICATION],
  ['authentication_required', undefined, AUTHENTICATION], // pm_card_authenticationRequired
];

describe('card failures: one rule for the Worker and the browser', () => {
  it.each(CASES)('%s / %s gives the spec message', (code, declineCode, message) => {
    expect(cardFailureMessage(code, declineCode)).toBe(message);
    expect(paymentErrorMessage({ code, decline_code: declineCode }).message).toBe(message);
  });
});
