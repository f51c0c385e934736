import { z } from 'zod';
import type { Ctx, Route } from './context';
import { commitWithEvents, type EventDraft } from './events';
import { unixSeconds } from './ids';
import { applyMetadata } from './metadata';
import type { PaymentIntent, PiInternal, StoredPi } from './payment-intent-object';
import { loadPaymentIntent } from './payment-intent-store';
import { formInt, metadataParam, optText } from './params';
import { badParam, requireStatus, unexpectedState } from './stripe-error';
import { retrying, type Write } from './store';
import { parseParams } from './validation';

const capturePi = z.strictObject({
  amount_to_capture: formInt(1, 99_999_999).optional(),
  metadata: metadataParam,
  statement_descriptor: optText(22),
  statement_descriptor_suffix: optText(22),
});
const cancelPi = z.strictObject({
  cancellation_reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned']).optional(),
});

interface Change {
  pi: PaymentIntent;
  internal: PiInternal;
  events: EventDraft[];
  also?: Write[];
  error?: Error;
}

/**
 * Reads the intent, lets `decide` change a copy, commits it with its events (retrying a lost
 * race from a fresh read), then answers the intent — or the error of a failed confirmation,
 * which is only thrown once the failed state is saved.
 */
async function act(ctx: Ctx, decide: (stored: StoredPi) => Promise<Change>): Promise<object> {
  const change = await retrying(async () => {
    const stored = await loadPaymentIntent(ctx.db, ctx.now, ctx.params.id ?? '');
    const c = await decide(stored);
    const writes: Write[] = [
      { table: 'stripe_payment_intents', object: c.pi, internal: c.internal, expected: stored.revision },
      ...(c.also ?? []),
    ];
    return (await commitWithEvents(ctx.db, writes, c.events, ctx)) ? c : undefined;
  });
  if (change.error) throw change.error;
  return change.pi;
}

const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];

async function capture(ctx: Ctx): Promise<object> {
  const p = parseParams(capturePi, ctx.input);
  return act(ctx, async ({ object, internal }) => {
    const pi = structuredClone(object);
    if (pi.status !== 'requires_capture') {
      throw unexpectedState(
        'payment_intent',
        `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        pi,
      );
    }
    const amount = p.amount_to_capture ?? pi.amount_capturable;
    if (amount > pi.amount_capturable) {
      throw badParam(
        `The amount to capture (${amount}) must be less than or equal to the amount capturable (${pi.amount_capturable}).`,
        'amount_to_capture',
        'amount_too_large',
      );
    }
    pi.status = 'succeeded';
    pi.amount_received = amount; // the rest of the hold is released
    pi.amount_capturable = 0;
    pi.metadata = applyMetadata(pi.metadata, p.metadata);
    if (p.statement_descriptor !== undefined) pi.statement_descriptor = p.statement_descriptor;
    if (p.statement_descriptor_suffix !== undefined) pi.statement_descriptor_suffix = p.statement_descriptor_suffix;
    const next = { ...internal };
    delete next.captureBefore;
    return { pi, internal: next, events: [{ type: 'payment_intent.succeeded', object: pi }] };
  });
}

async function cancel(ctx: Ctx): Promise<object> {
  const p = parseParams(cancelPi, ctx.input);
  return act(ctx, async ({ object, internal }) => {
    const pi = structuredClone(object);
    requireStatus('payment_intent', pi, CANCELABLE, 'cancel', 'canceled');
    pi.status = 'canceled';
    pi.canceled_at = unixSeconds(ctx.now);
    pi.cancellation_reason = p.cancellation_reason ?? null;
    pi.amount_capturable = 0; // a hold is released
    pi.next_action = null;
    const next = { ...internal };
    delete next.captureBefore;
    return { pi, internal: next, events: [{ type: 'payment_intent.canceled', object: pi }] };
  });
}

export const paymentIntentActions: Route[] = [
  { method: 'POST', path: '/v1/payment_intents/:id/capture', handler: capture },
  { method: 'POST', path: '/v1/payment_intents/:id/cancel', handler: cancel },
];
