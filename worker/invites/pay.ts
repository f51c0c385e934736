import Stripe from 'stripe';
import type { InviteProcessed } from '../../shared/invites';
import { claimPayment, inviteOfClient, recordPaymentIntent, releasePayment, type InviteRow } from '../db/invites';
import { AppError } from '../errors';
import { savedCard } from '../payments/cards';
import { cardFailureMessage } from '../../shared/card-errors';
import { cardMissing, inviteClosed } from './errors';
import { settleInvite } from './settle';
import { amountToPay } from './view';

/** A payment attempt that holds an invite this long without finishing no longer blocks another. */
const CLAIM_TTL_MS = 2 * 60_000;

export interface PayAsked {
  row: InviteRow;
  clientId: string;
  /** the request's Idempotency-Key */
  key: string;
  returnUrl: string;
  publishableKey: string;
  now: number;
}

const declined = (pi: Stripe.PaymentIntent | null, e?: { code?: string; decline_code?: string }) => {
  const err = e ?? pi?.last_payment_error ?? undefined;
  return new AppError(
    'PAYMENT_REQUIRED',
    cardFailureMessage(err?.code, err?.decline_code),
    'payment',
    err?.code ?? 'card_declined',
    err?.decline_code,
  );
};

function answerOf(outcome: string, pi: Stripe.PaymentIntent, a: PayAsked): InviteProcessed {
  if (outcome === 'accepted') return { r_status: 'accepted', invite_status: 'accepted', pi: pi.id, pi_status: pi.status };
  if (outcome === 'closed') throw inviteClosed();
  if (outcome === 'failed') throw declined(pi);
  return {
    r_status: 'requires_action',
    invite_status: a.row.status,
    pi: pi.id,
    pi_status: pi.status,
    next_action_url: pi.next_action?.redirect_to_url?.url ?? null,
    client_secret: pi.client_secret ?? null,
    publishable_key: a.publishableKey,
  };
}

/**
 * Pays an invite (its deposit or full price) with the client's saved card, never twice: an
 * intent the invite already has is settled or answered again rather than replaced; a new attempt
 * first claims the invite (one conditional UPDATE, so of two presses at once only one charges),
 * and its Stripe idempotency key is the invite and the request's Idempotency-Key. A declined card
 * answers 402 and leaves the invite open for another card; the appointment is never cancelled.
 */
export async function payInvite(db: D1Database, stripe: Stripe, a: PayAsked): Promise<InviteProcessed> {
  const { row } = a;
  if (row.payment_intent_id) {
    const settled = await settleInvite(db, stripe, row, await stripe.paymentIntents.retrieve(row.payment_intent_id), a.now);
    if (settled.outcome !== 'failed') return answerOf(settled.outcome, settled.pi, a);
  }
  if (row.status === 'accepted') return { r_status: 'accepted', invite_status: 'accepted', pi: row.payment_intent_id, pi_status: null };
  const card = await savedCard(db, a.clientId);
  if (!card) throw cardMissing();
  if (!(await claimPayment(db, { id: row.id, clientId: a.clientId, key: a.key, now: a.now, staleBefore: a.now - CLAIM_TTL_MS }))) {
    const now = await inviteOfClient(db, { clientId: a.clientId, salonId: row.salon_id, id: row.id, now: a.now });
    if (now?.status === 'accepted') return { r_status: 'accepted', invite_status: 'accepted', pi: now.payment_intent_id, pi_status: null };
    if (now && ['invited', 'reminded', 'seen'].includes(now.status))
      throw new AppError('CONFLICT', 'This payment is already being processed. Please wait a moment.', undefined, 'payment_in_progress');
    throw inviteClosed();
  }
  let pi: Stripe.PaymentIntent;
  try {
    pi = await stripe.paymentIntents.create(
      {
        amount: amountToPay(row),
        currency: row.currency.toLowerCase(),
        customer: card.customer,
        payment_method: card.id,
        capture_method: 'manual',
        confirm: true,
        return_url: a.returnUrl,
        metadata: { invite_id: String(row.id), appointment_id: String(row.appointment_id) },
      },
      { idempotencyKey: `invite-${row.id}-${a.key}` },
    );
  } catch (e) {
    await releasePayment(db, row.id, null, a.key);
    if (e instanceof Stripe.errors.StripeCardError) throw declined(null, { code: e.code, decline_code: e.decline_code });
    throw e;
  }
  await recordPaymentIntent(db, row.id, a.key, pi.id);
  const settled = await settleInvite(db, stripe, { ...row, payment_intent_id: pi.id }, pi, a.now);
  return answerOf(settled.outcome, settled.pi, a);
}
