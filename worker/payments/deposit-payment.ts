import type { PaymentIntent } from './stripe-api';
import { acceptDeposit, cancelPending, depositCaptured, setPaymentIntent, type DepositRow } from '../db/appointments';
import type { PaymentTarget } from './flow';

/**
 * A booking's deposit as a payment target: the pending appointment (and its patch test) is
 * confirmed when the deposit is authorised, and freed when the payment fails.
 */
export function depositPayment(db: D1Database, row: DepositRow): PaymentTarget {
  return {
    salonId: row.salon_id,
    metadata: { appointment_id: String(row.id) },
    amount: row.deposit,
    currency: row.currency,
    tookAlready: () => row.status === 'confirmed',
    recordIntent: (pi: PaymentIntent) => setPaymentIntent(db, row.id, pi.id, pi.status),
    accept: () => acceptDeposit(db, row.id),
    captured: () => depositCaptured(db, row.id),
    failed: () => cancelPending(db, row.id),
  };
}
