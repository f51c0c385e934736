import { StripeError, type StripeClient } from './stripe-api';
import { settleDepositOutcome } from '../db/appointment-changes';
import { AppError } from '../errors';
import { captureOnce, refundOf } from './flow';

interface CancelledDeposit {
  id: number;
  payment_status: string | null;
  payment_intent_id: string | null;
}

const stateOf = (e: unknown) => (e instanceof StripeError ? e.code : undefined);

/**
 * Gives a captured deposit back once: the key makes a repeat (a retry, a race) the same refund.
 * The keys name the payment intent, not the appointment: StripeClient keeps keys across the account, and
 * past one database two salons' appointments can have the same id. A salon's deposit comes back
 * from its connected account, with the platform's fee (payments/flow.ts refundOf).
 */
async function refund(stripe: StripeClient, pi: string): Promise<void> {
  try {
    await stripe.refunds.create(refundOf(await stripe.paymentIntents.retrieve(pi)), { idempotencyKey: `cancel-refund-${pi}` });
  } catch (e) {
    if (stateOf(e) !== 'charge_already_refunded') throw e;
  }
}

/** Lets an authorised, uncaptured deposit go; one captured meanwhile is refunded instead. */
async function release(stripe: StripeClient, pi: string): Promise<void> {
  try {
    await stripe.paymentIntents.cancel(pi, {}, { idempotencyKey: `cancel-release-${pi}` });
  } catch (e) {
    if (stateOf(e) !== 'payment_intent_unexpected_state') throw e;
    const now = await stripe.paymentIntents.retrieve(pi);
    if (now.status === 'succeeded') await refund(stripe, pi);
    else if (now.status !== 'canceled') throw e;
  }
}

/**
 * Carries out what a cancellation decided for the deposit ('refund_due', 'release_due',
 * 'keep_due', recorded in the cancellation's batch) and records the outcome. When the payment
 * provider fails, the due state stays, so cancelling again finishes it (and the idempotency keys
 * make sure the money moves once): 502 with a clear message meanwhile.
 */
export async function settleCancelledDeposit(db: D1Database, stripe: StripeClient, a: CancelledDeposit): Promise<void> {
  const pi = a.payment_intent_id;
  const due = a.payment_status;
  if (!pi || (due !== 'refund_due' && due !== 'release_due' && due !== 'keep_due')) return;
  try {
    if (due === 'refund_due') await refund(stripe, pi);
    else if (due === 'release_due') await release(stripe, pi);
    else await captureOnce(stripe, await stripe.paymentIntents.retrieve(pi));
  } catch (e) {
    console.error(`deposit of cancelled appointment ${a.id} not settled:`, e instanceof Error ? e.message : 'unknown error');
    throw new AppError(
      'BAD_GATEWAY',
      'Your appointment is cancelled, but your deposit could not be refunded just now. Please try cancelling again in a few minutes.',
      undefined,
      'DEPOSIT_REFUND_FAILED',
    );
  }
  await settleDepositOutcome(db, a.id, due, due === 'refund_due' ? 'refunded' : due === 'release_due' ? 'released' : 'kept');
}
