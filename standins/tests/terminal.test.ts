import { createExecutionContext, env } from 'cloudflare:test';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import app from '../src/index';
import { stripeError } from './stripe-errors';
import { LOCAL_STRIPE } from '../src/payments';

// Stripe Terminal, server-driven (standins/src/payments/terminal.ts), through the official SDK's
// own terminal and test-helper resources, as a desk's reader is driven.
const stripe = new Stripe(LOCAL_STRIPE.secretKey, {
  httpClient: Stripe.createFetchHttpClient(async (input, init) => app.fetch(new Request(input, init), env, createExecutionContext())),
  host: '127.0.0.1',
  port: 8788,
  protocol: 'http',
  telemetry: false,
  maxNetworkRetries: 0,
});

async function reader() {
  const location = await stripe.terminal.locations.create({
    display_name: 'Willow, High Street',
    address: { line1: '1 High Street', city: 'London', postal_code: 'N1 1AA', country: 'GB' },
  });
  return stripe.terminal.readers.create({ registration_code: 'simulated-wpe', location: location.id, label: 'Front desk' });
}

const readerPi = (amount: number) =>
  stripe.paymentIntents.create({
    amount,
    currency: 'gbp',
    allowed_payment_method_types: ['card_present'],
    capture_method: 'manual',
    metadata: { sale_payment_id: '7' },
  });

async function eventsOf(objectId: string) {
  const { results } = await env.DB.prepare('SELECT type, payload FROM stripe_events WHERE object_id = ? ORDER BY rowid')
    .bind(objectId)
    .all<{ type: string; payload: string }>();
  return results.map((r) => ({
    type: r.type,
    object: (JSON.parse(r.payload) as { data: { object: Stripe.Terminal.Reader } }).data.object,
  }));
}

describe('Stripe Terminal', () => {
  it('registers a simulated reader by its code to a location; another code is refused', async () => {
    const r = await reader();
    expect(r).toMatchObject({
      object: 'terminal.reader',
      device_type: 'simulated_wisepos_e',
      label: 'Front desk',
      status: 'online',
      action: null,
    });
    expect(r.id).toMatch(/^tmr_/);
    expect(await stripe.terminal.readers.retrieve(r.id)).toMatchObject({ id: r.id, location: r.location });
    const location = r.location as string;
    const bad = await stripeError(stripe.terminal.readers.create({ registration_code: 'purple-cat-tree', location }));
    expect(bad).toMatchObject({ type: 'StripeInvalidRequestError', param: 'registration_code' });
    const noPlace = await stripeError(stripe.terminal.readers.create({ registration_code: 'simulated-wpe', location: 'tml_nope' }));
    expect(noPlace).toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing', param: 'location' });
  });

  it('takes a payment: process_payment_intent, a card presented, the action succeeded by event', async () => {
    const r = await reader();
    const pi = await readerPi(4500);
    expect(pi.payment_method_types).toEqual(['card_present']);
    const waiting = await stripe.terminal.readers.processPaymentIntent(r.id, { payment_intent: pi.id });
    expect(waiting.action).toMatchObject({
      type: 'process_payment_intent',
      status: 'in_progress',
      process_payment_intent: { payment_intent: pi.id },
    });
    // a second payment while it waits: the reader is busy
    const other = await readerPi(100);
    expect(await stripeError(stripe.terminal.readers.processPaymentIntent(r.id, { payment_intent: other.id }))).toMatchObject({
      code: 'terminal_reader_busy',
    });
    const done = await stripe.testHelpers.terminal.readers.presentPaymentMethod(r.id);
    expect(done.action).toMatchObject({ status: 'succeeded', failure_code: null });
    expect(await stripe.paymentIntents.retrieve(pi.id)).toMatchObject({ status: 'requires_capture', amount_capturable: 4500 });
    expect((await eventsOf(r.id)).map((e) => [e.type, e.object.action?.status])).toEqual([
      ['terminal.reader.action_succeeded', 'succeeded'],
    ]);
    expect((await stripe.paymentIntents.capture(pi.id)).status).toBe('succeeded');
  });

  it('a declined card fails the action with the card code; the intent waits for another card', async () => {
    const r = await reader();
    const pi = await readerPi(2000);
    await stripe.terminal.readers.processPaymentIntent(r.id, { payment_intent: pi.id });
    const failed = await stripe.testHelpers.terminal.readers.presentPaymentMethod(r.id, { card_present: { number: '4000000000000002' } });
    expect(failed.action).toMatchObject({ status: 'failed', failure_code: 'card_declined' });
    expect(await stripe.paymentIntents.retrieve(pi.id)).toMatchObject({ status: 'requires_payment_method' });
    expect((await eventsOf(r.id)).map((e) => e.type)).toEqual(['terminal.reader.action_failed']);
    // a new try on the same reader and intent
    await stripe.terminal.readers.processPaymentIntent(r.id, { payment_intent: pi.id });
    expect((await stripe.testHelpers.terminal.readers.presentPaymentMethod(r.id)).action?.status).toBe('succeeded');
  });

  it('refuses a card intent on a reader, a presentment with nothing waiting, and cancels a waiting action', async () => {
    const r = await reader();
    const card = await stripe.paymentIntents.create({ amount: 1000, currency: 'gbp' });
    expect(await stripeError(stripe.terminal.readers.processPaymentIntent(r.id, { payment_intent: card.id }))).toMatchObject({
      param: 'payment_intent',
    });
    expect(await stripeError(stripe.testHelpers.terminal.readers.presentPaymentMethod(r.id))).toMatchObject({
      code: 'terminal_reader_action_unexpected_state',
    });
    const pi = await readerPi(1000);
    await stripe.terminal.readers.processPaymentIntent(r.id, { payment_intent: pi.id });
    expect(await stripe.terminal.readers.cancelAction(r.id)).toMatchObject({ action: null });
    expect(await stripeError(stripe.terminal.readers.retrieve('tmr_nope'))).toMatchObject({ statusCode: 404 });
  });
});
