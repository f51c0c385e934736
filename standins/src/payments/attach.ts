import { declineOf } from './outcomes';
import { assertReusable, type PmInternal, type StoredPm } from './payment-method-store';
import { badParam, StripeApiError } from './stripe-error';
import type { Write } from './store';

/**
 * Attaching a payment method to a customer, as Stripe does: the card is checked, so a card
 * that always declines fails here (4000000000000341 attaches and fails later); a detached or
 * customer-less used card, or another customer's, is refused. Attaching to its own customer
 * again changes nothing (no write).
 */
export function attachWrite(pm: StoredPm, customer: string, internal: Partial<PmInternal> = {}): Write | null {
  assertReusable(pm);
  const owner = pm.object.customer;
  if (owner && owner !== customer) {
    throw badParam('The payment method you provided has already been attached to a customer.', 'payment_method');
  }
  const decline = declineOf(pm.internal.behaviour);
  if (decline) {
    throw new StripeApiError(402, { ...decline, payment_method: pm.object });
  }
  if (owner === customer && Object.keys(internal).length === 0) return null;
  return {
    table: 'stripe_payment_methods',
    object: { ...pm.object, customer },
    internal: { ...pm.internal, ...internal },
    expected: pm.revision,
  };
}
