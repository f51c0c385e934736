import type Stripe from 'stripe';
import { cancelPending, confirmPaid, depositOf } from '../db/appointments';
import { captureOnce } from './deposit';

export type Settlement = 'confirmed' | 'pending' | 'failed' | 'cancelled' | 'waitlist';

/**
 * Settles the deposit of an appointment from what Stripe itself says about the payment intent
 * (retrieved here, never taken from an event or a browser): confirmed only when the intent is
 * this appointment's, for its deposit and currency, and `requires_capture` (then captured once)
 * or `succeeded`; failed (its times freed) when the payment failed or was cancelled; otherwise
 * it stays pending. Null when the appointment does not use that intent.
 */
export async function settleDeposit(
  db: D1Database,
  stripe: Stripe,
  appointmentId: number,
  paymentIntentId: string,
): Promise<{ status: Settlement; pi?: Stripe.PaymentIntent } | null> {
  const row = await depositOf(db, appointmentId, paymentIntentId);
  if (!row) return null;
  if (row.status !== 'pending') return { status: row.status as Settlement };
  let pi: Stripe.PaymentIntent = await stripe.paymentIntents.retrieve(paymentIntentId);
  const forThis = pi.metadata?.appointment_id === String(row.id) && pi.amount === row.deposit && pi.currency === row.currency.toLowerCase();
  if (forThis && pi.status === 'requires_capture') pi = await captureOnce(stripe, pi);
  if (forThis && pi.status === 'succeeded' && pi.amount_received >= row.deposit) {
    await confirmPaid(db, row.id);
    return { status: 'confirmed', pi };
  }
  if (pi.status === 'requires_payment_method' || pi.status === 'canceled') {
    await cancelPending(db, row.id);
    return { status: 'failed', pi };
  }
  return { status: 'pending', pi };
}

/** The appointment a payment intent's event names in its metadata, if any (checked by settleDeposit). */
export function appointmentOf(pi: { metadata?: Record<string, string> | null }): number | null {
  const id = Number(pi.metadata?.appointment_id);
  return Number.isInteger(id) && id > 0 ? id : null;
}
