import type Stripe from 'stripe';
import { inviteOfIntent, inviteOfPayment } from '../db/invites';
import { settleInvite } from './settle';

/**
 * 3-D Secure coming back (PUT book-online/confirm/…): settles the payment of the client's invite
 * of that appointment that uses this intent, from the intent as Stripe reports it. Null when no
 * invite of the client's pays with it (the caller then settles a booking's deposit).
 */
export async function confirmInvitePayment(
  db: D1Database,
  stripe: Stripe,
  q: { clientId: string; salonId: number; appointmentId: number; paymentIntentId: string; now: number },
) {
  const row = await inviteOfPayment(db, q);
  if (!row) return null;
  return settleInvite(db, stripe, row, await stripe.paymentIntents.retrieve(q.paymentIntentId), q.now);
}

/** A payment event naming an invite: settled from the intent retrieved from Stripe (never the event's copy). */
export async function settleInviteEvent(db: D1Database, stripe: Stripe, inviteId: number, paymentIntentId: string, now: number) {
  const row = await inviteOfIntent(db, inviteId, paymentIntentId, now);
  if (!row) return null;
  return settleInvite(db, stripe, row, await stripe.paymentIntents.retrieve(paymentIntentId), now);
}

/** The invite a payment intent's event names in its metadata, if any. */
export function inviteOf(pi: { metadata?: Record<string, string> | null }): number | null {
  const id = Number(pi.metadata?.invite_id);
  return Number.isInteger(id) && id > 0 ? id : null;
}
