import type { StripeClient } from '../payments/stripe-api';
import type { InviteProcessed } from '../../shared/invites';
import { claimPayment, inviteOfClient, type InviteRow } from '../db/invites';
import { AppError } from '../errors';
import { savedCard } from '../payments/cards';
import { payeeOf } from '../payments/connect';
import { authorise, declinedError, settle, type Settled } from '../payments/flow';
import { cardMissing, inviteClosed } from './errors';
import { invitePayment } from './invite-payment';

/** A payment attempt that holds an invite this long without finishing no longer blocks another. */
const CLAIM_TTL_MS = 2 * 60_000;

export interface PayAsked {
  row: InviteRow;
  clientId: string;
  /** the request's Idempotency-Key */
  key: string;
  returnUrl: string;
  publishableKey: string;
  /** the platform's fee, per cent (config) */
  feePercent: number;
  now: number;
}

function answerOf({ outcome, pi }: Settled, a: PayAsked): InviteProcessed {
  if (outcome === 'paid') return { r_status: 'accepted', invite_status: 'accepted', pi: pi.id, pi_status: pi.status };
  if (outcome === 'closed') throw inviteClosed();
  if (outcome === 'failed') throw declinedError(pi.last_payment_error);
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
export async function payInvite(db: D1Database, stripe: StripeClient, a: PayAsked): Promise<InviteProcessed> {
  const { row } = a;
  if (row.payment_intent_id) {
    const settled = await settle(stripe, invitePayment(db, row, a.now), await stripe.paymentIntents.retrieve(row.payment_intent_id));
    if (settled.outcome !== 'failed') return answerOf(settled, a);
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
  const settled = await authorise(stripe, invitePayment(db, row, a.now, a.key), {
    customer: card.customer,
    paymentMethod: card.id,
    returnUrl: a.returnUrl,
    idempotencyKey: `invite-${row.id}-${a.key}`,
    payee: await payeeOf(db, row.salon_id, a.feePercent),
  });
  return answerOf(settled, a);
}
