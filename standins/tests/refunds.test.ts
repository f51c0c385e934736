import { createExecutionContext, env } from 'cloudflare:test';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import app from '../src/index';
import { stripeError } from './stripe-errors';
import { LOCAL_STRIPE } from '../src/payments';

// POST /v1/refunds and the refund of the demo client's deposit (standins/seed/demo_payments.sql),
// through the official SDK as the product calls them (see payments.test.ts for the rest).
const stripe = new Stripe(LOCAL_STRIPE.secretKey, {
  httpClient: Stripe.createFetchHttpClient(async (input, init) => app.fetch(new Request(input, init), env, createExecutionContext())),
  host: '127.0.0.1',
  port: 8788,
  protocol: 'http',
  telemetry: false,
  maxNetworkRetries: 0,
});

/** A deposit of `amount` held with manual capture, then captured (as the product takes deposits). */
async function paid(amount: number) {
  const pi = await stripe.paymentIntents.create({
    amount,
    currency: 'gbp',
    payment_method: 'pm_card_visa',
    capture_method: 'manual',
    confirm: true,
  });
  return stripe.paymentIntents.capture(pi.id);
}

async function events(objectId: string) {
  const { results } = await env.DB.prepare('SELECT type, payload FROM stripe_events WHERE object_id = ? ORDER BY rowid')
    .bind(objectId)
    .all<{ type: string; payload: string }>();
  return results.map((r) => ({
    type: r.type,
    object: (JSON.parse(r.payload) as { data: { object: Record<string, unknown> } }).data.object,
  }));
}

describe('refunds', () => {
  it('refunds what was captured, once; the refund records charge.refunded', async () => {
    const pi = await paid(2000);
    const refund = await stripe.refunds.create({ payment_intent: pi.id });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 2000,
      currency: 'gbp',
      payment_intent: pi.id,
      charge: pi.latest_charge,
      status: 'succeeded',
    });
    expect(refund.id).toMatch(/^re_[A-Za-z0-9]{24}$/);
    const again = await stripeError(stripe.refunds.create({ payment_intent: pi.id }));
    expect(again).toMatchObject({ type: 'StripeInvalidRequestError', code: 'charge_already_refunded' });
    const charge = await events(pi.latest_charge as string);
    expect(charge.map((e) => [e.type, e.object.amount_refunded, e.object.refunded])).toEqual([['charge.refunded', 2000, true]]);
    const listed = await stripe.refunds.list({ payment_intent: pi.id });
    expect(listed.data.map((r) => r.id)).toEqual([refund.id]);
    const over = await stripeError(stripe.refunds.create({ payment_intent: pi.id, amount: 500 }));
    expect(over).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
  });

  it('refunds a part, then the rest; never more than was captured', async () => {
    const pi = await paid(3000);
    expect(await stripe.refunds.create({ payment_intent: pi.id, amount: 1200 })).toMatchObject({ amount: 1200, status: 'succeeded' });
    const tooMuch = await stripeError(stripe.refunds.create({ payment_intent: pi.id, amount: 1900 }));
    expect(tooMuch).toMatchObject({ statusCode: 400, param: 'amount' });
    expect(await stripe.refunds.create({ payment_intent: pi.id })).toMatchObject({ amount: 1800 });
    const charge = await events(pi.latest_charge as string);
    expect(charge.map((e) => [e.object.amount_refunded, e.object.refunded])).toEqual([
      [1200, false],
      [3000, true],
    ]);
  });

  it('the same Idempotency-Key is the same refund, never a second one', async () => {
    const pi = await paid(1300);
    const [a, b] = [
      await stripe.refunds.create({ payment_intent: pi.id }, { idempotencyKey: `cancel-refund-${pi.id}` }),
      await stripe.refunds.create({ payment_intent: pi.id }, { idempotencyKey: `cancel-refund-${pi.id}` }),
    ];
    expect(b.id).toBe(a.id);
    expect((await stripe.refunds.list({ payment_intent: pi.id })).data).toHaveLength(1);
  });

  it('two refunds racing for the whole amount: one succeeds, the other is refused', async () => {
    const pi = await paid(1000);
    const results = await Promise.allSettled([
      stripe.refunds.create({ payment_intent: pi.id }),
      stripe.refunds.create({ payment_intent: pi.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await stripe.refunds.list({ payment_intent: pi.id })).data.map((r) => r.amount)).toEqual([1000]);
  });

  it('refuses an intent with nothing captured, an unknown intent, and no intent', async () => {
    const held = await stripe.paymentIntents.create({
      amount: 700,
      currency: 'gbp',
      payment_method: 'pm_card_visa',
      capture_method: 'manual',
      confirm: true,
    });
    expect(await stripeError(stripe.refunds.create({ payment_intent: held.id }))).toMatchObject({
      statusCode: 400,
      message: `This PaymentIntent (${held.id}) does not have a successful charge to refund.`,
    });
    // an authorisation is released by cancelling it instead
    expect(await stripe.paymentIntents.cancel(held.id)).toMatchObject({ status: 'canceled', amount_capturable: 0 });
    expect(await stripeError(stripe.refunds.create({ payment_intent: 'pi_Nothing000000000000000000' }))).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'payment_intent',
    });
    expect(await stripeError(stripe.refunds.create({} as Stripe.RefundCreateParams))).toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
    });
  });

  it("refunds the demo client's seeded deposit offline", async () => {
    const pi = await stripe.paymentIntents.retrieve('pi_DemoJamieRiversDeposit01');
    expect(pi).toMatchObject({ status: 'succeeded', amount_received: 1300, currency: 'gbp' });
    const refund = await stripe.refunds.create({ payment_intent: pi.id }, { idempotencyKey: 'cancel-refund-demo' });
    expect(refund).toMatchObject({ amount: 1300, status: 'succeeded' });
  });
});
