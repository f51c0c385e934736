import type { StripeClient } from './stripe-api';
import { randomBase64url, salonToken, sha256Hex } from '../crypto';
import { CARD_MISSING, feeAccepted, feeRefused, recordFeeIntent, type NoShowFeeRow } from '../db/no-show-fees';
import { AppError } from '../errors';
import { savedCard } from './cards';
import { payeeOf } from './connect';
import { authorise, confirmWithClient, type PaymentTarget, type Settled } from './flow';

/** The metadata naming a no-show fee's appointment on its payment intent. */
export const NO_SHOW_KEY = 'no_show_for';

const MSG_NO_CARD = 'This client has no card on file, so the fee cannot be charged.';
const MSG_NOT_READY = 'This salon cannot take card payments yet (Get paid), so the fee cannot be charged.';

/**
 * A no-show fee as a payment target of the one payment flow (payments/flow.ts): taken when
 * authorised (then captured once), refused with the card's words, or waiting for the client when
 * the bank asks for authentication (`link`: the hash of the texted link's secret).
 */
export function noShowPayment(db: D1Database, fee: NoShowFeeRow, linkSha256: string | null = null): PaymentTarget {
  return {
    salonId: fee.salon_id,
    metadata: { [NO_SHOW_KEY]: String(fee.appointment_id) },
    amount: fee.amount,
    currency: fee.currency,
    tookAlready: (pi) => fee.status === 'paid' && fee.payment_intent_id === pi.id,
    recordIntent: (pi) => recordFeeIntent(db, fee.appointment_id, pi.id),
    accept: (pi) => feeAccepted(db, fee.appointment_id, pi),
    captured: async () => undefined,
    failed: (pi, declined) => {
      const action = declined?.code === 'authentication_required' && linkSha256 !== null;
      return feeRefused(db, fee.appointment_id, {
        status: action ? 'requires_action' : 'failed',
        paymentIntentId: declined?.paymentIntentId ?? pi,
        code: declined?.code ?? 'payment_failed',
        message: action
          ? 'The bank wants the client to approve this payment: they have been texted a link.'
          : (declined?.message ?? 'The payment failed.'),
        linkSha256: action ? linkSha256 : null,
      });
    },
  };
}

/**
 * Charges a claimed no-show fee to the client's saved card, off-session, through the one payment
 * flow. The idempotency key is the fee's and the attempt's, so a retried call is the same payment. Answers the secret of the link to text when the bank wants the client to authenticate.
 */
export async function chargeNoShowFee(
  db: D1Database,
  stripe: StripeClient,
  fee: NoShowFeeRow,
  feePercent: number,
): Promise<{ settled: Settled | null; linkSecret: string | null }> {
  const card = await savedCard(db, fee.client_id);
  if (!card) {
    await feeRefused(db, fee.appointment_id, { status: 'failed', paymentIntentId: null, code: CARD_MISSING, message: MSG_NO_CARD });
    return { settled: null, linkSecret: null };
  }
  const payee = await payeeOf(db, fee.salon_id, feePercent);
  if (!payee) {
    await feeRefused(db, fee.appointment_id, {
      status: 'failed',
      paymentIntentId: null,
      code: 'payments_not_ready',
      message: MSG_NOT_READY,
    });
    return { settled: null, linkSecret: null };
  }
  // the link names its salon, so the link's calls find the salon's database (crypto.ts salonToken)
  const linkSecret = salonToken(fee.salon_id, randomBase64url(24));
  const target = noShowPayment(db, fee, await sha256Hex(linkSecret));
  try {
    const settled = await authorise(stripe, target, {
      customer: card.customer,
      paymentMethod: card.id,
      // the fee's own: its salon and appointment (ids are per database), when it was first claimed, and which attempt
      idempotencyKey: `no-show-${fee.salon_id}-${fee.appointment_id}-${fee.created_at}-${fee.attempt}`,
      offSession: true,
      payee,
    });
    return { settled, linkSecret: null };
  } catch (e) {
    // the target recorded the refusal; a link goes out only when the bank asked for the client
    if (!(e instanceof AppError) || e.code !== 'PAYMENT_REQUIRED') throw e;
    return { settled: null, linkSecret: e.providerCode === 'authentication_required' ? linkSecret : null };
  }
}

/** The client opened the texted link: the fee's intent confirmed with them present (payments/flow.ts confirmWithClient). */
export async function confirmFeeWithClient(
  stripe: StripeClient,
  db: D1Database,
  fee: NoShowFeeRow,
  returnUrl: string,
): Promise<{ redirect: string | null; settled: Settled | null }> {
  const card = await savedCard(db, fee.client_id);
  if (!card || !fee.payment_intent_id) return { redirect: null, settled: null };
  return confirmWithClient(stripe, noShowPayment(db, fee), { paymentIntentId: fee.payment_intent_id, paymentMethod: card.id, returnUrl });
}
