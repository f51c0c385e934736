import { authenticatePayment, type PendingAuthentication } from './authenticate';
import type { ProviderError } from './types';

/** The steps of one saved-card payment that differ between what is paid for. */
export interface SavedCardPayment<A extends PendingAuthentication> {
  /** the server charges the saved card (one press, one Idempotency-Key); a refusal is thrown as the caller words it */
  charge: () => Promise<A>;
  /** whether the bank asks for 3-D Secure */
  needsAuthentication: (answer: A) => boolean;
  /** after Stripe.js's modal: the server takes the authenticated payment */
  confirm: (answer: A) => Promise<void>;
  /** the error a failed authentication is told as */
  failed: (error: ProviderError) => Error;
}

/**
 * Pays with the client's saved card, then 3-D Secure if the bank asks: a challenge page that
 * brings the browser back to the return URL given with the charge ('redirecting': the browser is
 * leaving), or Stripe.js's modal and the server's confirmation. The one way a booking's deposit and
 * a deposit request are paid (worker/payments/flow.ts is its server side).
 */
export async function payWithSavedCard<A extends PendingAuthentication>(p: SavedCardPayment<A>): Promise<'paid' | 'redirecting'> {
  const answer = await p.charge();
  if (!p.needsAuthentication(answer)) return 'paid';
  const auth = await authenticatePayment(answer);
  if (auth.status === 'redirecting') return 'redirecting';
  if (auth.status === 'failed') throw p.failed(auth.error);
  await p.confirm(answer);
  return 'paid';
}
