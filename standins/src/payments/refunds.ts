import * as z from 'zod';
import type { Ctx, Route } from './context';
import { commitWithEvents } from './events';
import { newId, unixSeconds } from './ids';
import type { Metadata } from './metadata';
import type { PaymentIntent } from './intent-objects';
import { loadIntent } from './intents';
import { formBool, formInt, idParam, listParams } from './params';
import { invalidRequest } from './stripe-error';
import { listObjects, retrying } from './store';
import { parseParams } from './validation';

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: null;
  charge: string;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: 'succeeded';
  /** the reversal of a destination charge's transfer (reverse_transfer=true) */
  transfer_reversal: string | null;
}

const createRefund = z.strictObject({
  payment_intent: idParam,
  /** a part of what is left (minor units); all of it when absent */
  amount: formInt(1).optional(),
  /** Connect: a destination charge's transfer is taken back from the connected account too */
  reverse_transfer: formBool.optional(),
  /** Connect: the platform's application fee is given back too (recorded on the intent's sandbox state) */
  refund_application_fee: formBool.optional(),
});
const listRefunds = z.strictObject({ ...listParams, payment_intent: idParam.optional() });

/** The stand-in's intents have no charge objects: the one charge of an intent is named after it. */
const chargeOf = (pi: PaymentIntent) => pi.latest_charge ?? `ch_${pi.id.slice('pi_'.length)}`;

/** The charge as charge.refunded carries it. */
const chargeObject = (pi: PaymentIntent, refunded: number, now: number) => ({
  id: chargeOf(pi),
  object: 'charge',
  amount: pi.amount_received,
  amount_captured: pi.amount_received,
  amount_refunded: refunded,
  captured: true,
  created: unixSeconds(now),
  currency: pi.currency,
  customer: pi.customer,
  metadata: pi.metadata,
  paid: true,
  payment_intent: pi.id,
  payment_method: pi.payment_method,
  refunded: refunded >= pi.amount_received,
  status: 'succeeded',
});

/**
 * POST /v1/refunds with a payment_intent, as the product refunds a cancelled deposit: gives back
 * what the intent captured. Nothing captured (not succeeded) or a charge already refunded answer
 * Stripe's invalid_request_error. The refund succeeds at once and records charge.refunded; the
 * intent's refunded total is written with it, atomically, so racing refunds never give back more
 * than was taken (and Idempotency-Key makes a repeat the same refund).
 */
async function create(ctx: Ctx): Promise<object> {
  const p = parseParams(createRefund, ctx.input);
  return retrying(async () => {
    const stored = await loadIntent(ctx.db, ctx.now, 'payment_intent', p.payment_intent, 'payment_intent', 400);
    const pi = stored.object;
    if (pi.status !== 'succeeded' || pi.amount_received <= 0) {
      throw invalidRequest(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, { param: 'payment_intent' });
    }
    const already = stored.internal.amountRefunded ?? 0;
    const left = pi.amount_received - already;
    if (left <= 0) throw invalidRequest(`Charge ${chargeOf(pi)} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = p.amount ?? left;
    if (amount > left)
      throw invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, {
        param: 'amount',
        code: 'amount_too_large',
      });
    const refund: Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: chargeOf(pi),
      created: unixSeconds(ctx.now),
      currency: pi.currency,
      metadata: {},
      payment_intent: pi.id,
      reason: null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: p.reverse_transfer && pi.transfer_data ? newId('trr') : null,
    };
    // the application fee is given back in proportion to the part refunded, as on Stripe
    const feeBefore = stored.internal.applicationFeeRefunded ?? 0;
    const refunded = already + amount;
    const feeRefunded =
      p.refund_application_fee && pi.application_fee_amount
        ? refunded === pi.amount_received
          ? pi.application_fee_amount
          : feeBefore + Math.round((pi.application_fee_amount * amount) / pi.amount_received)
        : feeBefore;
    const committed = await commitWithEvents(
      ctx.db,
      [
        {
          table: 'stripe_payment_intents',
          object: pi,
          internal: { ...stored.internal, amountRefunded: refunded, ...(feeRefunded ? { applicationFeeRefunded: feeRefunded } : {}) },
          expected: stored.revision,
        },
        { table: 'stripe_refunds', object: refund },
      ],
      [{ type: 'charge.refunded', object: chargeObject(pi, refunded, ctx.now) }],
      ctx,
    );
    return committed ? refund : undefined;
  });
}

export const refundRoutes: Route[] = [
  { method: 'POST', path: '/v1/refunds', handler: create },
  {
    method: 'GET',
    path: '/v1/refunds',
    handler: async (ctx) => {
      const p = parseParams(listRefunds, ctx.input);
      const filter = p.payment_intent ? { on: 'payment_intent' as const, value: p.payment_intent } : null;
      return listObjects(ctx.db, 'stripe_refunds', '/v1/refunds', filter, p.limit);
    },
  },
];
