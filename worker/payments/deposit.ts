import type { PaymentIntent, StripeClient } from './stripe-api';
import type { DepositRow } from '../db/appointments';
import { depositPayment } from './deposit-payment';
import { authorise, declinedError, type Payee } from './flow';

export interface DepositOutcome {
  pi: PaymentIntent;
  nextActionUrl: string | null;
}

/**
 * Charges the deposit of a pending appointment on the saved card (payments/flow.ts): confirmed
 * once authorised, then captured once. 3-D Secure answers requires_action with the page to send
 * the browser to. A decline frees the appointment and answers 402 with the spec's message.
 */
export async function chargeDeposit(
  db: D1Database,
  stripe: StripeClient,
  a: {
    appointmentId: number;
    salonId: number;
    amount: number;
    currency: string;
    customer: string;
    paymentMethod: string;
    idempotencyKey: string;
    returnUrl: string;
    /** the salon's account (payments/connect.ts payeeOf) */
    payee: Payee | null;
  },
): Promise<DepositOutcome> {
  const row: DepositRow = { id: a.appointmentId, salon_id: a.salonId, status: 'pending', deposit: a.amount, currency: a.currency };
  const target = depositPayment(db, row);
  const { outcome, pi } = await authorise(stripe, target, a);
  if (outcome === 'paid') return { pi, nextActionUrl: null };
  if (outcome === 'requires_action') return { pi, nextActionUrl: pi.next_action?.redirect_to_url?.url ?? null };
  // failed (already freed), or an intent in no state to book with: freed now
  if (outcome !== 'failed') await target.failed(pi.id);
  throw declinedError(pi.last_payment_error);
}
