import type { PaymentIntent } from '../payments/stripe-api';
import { acceptPaid, recordCaptured, recordPaymentIntent, releasePayment, type InviteRow } from '../db/invites';
import type { PaymentTarget } from '../payments/flow';
import { amountToPay } from './view';

/**
 * A deposit request as a payment target: accepted when its payment is authorised (one conditional
 * UPDATE, so a decline or withdrawal that won first closes it), and open again for another card
 * when the payment fails. `claim` is the pay call's Idempotency-Key that claimed the invite (none
 * for a settle from 3-D Secure or an event).
 */
export function invitePayment(db: D1Database, row: InviteRow, now: number, claim: string | null = null): PaymentTarget {
  const amount = amountToPay(row);
  return {
    salonId: row.salon_id,
    metadata: { invite_id: String(row.id), appointment_id: String(row.appointment_id) },
    amount,
    currency: row.currency,
    tookAlready: (pi: PaymentIntent) => row.status === 'accepted' && row.payment_intent_id === pi.id,
    recordIntent: (pi: PaymentIntent) => recordPaymentIntent(db, row.id, claim ?? '', pi.id),
    accept: (paymentIntentId) => acceptPaid(db, { id: row.id, paymentIntentId, amount, now }),
    captured: (paymentIntentId) => recordCaptured(db, row.appointment_id, paymentIntentId),
    failed: (paymentIntentId) => releasePayment(db, row.id, paymentIntentId, paymentIntentId ? null : claim),
  };
}
