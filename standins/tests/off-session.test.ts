import { createExecutionContext, env } from 'cloudflare:test';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import app from '../src/index';
import { LOCAL_STRIPE } from '../src/payments';

/**
 * Charging a saved card with the cardholder away (a no-show fee): PaymentIntents created with
 * off_session=true and confirm=true, answered as Stripe answers them (docs/payments.md,
 * "Stripe's test cards"): success, a decline, or a card_error
 * authentication_required with the intent back in requires_payment_method, which the client
 * later confirms on-session (POST /v1/payment_intents/:id/confirm) through 3-D Secure.
 */
const STANDINS = 'http://127.0.0.1:8788';
const RETURN_URL = 'http://127.0.0.1:8787/no-show/return';
const standIns = (input: RequestInfo | URL, init?: RequestInit) =>
  Promise.resolve(app.fetch(new Request(input, init), env, createExecutionContext()));
const client = (key: string) =>
  new Stripe(key, {
    httpClient: Stripe.createFetchHttpClient(async (input, init) => standIns(input, init)),
    host: '127.0.0.1',
    port: 8788,
    protocol: 'http',
    telemetry: false,
    maxNetworkRetries: 0,
  });
const stripe = client(LOCAL_STRIPE.secretKey);
const browser = client(LOCAL_STRIPE.publishableKey);
const EXP_YEAR = new Date().getUTCFullYear() + 2;

/** A customer with a card saved for off-session use (a succeeded setup intent, authenticated when the card asks). */
async function savedCard(number: string) {
  const customer = await stripe.customers.create({ metadata: { client_id: 'robin' } });
  const pm = await browser.paymentMethods.create({ type: 'card', card: { number, exp_month: 12, exp_year: EXP_YEAR, cvc: '123' } });
  const si = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
  let confirmed = await browser.setupIntents.confirm(si.id, {
    client_secret: si.client_secret!,
    payment_method: pm.id,
    return_url: RETURN_URL,
  } as Stripe.SetupIntentConfirmParams);
  if (confirmed.status === 'requires_action') {
    await completeChallenge(confirmed.next_action!.redirect_to_url!.url!);
    confirmed = await stripe.setupIntents.retrieve(si.id);
  }
  expect(confirmed.status).toBe('succeeded');
  return { customer: customer.id, pm: confirmed.payment_method as string };
}

async function completeChallenge(nextActionUrl: string) {
  const url = new URL(nextActionUrl);
  const form = new URLSearchParams({ result: 'complete', client_secret: url.searchParams.get('client_secret') ?? '' });
  const ret = url.searchParams.get('return_url');
  if (ret) form.set('return_url', ret);
  const res = await standIns(`${url.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url.origin },
    body: form.toString(),
  });
  expect(res.status).toBe(303);
}

const offSession = (card: { customer: string; pm: string }, key: string) =>
  stripe.paymentIntents.create(
    {
      amount: 2000,
      currency: 'gbp',
      customer: card.customer,
      payment_method: card.pm,
      off_session: true,
      confirm: true,
      capture_method: 'manual',
      metadata: { no_show_for: '1' },
    },
    { idempotencyKey: key },
  );

describe('off-session payments', () => {
  it('charges a saved 4242 card at once', async () => {
    const pi = await offSession(await savedCard('4242424242424242'), crypto.randomUUID());
    expect(pi).toMatchObject({ status: 'requires_capture', amount_capturable: 2000 });
    expect((await stripe.paymentIntents.capture(pi.id)).status).toBe('succeeded');
  });

  it('a card set up with authentication (3155) is charged off-session without it', async () => {
    const pi = await offSession(await savedCard('4000002500003155'), crypto.randomUUID());
    expect(pi.status).toBe('requires_capture');
  });

  it('3184 answers authentication_required; the client then confirms on-session through 3-D Secure', async () => {
    const card = await savedCard('4000002760003184');
    const err = (await offSession(card, crypto.randomUUID()).catch((e: unknown) => e)) as Stripe.errors.StripeCardError;
    expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(err.statusCode).toBe(402);
    expect(err.code).toBe('authentication_required');
    expect(err.decline_code).toBe('authentication_required');
    expect(err.message).toBe('Your card was declined. This transaction requires authentication.');
    const pi = err.payment_intent!;
    expect(pi.status).toBe('requires_payment_method');
    expect(pi.last_payment_error).toMatchObject({ code: 'authentication_required', type: 'card_error' });
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_payment_method');

    const again = await stripe.paymentIntents.confirm(pi.id, { payment_method: card.pm, return_url: RETURN_URL });
    expect(again.status).toBe('requires_action');
    await completeChallenge(again.next_action!.redirect_to_url!.url!);
    expect(await stripe.paymentIntents.retrieve(pi.id)).toMatchObject({ status: 'requires_capture', amount_capturable: 2000 });
  });

  it('declines off-session as on-session: insufficient funds, a card whose every charge fails', async () => {
    for (const [number, decline] of [
      ['4000000000009995', 'insufficient_funds'],
      ['4000000000000341', 'generic_decline'],
    ] as const) {
      const card =
        number === '4000000000009995'
          ? { customer: (await stripe.customers.create({})).id, pm: 'pm_card_visa_chargeDeclinedInsufficientFunds' }
          : await savedCard(number);
      const err = (await offSession(card, crypto.randomUUID()).catch((e: unknown) => e)) as Stripe.errors.StripeCardError;
      expect(err.code).toBe('card_declined');
      expect(err.decline_code).toBe(decline);
      expect(err.payment_intent?.status).toBe('requires_payment_method');
    }
  });

  it('one idempotency key is one payment, even sent ten times at once', async () => {
    const card = await savedCard('4242424242424242');
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => offSession(card, key).catch((e: unknown) => e)));
    const ids = new Set(answers.filter((a): a is Stripe.PaymentIntent => !(a instanceof Error)).map((a) => a.id));
    expect(ids.size).toBe(1);
    const list = await stripe.paymentIntents.list({ customer: card.customer });
    expect(list.data).toHaveLength(1);
  });

  it('off_session needs confirm=true, and takes true, one_off or recurring only', async () => {
    const card = await savedCard('4242424242424242');
    const post = (body: string) =>
      standIns(`${STANDINS}/v1/payment_intents`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${LOCAL_STRIPE.secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      });
    const unconfirmed = await post(`amount=2000&currency=gbp&customer=${card.customer}&payment_method=${card.pm}&off_session=true`);
    expect(unconfirmed.status).toBe(400);
    expect(((await unconfirmed.json()) as { error: { param: string } }).error.param).toBe('off_session');
    const bad = await post(`amount=2000&currency=gbp&customer=${card.customer}&payment_method=${card.pm}&off_session=maybe&confirm=true`);
    expect(bad.status).toBe(400);
    const oneOff = await post(
      `amount=2000&currency=gbp&customer=${card.customer}&payment_method=${card.pm}&off_session=one_off&confirm=true`,
    );
    expect(((await oneOff.json()) as { status: string }).status).toBe('succeeded');
  });
});
