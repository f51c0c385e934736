import type Stripe from 'stripe';
import { acceptPaid, recordCaptured, releasePayment, type InviteRow } from '../db/invites';
import { captureOnce } from '../payments/deposit';
import { amountToPay } from './view';

/** accepted: paid (captured once); requires_action: 3-D Secure still to do; failed: pay again; closed: the invite closed meanwhile. */
export type InviteSettlement = 'accepted' | 'requires_action' | 'pending' | 'failed' | 'closed';

/**
 * Settles an invite's payment from the payment intent as Stripe itself reports it (retrieved by
 * the caller, never taken from a browser or an event): accepted only when the intent is this
 * invite's, for its amount and currency, and authorised; the accept is one conditional UPDATE, so
 * a decline or withdrawal that won first makes it 'closed' and the authorisation is released.
 */
export async function settleInvite(db: D1Database, stripe: Stripe, row: InviteRow, pi: Stripe.PaymentIntent, now: number) {
  const amount = amountToPay(row);
  const forThis = pi.metadata?.invite_id === String(row.id) && pi.amount === amount && pi.currency === row.currency.toLowerCase();
  if (!forThis) return { outcome: 'failed' as InviteSettlement, pi };
  if (pi.status === 'requires_capture' || pi.status === 'succeeded') {
    const already = row.status === 'accepted' && row.payment_intent_id === pi.id;
    if (!already && !(await acceptPaid(db, { id: row.id, paymentIntentId: pi.id, amount, now }))) {
      if (pi.status === 'requires_capture') await stripe.paymentIntents.cancel(pi.id).catch(() => undefined);
      return { outcome: 'closed' as InviteSettlement, pi };
    }
    const captured = await captureOnce(stripe, pi);
    if (captured.status === 'succeeded') await recordCaptured(db, row.appointment_id, pi.id);
    return { outcome: 'accepted' as InviteSettlement, pi: captured };
  }
  if (pi.status === 'requires_action') return { outcome: 'requires_action' as InviteSettlement, pi };
  if (pi.status === 'requires_payment_method' || pi.status === 'canceled') {
    await releasePayment(db, row.id, pi.id, null);
    return { outcome: 'failed' as InviteSettlement, pi };
  }
  return { outcome: 'pending' as InviteSettlement, pi };
}
