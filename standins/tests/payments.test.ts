import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCallsTo } from './outbound';
import app from '../src/index';
import { stripeError } from './stripe-errors';
import {
  deliverWebhooks,
  LOCAL_STRIPE,
  markDelivered,
  pendingWebhooks,
  signWebhook,
  webhookEvents,
  webhookRequestInit,
} from '../src/payments';
import { parseForm } from '../src/payments/form';
import { returnTarget } from '../src/payments/three-d-secure';

// ---- helpers --------------------------------------------------------------------------------

type Bindings = typeof env;

/** Where the product's STRIPE_API_BASE names the stand-ins Worker in development (scripts/lib.mjs). */
const STANDINS = 'http://127.0.0.1:8788';
/** The product's own origin: return URLs lead back there, another origin than the 3-D Secure page's. */
const PRODUCT = 'http://127.0.0.1:8787';

/**
 * One HTTP request to the whole stand-ins Worker, with an ExecutionContext of its own (the Worker
 * delivers webhooks in waitUntil after /v1 and /3ds POSTs). Returns the context too, to wait on.
 */
function standInsCall(input: RequestInfo | URL, init?: RequestInit, bindings: Bindings = env) {
  const ctx = createExecutionContext();
  return { ctx, response: Promise.resolve(app.fetch(new Request(input, init), bindings, ctx)) };
}
const standIns = (input: RequestInfo | URL, init?: RequestInit, bindings: Bindings = env) => standInsCall(input, init, bindings).response;

/**
 * The official SDK configured as the product configures it for the stand-ins
 * (worker/payments/stripe.ts: the fetch client, host/port/protocol from STRIPE_API_BASE), its
 * requests answered by the stand-ins Worker in-process.
 */
const clientWithKey = (key: string, bindings: Bindings = env) =>
  new Stripe(key, {
    httpClient: Stripe.createFetchHttpClient(async (input, init) => standIns(input, init, bindings)),
    host: new URL(STANDINS).hostname,
    port: Number(new URL(STANDINS).port),
    protocol: 'http',
    telemetry: false,
    maxNetworkRetries: 0,
  });
/** The product's client (secret key). */
const stripe = clientWithKey(LOCAL_STRIPE.secretKey);
/** Stripe.js in the browser (publishable key). */
const browser = clientWithKey(LOCAL_STRIPE.publishableKey);

const EXP_YEAR = new Date().getUTCFullYear() + 2;
const RETURN_URL = `${PRODUCT}/booking/deposit/return`;

/** A payment method from a card number, created with the publishable key as the browser does. */
const cardPm = (number: string, cvc = '123') =>
  browser.paymentMethods.create({ type: 'card', card: { number, exp_month: 12, exp_year: EXP_YEAR, cvc } });

/** The browser confirms a setup intent as Stripe.js does: the publishable key and the intent's client secret. */
const confirmSetup = (si: Stripe.SetupIntent, paymentMethod: string, returnUrl?: string) =>
  browser.setupIntents.confirm(si.id, {
    client_secret: si.client_secret!,
    payment_method: paymentMethod,
    ...(returnUrl ? { return_url: returnUrl } : {}),
  } as Stripe.SetupIntentConfirmParams);

const newCustomer = () => stripe.customers.create({ metadata: { client_id: 'robin' } });

/** The events recorded for an object, oldest first. */
async function eventTypes(objectId: string): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT type FROM stripe_events WHERE object_id = ? ORDER BY rowid')
    .bind(objectId)
    .all<{ type: string }>();
  return results.map((r) => r.type);
}

/** POSTs the 3-D Secure page's form as the cardholder's browser does (from the page's own origin). */
function answerPage(url: URL, form: URLSearchParams, bindings: Bindings = env) {
  return standInsCall(
    `${url.origin}${url.pathname}`,
    { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url.origin }, body: form.toString() },
    bindings,
  );
}

/** Answers the 3-D Secure page the way a cardholder's browser does: GET the page, POST a button. */
async function authenticate(nextActionUrl: string, result: 'complete' | 'fail') {
  const url = new URL(nextActionUrl);
  const page = await standIns(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Complete authentication');
  const form = new URLSearchParams({ result, client_secret: url.searchParams.get('client_secret') ?? '' });
  const returnUrl = url.searchParams.get('return_url');
  if (returnUrl) {
    form.set('return_url', returnUrl);
    // the form's redirect goes to the return origin: the page's CSP allows that one origin
    expect(page.headers.get('Content-Security-Policy')).toContain(`form-action 'self' ${new URL(returnUrl, url).origin}`);
  }
  return answerPage(url, form).response;
}

/** A raw HTTP call to the stand-ins' Stripe API (curl-like). */
const http = (path: string, init: RequestInit & { key?: string } = {}, bindings: Bindings = env) =>
  standIns(
    `${STANDINS}${path}`,
    {
      ...init,
      headers: {
        Authorization: `Bearer ${init.key ?? LOCAL_STRIPE.secretKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(init.headers as Record<string, string> | undefined),
      },
    },
    bindings,
  );

interface ErrorBody {
  error: { type: string; code?: string; message: string; param?: string; decline_code?: string };
}

// ---- customers, payment methods, setup intents ------------------------------------------------

describe('customers and saved cards', () => {
  it('creates a customer and saves a 4242 card with a setup intent', async () => {
    const customer = await newCustomer();
    expect(customer).toMatchObject({ object: 'customer', livemode: false, email: null, metadata: { client_id: 'robin' } });
    expect(customer.id).toMatch(/^cus_[A-Za-z0-9]{24}$/);

    const pm = await cardPm('4242424242424242');
    expect(pm).toMatchObject({ object: 'payment_method', type: 'card', customer: null });
    expect(pm.id).toMatch(/^pm_/);
    expect(pm.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: EXP_YEAR, funding: 'credit' });
    expect(pm.card?.fingerprint).toMatch(/^[A-Za-z0-9]{16}$/);

    // as the product creates it (worker/payments/cards.ts) and the browser confirms it
    const si = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session', metadata: { client_id: 'robin' } });
    expect(si).toMatchObject({ object: 'setup_intent', status: 'requires_payment_method', usage: 'off_session', customer: customer.id });
    expect(si.client_secret).toMatch(new RegExp(`^${si.id}_secret_`));

    const confirmed = await confirmSetup(si, pm.id);
    expect(confirmed.status).toBe('succeeded');
    expect(await stripe.setupIntents.retrieve(si.id)).toMatchObject({ status: 'succeeded', payment_method: pm.id });
    expect(confirmed.payment_method).toBe(pm.id);
    expect((await stripe.paymentMethods.retrieve(pm.id)).customer).toBe(customer.id);
    expect(await eventTypes(si.id)).toEqual(['setup_intent.succeeded']);
  });

  it('detaches a saved card, which cannot be used again', async () => {
    const { customer, pm } = await savedCard();
    expect((await stripe.paymentMethods.detach(pm.id)).customer).toBeNull();
    expect((await stripe.paymentMethods.retrieve(pm.id)).customer).toBeNull();
    const again = await stripeError(
      stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', customer: customer.id, payment_method: pm.id, confirm: true }),
    );
    expect(again).toMatchObject({ type: 'StripeInvalidRequestError', param: 'payment_method' });
    expect(await stripeError(stripe.paymentMethods.detach(pm.id))).toMatchObject({ statusCode: 400, param: 'payment_method' });
  });

  it('sets up 0341, whose every charge then fails', async () => {
    const { customer, pm, si } = await savedCard('4000000000000341');
    expect(si.status).toBe('succeeded');
    const charge = await stripeError(
      stripe.paymentIntents.create({ amount: 2000, currency: 'gbp', customer: customer.id, payment_method: pm.id, confirm: true }),
    );
    expect(charge).toMatchObject({ type: 'StripeCardError', code: 'card_declined', decline_code: 'generic_decline' });
  });
});

// ---- payment intents ----------------------------------------------------------------------------

/** A customer with a saved (set up) card. */
async function savedCard(number = '4242424242424242') {
  const customer = await newCustomer();
  const pm = await cardPm(number);
  const si = await confirmSetup(await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' }), pm.id);
  return { customer, pm, si };
}

describe('payment intents', () => {
  it('holds with manual capture, captures once, and refuses a second capture', async () => {
    const { customer, pm } = await savedCard();
    const pi = await stripe.paymentIntents.create({
      amount: 2500,
      currency: 'gbp',
      customer: customer.id,
      payment_method: pm.id,
      capture_method: 'manual',
      confirm: true,
      metadata: { appointment: '42' },
    });
    expect(pi).toMatchObject({ object: 'payment_intent', status: 'requires_capture', amount_capturable: 2500, amount_received: 0 });
    expect(pi.latest_charge).toMatch(/^ch_/);
    expect(pi.metadata).toEqual({ appointment: '42' });

    const captured = await stripe.paymentIntents.capture(pi.id);
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 2500, amount_capturable: 0 });

    const twice = await stripeError(stripe.paymentIntents.capture(pi.id));
    expect(twice).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'payment_intent_unexpected_state' });
    expect(twice.payment_intent?.status).toBe('succeeded');
    expect(await eventTypes(pi.id)).toEqual(['payment_intent.amount_capturable_updated', 'payment_intent.succeeded']);
  });

  it('an automatic capture succeeds at once; a capture takes the whole hold', async () => {
    const { customer, pm } = await savedCard();
    const base = { currency: 'eur', customer: customer.id, payment_method: pm.id, confirm: true };
    const held = await stripe.paymentIntents.create({ ...base, amount: 5000, capture_method: 'manual' });
    const part = await stripeError(stripe.paymentIntents.capture(held.id, { amount_to_capture: 1500 }));
    expect(part).toMatchObject({ code: 'parameter_unknown', param: 'amount_to_capture' });
    expect(await stripe.paymentIntents.capture(held.id)).toMatchObject({ status: 'succeeded', amount_received: 5000 });
    const automatic = await stripe.paymentIntents.create({ ...base, amount: 1200 });
    expect(automatic).toMatchObject({ status: 'succeeded', amount_received: 1200, capture_method: 'automatic' });
  });

  it('cancelling a held payment releases it', async () => {
    const { customer, pm } = await savedCard();
    const pi = await stripe.paymentIntents.create({
      amount: 900,
      currency: 'gbp',
      customer: customer.id,
      payment_method: pm.id,
      capture_method: 'manual',
      confirm: true,
    });
    const canceled = await stripe.paymentIntents.cancel(pi.id);
    expect(canceled).toMatchObject({ status: 'canceled', amount_capturable: 0, amount_received: 0, cancellation_reason: null });
    expect(canceled.canceled_at).toBeTypeOf('number');
    expect(await stripeError(stripe.paymentIntents.capture(pi.id))).toMatchObject({ code: 'payment_intent_unexpected_state' });
    expect(await stripeError(stripe.paymentIntents.cancel(pi.id))).toMatchObject({ code: 'payment_intent_unexpected_state' });
    expect(await eventTypes(pi.id)).toEqual(['payment_intent.amount_capturable_updated', 'payment_intent.canceled']);
  });

  it('cancels an authorisation left uncaptured for 7 days', async () => {
    const { customer, pm } = await savedCard();
    const pi = await stripe.paymentIntents.create({
      amount: 900,
      currency: 'gbp',
      customer: customer.id,
      payment_method: pm.id,
      capture_method: 'manual',
      confirm: true,
    });
    await env.DB.prepare("UPDATE stripe_payment_intents SET internal = json_set(internal, '$.captureBefore', 1000) WHERE id = ?")
      .bind(pi.id)
      .run();
    expect(await stripe.paymentIntents.retrieve(pi.id)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'automatic',
      amount_capturable: 0,
    });
    expect(await eventTypes(pi.id)).toContain('payment_intent.canceled');
  });

  it('captures once when two captures race', async () => {
    const { customer, pm } = await savedCard();
    const pi = await stripe.paymentIntents.create({
      amount: 700,
      currency: 'gbp',
      customer: customer.id,
      payment_method: pm.id,
      capture_method: 'manual',
      confirm: true,
    });
    const results = await Promise.allSettled([stripe.paymentIntents.capture(pi.id), stripe.paymentIntents.capture(pi.id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected');
    expect((failed as PromiseRejectedResult).reason).toMatchObject({ code: 'payment_intent_unexpected_state' });
    expect((await eventTypes(pi.id)).filter((t) => t === 'payment_intent.succeeded')).toHaveLength(1);
  });

  it('accepts Stripe test payment method ids', async () => {
    const ok = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true });
    expect(ok.status).toBe('succeeded');
    expect(ok.payment_method).toMatch(/^pm_(?!card_)/);
    const declined = await stripeError(
      stripe.paymentIntents.create({
        amount: 1000,
        currency: 'usd',
        payment_method: 'pm_card_visa_chargeDeclinedInsufficientFunds',
        confirm: true,
      }),
    );
    expect(declined).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds' });
    // a card used without a customer is spent
    const reuse = await stripeError(
      stripe.paymentIntents.create({ amount: 1000, currency: 'usd', payment_method: ok.payment_method as string, confirm: true }),
    );
    expect(reuse).toMatchObject({ type: 'StripeInvalidRequestError', param: 'payment_method' });
  });
  it("lists a customer's payment intents, newest first", async () => {
    const { customer, pm } = await savedCard();
    const base = { currency: 'gbp', customer: customer.id, payment_method: pm.id, confirm: true } as const;
    const first = await stripe.paymentIntents.create({ ...base, amount: 1000 });
    const second = await stripe.paymentIntents.create({ ...base, amount: 2000 });
    const all = await stripe.paymentIntents.list({ customer: customer.id });
    expect(all).toMatchObject({ object: 'list', has_more: false, url: '/v1/payment_intents' });
    expect(all.data.map((p) => p.id)).toEqual([second.id, first.id]);
    const one = await stripe.paymentIntents.list({ customer: customer.id, limit: 1 });
    expect(one.data.map((p) => p.id)).toEqual([second.id]);
    expect(one.has_more).toBe(true);
  });
});

describe('declines', () => {
  const cases = [
    ['4000000000000002', 'card_declined', 'generic_decline'],
    ['4000000000009995', 'card_declined', 'insufficient_funds'],
    ['4000000000000069', 'expired_card', 'expired_card'],
    ['4000000000000127', 'incorrect_cvc', 'incorrect_cvc'],
    ['4000000000000119', 'processing_error', 'processing_error'],
  ] as const;

  it.each(cases)('%s confirms to requires_payment_method with %s / %s', async (number, code, declineCode) => {
    const customer = await newCustomer();
    const pm = await cardPm(number);
    const err = await stripeError(
      stripe.paymentIntents.create({
        amount: 3000,
        currency: 'gbp',
        customer: customer.id,
        payment_method: pm.id,
        capture_method: 'manual',
        confirm: true,
      }),
    );
    expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(err).toMatchObject({ type: 'StripeCardError', rawType: 'card_error', statusCode: 402, code, decline_code: declineCode });
    const pi = err.payment_intent!;
    expect(pi.status).toBe('requires_payment_method');
    expect(pi.last_payment_error).toMatchObject({ type: 'card_error', code, decline_code: declineCode });
    expect(pi.last_payment_error?.payment_method?.id).toBe(pm.id);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_payment_method');
    expect(await eventTypes(pi.id)).toEqual(['payment_intent.payment_failed']);
  });

  it.each(cases)('%s fails a setup intent with %s', async (number, code) => {
    const customer = await newCustomer();
    const si = await stripe.setupIntents.create({ customer: customer.id });
    expect(si.status).toBe('requires_payment_method');
    const err = await stripeError(stripe.setupIntents.confirm(si.id, { payment_method: (await cardPm(number)).id }));
    expect(err).toMatchObject({ type: 'StripeCardError', code });
    expect(err.setup_intent).toMatchObject({ id: si.id, status: 'requires_payment_method', last_setup_error: { code } });
    expect(await eventTypes(si.id)).toEqual(['setup_intent.setup_failed']);
  });
});

// ---- 3-D Secure -----------------------------------------------------------------------------------

describe('3-D Secure', () => {
  async function requiresAction(number: string, capture: 'manual' | 'automatic' = 'manual', returnUrl = RETURN_URL) {
    const customer = await newCustomer();
    const pm = await cardPm(number);
    const pi = await stripe.paymentIntents.create({
      amount: 4000,
      currency: 'gbp',
      customer: customer.id,
      payment_method: pm.id,
      capture_method: capture,
      confirm: true,
      return_url: returnUrl,
    });
    expect(pi.status).toBe('requires_action');
    expect(pi.next_action?.type).toBe('redirect_to_url');
    return { customer, pm, pi, url: pi.next_action!.redirect_to_url!.url! };
  }

  it('asks for authentication with a redirect to the challenge page', async () => {
    const { pi, url } = await requiresAction('4000002760003184');
    expect(pi.next_action?.redirect_to_url?.return_url).toBe(RETURN_URL);
    // on the stand-ins Worker's origin (the host the API call came to), not the product's
    const parsed = new URL(url);
    expect(parsed.origin).toBe(STANDINS);
    expect(parsed.pathname).toBe(`/3ds/${pi.id}`);
    expect(parsed.searchParams.get('return_url')).toBe(RETURN_URL);
    expect(parsed.searchParams.get('client_secret')).toBe(pi.client_secret);
    // a call that kept api.stripe.com's host (no public origin known): a path on the stand-ins,
    // never the return_url's origin (the product's, which has no 3-D Secure page)
    const stripeHost = new Stripe(LOCAL_STRIPE.secretKey, {
      httpClient: Stripe.createFetchHttpClient(async (input, init) => standIns(input, init)),
      maxNetworkRetries: 0,
    });
    const viaStripeHost = await stripeHost.paymentIntents.create({
      amount: 4000,
      currency: 'gbp',
      payment_method: 'pm_card_authenticationRequired',
      confirm: true,
      return_url: RETURN_URL,
    });
    expect(viaStripeHost.next_action?.redirect_to_url?.url?.startsWith(`/3ds/${viaStripeHost.id}?`)).toBe(true);
  });

  it('completing moves a manual-capture intent to requires_capture and redirects to return_url', async () => {
    const { pi, url } = await requiresAction('4000002760003184');
    const res = await authenticate(url, 'complete');
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('Location')!);
    expect(`${location.origin}${location.pathname}`).toBe(RETURN_URL);
    expect(location.searchParams.get('payment_intent')).toBe(pi.id);
    expect(location.searchParams.get('payment_intent_client_secret')).toBe(pi.client_secret);
    expect(location.searchParams.get('redirect_status')).toBe('succeeded');
    expect(await stripe.paymentIntents.retrieve(pi.id)).toMatchObject({
      status: 'requires_capture',
      amount_capturable: 4000,
      next_action: null,
    });
    expect(await eventTypes(pi.id)).toEqual(['payment_intent.amount_capturable_updated']);
    expect((await stripe.paymentIntents.capture(pi.id)).status).toBe('succeeded');
  });

  it('completing an automatic-capture intent (3DS2 card) succeeds it', async () => {
    const { pi, url } = await requiresAction('4000000000003220', 'automatic');
    expect((await authenticate(url, 'complete')).status).toBe(303);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
  });

  it('failing returns the intent to requires_payment_method', async () => {
    const { pi, url } = await requiresAction('4000002500003155');
    const res = await authenticate(url, 'fail');
    expect(new URL(res.headers.get('Location')!).searchParams.get('redirect_status')).toBe('failed');
    const after = await stripe.paymentIntents.retrieve(pi.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error).toMatchObject({ code: 'payment_intent_authentication_failure', type: 'invalid_request_error' });
    expect(await eventTypes(pi.id)).toEqual(['payment_intent.payment_failed']);
    // the page does not answer twice
    const page = await standIns(url);
    expect(await page.text()).toContain('not waiting for authentication');
    const u = new URL(url);
    const form = new URLSearchParams({ result: 'complete', client_secret: u.searchParams.get('client_secret')!, return_url: RETURN_URL });
    const again = await answerPage(u, form).response;
    expect(again.status).toBe(409);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_payment_method');
  });

  it('4000008260003178 authenticates, then is declined for insufficient funds', async () => {
    const { pi, url } = await requiresAction('4000008260003178');
    expect(new URL((await authenticate(url, 'complete')).headers.get('Location')!).searchParams.get('redirect_status')).toBe('failed');
    expect((await stripe.paymentIntents.retrieve(pi.id)).last_payment_error).toMatchObject({
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });
  });

  it('a 3155 card set up with authentication is charged without it; 3184 asks every time', async () => {
    const customer = await newCustomer();
    const setUp = async (number: string) =>
      confirmSetup(
        await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' }),
        (await cardPm(number)).id,
        RETURN_URL,
      );
    const si = await setUp('4000002500003155');
    expect(si.status).toBe('requires_action');
    const done = await authenticate(si.next_action!.redirect_to_url!.url!, 'complete');
    expect(new URL(done.headers.get('Location')!).searchParams.get('setup_intent')).toBe(si.id);
    const saved = await stripe.setupIntents.retrieve(si.id);
    expect(saved.status).toBe('succeeded');
    const charge = (payment_method: string) =>
      stripe.paymentIntents.create({
        amount: 1500,
        currency: 'gbp',
        customer: customer.id,
        payment_method,
        confirm: true,
        capture_method: 'manual',
        return_url: RETURN_URL,
      });
    expect((await charge(saved.payment_method as string)).status).toBe('requires_capture');
    expect((await charge((await cardPm('4000002500003155')).id)).status).toBe('requires_action');

    const always = await setUp('4000002760003184');
    await authenticate(always.next_action!.redirect_to_url!.url!, 'complete');
    expect((await charge((await stripe.setupIntents.retrieve(always.id)).payment_method as string)).status).toBe('requires_action');
  });

  it('a failed setup authentication gives setup_intent_authentication_failure', async () => {
    const customer = await newCustomer();
    const si = await confirmSetup(
      await stripe.setupIntents.create({ customer: customer.id }),
      (await cardPm('4000002760003184')).id,
      RETURN_URL,
    );
    await authenticate(si.next_action!.redirect_to_url!.url!, 'fail');
    const after = await stripe.setupIntents.retrieve(si.id);
    expect(after).toMatchObject({ status: 'requires_payment_method', last_setup_error: { code: 'setup_intent_authentication_failure' } });
    expect(await eventTypes(si.id)).toEqual(['setup_intent.setup_failed']);
  });

  it('escapes what it shows and never echoes markup', async () => {
    const marked = `${RETURN_URL}?note="><b>x</b>`;
    const { url } = await requiresAction('4000002760003184', 'manual', marked);
    const res = await standIns(url);
    const html = await res.text();
    expect(html).toContain('Authorise a payment of <strong>£40.00</strong>');
    expect(html).toContain('value="http://127.0.0.1:8787/booking/deposit/return?note=&quot;&gt;&lt;b&gt;x&lt;/b&gt;"');
    expect(html).not.toContain('<b>x');
    expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    // no scripts, no external resources: the only address on the page is the intent's return_url
    expect(html).not.toMatch(/<script|<link|<img|<iframe/);
    expect(html.replaceAll(RETURN_URL, '')).not.toMatch(/https?:\/\//);
  });

  it("follows only the intent's own return_url: another origin is fine, a changed one or a wrong client secret is refused", async () => {
    const customer = await newCustomer();
    const shop = 'https://shop.example/return?order=7';
    const pi = await stripe.paymentIntents.create({
      amount: 4000,
      currency: 'gbp',
      customer: customer.id,
      payment_method: (await cardPm('4000002760003184')).id,
      confirm: true,
      return_url: shop,
    });
    const url = new URL(pi.next_action!.redirect_to_url!.url!);
    expect(url.origin).toBe(STANDINS);
    const secret = url.searchParams.get('client_secret')!;

    // a return_url in the link other than the intent's: refused, on the page and on its form
    const changed = new URL(url);
    changed.searchParams.set('return_url', 'https://evil.example/steal');
    expect((await standIns(changed)).status).toBe(400);
    const forged = await answerPage(
      url,
      new URLSearchParams({ result: 'complete', client_secret: secret, return_url: 'https://evil.example/steal' }),
    ).response;
    expect(forged.status).toBe(400);
    expect(forged.headers.get('Location')).toBeNull();
    // a wrong or missing client secret: 403
    const wrongSecret = new URL(url);
    wrongSecret.searchParams.set('client_secret', `${pi.id}_secret_wrong`);
    expect((await standIns(wrongSecret)).status).toBe(403);
    const noSecret = new URL(url);
    noSecret.searchParams.delete('client_secret');
    expect((await standIns(noSecret)).status).toBe(403);
    expect(
      (
        await answerPage(url, new URLSearchParams({ result: 'complete', client_secret: `${pi.id}_secret_wrong`, return_url: shop }))
          .response
      ).status,
    ).toBe(403);
    // the form is only answered from the page's own origin
    const crossSite = await standIns(`${url.origin}${url.pathname}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
      body: new URLSearchParams({ result: 'complete', client_secret: secret, return_url: shop }).toString(),
    });
    expect(crossSite.status).toBe(403);
    // an unknown intent: 404
    expect((await standIns(`${STANDINS}/3ds/pi_doesnotexist?client_secret=x`)).status).toBe(404);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_action');

    // the intent's own return_url, on another origin than the page: followed (303), as on Stripe
    const done = await authenticate(url.toString(), 'complete');
    expect(done.status).toBe(303);
    expect(done.headers.get('Referrer-Policy')).toBe('no-referrer');
    const location = new URL(done.headers.get('Location')!);
    expect(`${location.origin}${location.pathname}`).toBe('https://shop.example/return');
    expect(location.searchParams.get('order')).toBe('7');
    expect(location.searchParams.get('payment_intent')).toBe(pi.id);
    expect(location.searchParams.get('redirect_status')).toBe('succeeded');
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');

    // '//host' and other schemes are not return URLs
    const bad = await stripeError(
      stripe.paymentIntents.create({
        amount: 1000,
        currency: 'gbp',
        payment_method: 'pm_card_visa',
        confirm: true,
        return_url: '//evil.example/x',
      }),
    );
    expect(bad).toMatchObject({ statusCode: 400, param: 'return_url' });
    const page = `${STANDINS}/3ds/pi_1`;
    expect(returnTarget('/booking/x?y=1', page)?.toString()).toBe(`${STANDINS}/booking/x?y=1`);
    expect(returnTarget('https://shop.example/r?x=1', page)?.toString()).toBe('https://shop.example/r?x=1');
    expect(returnTarget(RETURN_URL, page)?.toString()).toBe(RETURN_URL);
    expect(returnTarget('javascript:alert(1)', page)).toBeNull();
    expect(returnTarget('data:text/html,hi', page)).toBeNull();
    expect(returnTarget('//evil.example/x', page)).toBeNull();
    expect(returnTarget('https://user:pw@shop.example/', page)).toBeNull();
  });

  it('a relative return_url leads back to a path on the page origin', async () => {
    const customer = await newCustomer();
    const pi = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'gbp',
      customer: customer.id,
      payment_method: (await cardPm('4000002760003184')).id,
      confirm: true,
      return_url: '/booking/return',
    });
    const url = new URL(pi.next_action!.redirect_to_url!.url!);
    expect(url.origin).toBe(STANDINS);
    const done = await authenticate(url.toString(), 'fail');
    expect(done.status).toBe(303);
    const location = new URL(done.headers.get('Location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${STANDINS}/booking/return`);
    expect(location.searchParams.get('redirect_status')).toBe('failed');
  });
});

// ---- idempotency, keys --------------------------------------------------------------------------

describe('Idempotency-Key', () => {
  it('replays the same response and never charges twice', async () => {
    const { customer, pm } = await savedCard();
    const run = crypto.randomUUID();
    const params = { amount: 3300, currency: 'gbp', customer: customer.id, payment_method: pm.id, confirm: true, metadata: { run } };
    const key = `booking-${run}`;
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: key });
    const second = await stripe.paymentIntents.create(params, { idempotencyKey: key });
    expect(second.id).toBe(first.id);
    // (with the fetch client, lastResponse is the fetch Response itself)
    const replayed = second.lastResponse as unknown as globalThis.Response;
    expect(replayed.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replayed.headers.get('Original-Request')).toBe(first.lastResponse.requestId);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM stripe_payment_intents WHERE json_extract(object, '$.metadata.run') = ?")
      .bind(run)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
    expect(await eventTypes(first.id)).toEqual(['payment_intent.succeeded']);

    const other = await stripeError(stripe.paymentIntents.create({ ...params, amount: 3400 }, { idempotencyKey: key }));
    expect(other).toMatchObject({ type: 'StripeIdempotencyError', rawType: 'idempotency_error', statusCode: 400 });

    // once the key has expired (a day later; POST /__dev/idempotency/expire for tests) it starts a new request
    expect((await standIns(`${STANDINS}/__dev/idempotency/expire`, { method: 'POST' })).status).toBe(200);
    const later = await stripe.paymentIntents.create({ ...params, amount: 3400 }, { idempotencyKey: key });
    expect(later.id).not.toBe(first.id);
    expect(later.amount).toBe(3400);
  });

  it('replays a decline too, and keeps no result for a request that failed validation', async () => {
    const key = `decline-${crypto.randomUUID()}`;
    const params = { amount: 3000, currency: 'gbp', payment_method: 'pm_card_chargeDeclined', confirm: true };
    const a = await stripeError(stripe.paymentIntents.create(params, { idempotencyKey: key }));
    const b = await stripeError(stripe.paymentIntents.create(params, { idempotencyKey: key }));
    expect(b.payment_intent?.id).toBe(a.payment_intent?.id);
    const invalidKey = `invalid-${crypto.randomUUID()}`;
    expect(await stripeError(stripe.paymentIntents.create({ amount: 1, currency: 'gbp' }, { idempotencyKey: invalidKey }))).toMatchObject({
      code: 'amount_too_small',
    });
    const row = await env.DB.prepare('SELECT 1 FROM stripe_idempotency_keys WHERE idempotency_key = ?').bind(invalidKey).first();
    expect(row).toBeNull();
  });
});

describe('API keys', () => {
  it('answers 401 to a wrong or missing secret key', async () => {
    const err = await stripeError(clientWithKey('sk_test_not_the_right_key_1234').customers.create({}));
    expect(err).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(err).toMatchObject({ statusCode: 401 });
    expect(err.message).toContain('sk_test_');
    expect(err.message).not.toContain('not_the_right_key');
    const missing = await standIns(`${STANDINS}/v1/payment_intents`);
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as ErrorBody).error.type).toBe('invalid_request_error');
  });

  it('lets the publishable key create a payment method and confirm a setup intent with its secret, nothing else', async () => {
    const pm = await cardPm('4242424242424242');
    expect(pm.id).toMatch(/^pm_/);
    const si = await stripe.setupIntents.create({ customer: (await newCustomer()).id });
    const wrong = await stripeError(confirmSetup({ ...si, client_secret: `${si.id}_secret_wrong` }, pm.id));
    expect(wrong).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect(await stripeError(browser.setupIntents.confirm(si.id, { payment_method: pm.id }))).toMatchObject({ statusCode: 404 });
    expect((await confirmSetup(si, pm.id)).status).toBe('succeeded');
    const pi = await stripeError(browser.paymentIntents.create({ amount: 1000, currency: 'gbp', payment_method: pm.id }));
    expect(pi).toBeInstanceOf(Stripe.errors.StripePermissionError);
    expect(pi.statusCode).toBe(403);
    expect(await stripeError(browser.paymentMethods.retrieve(pm.id))).toBeInstanceOf(Stripe.errors.StripePermissionError);
  });
});

// ---- webhooks ---------------------------------------------------------------------------------

describe('events and webhooks', () => {
  it('records signed, verifiable events and tracks delivery', async () => {
    const { customer, pm } = await savedCard();
    const pi = await stripe.paymentIntents.create({
      amount: 1800,
      currency: 'gbp',
      customer: customer.id,
      payment_method: pm.id,
      confirm: true,
    });
    const webhook = (await pendingWebhooks(env.DB, 1000)).find((w) => w.type === 'payment_intent.succeeded' && w.payload.includes(pi.id))!;
    expect(webhook).toMatchObject({ delivered: false });
    expect(webhook.id).toMatch(/^evt_/);

    const secret = LOCAL_STRIPE.webhookSecret;
    const header = await signWebhook(webhook.payload, secret);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = await stripe.webhooks.constructEventAsync(webhook.payload, header, secret);
    expect(event).toMatchObject({ id: webhook.id, object: 'event', type: 'payment_intent.succeeded', livemode: false });
    expect((event.data.object as Stripe.PaymentIntent).id).toBe(pi.id);

    const t = Math.floor(Date.now() / 1000);
    expect(await signWebhook(webhook.payload, secret, t)).toBe(
      await stripe.webhooks.generateTestHeaderStringAsync({ payload: webhook.payload, secret, timestamp: t }),
    );
    const init = await webhookRequestInit(webhook, secret, t);
    expect(init.body).toBe(webhook.payload);
    expect((init.headers as Record<string, string>)['Stripe-Signature']).toBe(await signWebhook(webhook.payload, secret, t));

    await expect(stripe.webhooks.constructEventAsync(webhook.payload.replace('1800', '1'), header, secret)).rejects.toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
    await expect(stripe.webhooks.constructEventAsync(webhook.payload, header, 'whsec_other')).rejects.toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const old = await signWebhook(webhook.payload, secret, t - 3600);
    await expect(stripe.webhooks.constructEventAsync(webhook.payload, old, secret)).rejects.toThrow(/tolerance/i);

    expect(await markDelivered(env.DB, webhook.id)).toBe(true);
    expect(await markDelivered(env.DB, webhook.id)).toBe(false);
    expect((await pendingWebhooks(env.DB, 1000)).some((w) => w.id === webhook.id)).toBe(false);
    expect((await webhookEvents(env.DB, { delivered: true, limit: 1000 })).find((w) => w.id === webhook.id)?.delivered).toBe(true);
  });
});

describe('webhook delivery (deliverWebhooks)', () => {
  const ENDPOINT = `${PRODUCT}/webhooks/stripe`;
  interface Posted {
    url: string;
    method: string;
    headers: Headers;
    body: string;
  }
  let posted: Posted[];
  /** How the product's endpoint answers each POST (an exception: it is not up). */
  let endpoint: (n: number) => Response;

  beforeEach(async () => {
    // Only this test's events: mark what earlier tests left pending as delivered.
    await env.DB.prepare('UPDATE stripe_events SET delivered_at = ? WHERE delivered_at IS NULL').bind(Date.now()).run();
    posted = [];
    endpoint = () => new Response('ok');
    answerCallsTo([ENDPOINT], async (req) => {
      posted.push({ url: req.url, method: req.method, headers: req.headers, body: await req.text() });
      return endpoint(posted.length);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A manually captured payment, then captured: two events (amount_capturable_updated, succeeded). */
  async function twoEvents() {
    const pi = await stripe.paymentIntents.create({
      amount: 2100,
      currency: 'gbp',
      payment_method: 'pm_card_visa',
      capture_method: 'manual',
      confirm: true,
    });
    await stripe.paymentIntents.capture(pi.id);
    const pending = await pendingWebhooks(env.DB);
    expect(pending.map((w) => w.type)).toEqual(['payment_intent.amount_capturable_updated', 'payment_intent.succeeded']);
    return { pi, pending };
  }

  it('POSTs pending events, oldest first, signed with the webhook secret as Stripe signs them, and marks them delivered', async () => {
    const { pi, pending } = await twoEvents();
    expect(await deliverWebhooks(env.DB, ENDPOINT)).toBe(2);
    expect(posted).toHaveLength(2);
    for (const [i, p] of posted.entries()) {
      expect(p).toMatchObject({ url: ENDPOINT, method: 'POST', body: pending[i]!.payload });
      expect(p.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
      expect(p.headers.get('User-Agent')).toMatch(/^Stripe\/1\.0/);
      // what the product's /webhooks/stripe does with it
      const event = await stripe.webhooks.constructEventAsync(p.body, p.headers.get('Stripe-Signature')!, LOCAL_STRIPE.webhookSecret);
      expect(event).toMatchObject({ id: pending[i]!.id, type: pending[i]!.type, data: { object: { id: pi.id } } });
      await expect(stripe.webhooks.constructEventAsync(p.body, p.headers.get('Stripe-Signature')!, 'whsec_other')).rejects.toBeInstanceOf(
        Stripe.errors.StripeSignatureVerificationError,
      );
    }
    expect(await pendingWebhooks(env.DB)).toEqual([]);
    expect((await webhookEvents(env.DB, { delivered: true, limit: 1000 })).filter((w) => pending.some((p) => p.id === w.id))).toHaveLength(
      2,
    );
    // delivered once: nothing more to send
    expect(await deliverWebhooks(env.DB, ENDPOINT)).toBe(0);
    expect(posted).toHaveLength(2);
  });

  it('marks an event delivered only when the endpoint answers 2xx, and tries the rest again later', async () => {
    const { pending } = await twoEvents();
    // the first is refused (500), the second accepted
    endpoint = (n) => (n === 1 ? new Response('no', { status: 500 }) : new Response(null, { status: 204 }));
    expect(await deliverWebhooks(env.DB, ENDPOINT)).toBe(1);
    expect((await pendingWebhooks(env.DB)).map((w) => w.id)).toEqual([pending[0]!.id]);
    // refused again (400, 301): still pending
    for (const status of [400, 301]) {
      endpoint = () => new Response(null, { status });
      expect(await deliverWebhooks(env.DB, ENDPOINT)).toBe(0);
      expect((await pendingWebhooks(env.DB)).map((w) => w.id)).toEqual([pending[0]!.id]);
    }
    endpoint = () => new Response('ok');
    expect(await deliverWebhooks(env.DB, ENDPOINT)).toBe(1);
    expect(await pendingWebhooks(env.DB)).toEqual([]);
    expect(posted.map((p) => JSON.parse(p.body).id)).toEqual([
      pending[0]!.id,
      pending[1]!.id,
      pending[0]!.id,
      pending[0]!.id,
      pending[0]!.id,
    ]);
  });

  it('stops at an endpoint that is not up, keeping every event for the next call', async () => {
    const { pending } = await twoEvents();
    endpoint = () => {
      throw new TypeError('Network connection lost.');
    };
    expect(await deliverWebhooks(env.DB, ENDPOINT)).toBe(0);
    expect(posted).toHaveLength(1); // not once per event
    expect((await pendingWebhooks(env.DB)).map((w) => w.id)).toEqual(pending.map((w) => w.id));
  });

  it('sends nothing without an endpoint', async () => {
    const { pending } = await twoEvents();
    expect(await deliverWebhooks(env.DB, undefined)).toBe(0);
    expect(await deliverWebhooks(env.DB, '')).toBe(0);
    expect(posted).toEqual([]);
    expect((await pendingWebhooks(env.DB)).map((w) => w.id)).toEqual(pending.map((w) => w.id));
  });

  it('the Worker delivers to WEBHOOK_URL after POSTs to /v1 and to the 3-D Secure page, not after GETs', async () => {
    const hooked: Bindings = { ...env, WEBHOOK_URL: ` ${ENDPOINT} ` };
    const api = (path: string, body?: string) =>
      standInsCall(
        `${STANDINS}${path}`,
        {
          method: body === undefined ? 'GET' : 'POST',
          headers: { Authorization: `Bearer ${LOCAL_STRIPE.secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
          body,
        },
        hooked,
      );
    const create = api('/v1/payment_intents', 'amount=1800&currency=gbp&payment_method=pm_card_visa&confirm=true');
    const pi = (await (await create.response).json()) as Stripe.PaymentIntent;
    await waitOnExecutionContext(create.ctx);
    expect(posted.map((p) => [p.url, JSON.parse(p.body).type])).toEqual([[ENDPOINT, 'payment_intent.succeeded']]);
    expect(JSON.parse(posted[0]!.body).data.object.id).toBe(pi.id);

    // an event left pending (no WEBHOOK_URL then) is not sent after a GET
    await stripe.paymentIntents.create({ amount: 900, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
    const read = api(`/v1/payment_intents/${pi.id}`);
    expect((await read.response).status).toBe(200);
    await waitOnExecutionContext(read.ctx);
    expect(posted).toHaveLength(1);

    // the 3-D Secure answer records an event: delivered after the page's POST (with the one left pending)
    const held = await stripe.paymentIntents.create({
      amount: 4000,
      currency: 'gbp',
      payment_method: (await cardPm('4000002760003184')).id,
      capture_method: 'manual',
      confirm: true,
      return_url: RETURN_URL,
    });
    const url = new URL(held.next_action!.redirect_to_url!.url!);
    const answered = answerPage(
      url,
      new URLSearchParams({ result: 'complete', client_secret: url.searchParams.get('client_secret')!, return_url: RETURN_URL }),
      hooked,
    );
    expect((await answered.response).status).toBe(303);
    await waitOnExecutionContext(answered.ctx);
    expect(posted.slice(1).map((p) => JSON.parse(p.body).type)).toEqual([
      'payment_intent.succeeded',
      'payment_intent.amount_capturable_updated',
    ]);
    expect(JSON.parse(posted[2]!.body).data.object.id).toBe(held.id);
    expect(await pendingWebhooks(env.DB)).toEqual([]);
  });
});

// ---- the wire: validation, HTTP, storage ------------------------------------------------------

describe('requests and validation', () => {
  it('answers Stripe-style 400s for bad parameters, never a 500', async () => {
    const unknown = await stripeError(stripe.customers.create({ nickname: 'x' } as Stripe.CustomerCreateParams));
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'nickname' });
    const missing = await stripeError(stripe.paymentIntents.create({ currency: 'gbp' } as Stripe.PaymentIntentCreateParams));
    expect(missing).toMatchObject({ code: 'parameter_missing', param: 'amount' });
    const notInt = await stripeError(stripe.paymentIntents.create({ amount: 'lots' as unknown as number, currency: 'gbp' }));
    expect(notInt).toMatchObject({ code: 'parameter_invalid_integer', param: 'amount' });
    const badEnum = await stripeError(stripe.paymentIntents.create({ amount: 100, currency: 'gbp', capture_method: 'later' as 'manual' }));
    expect(badEnum).toMatchObject({ param: 'capture_method' });
    const noSuch = await stripeError(stripe.paymentIntents.retrieve('pi_doesnotexist'));
    expect(noSuch).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const noCustomer = await stripeError(stripe.setupIntents.create({ customer: 'cus_nobody' }));
    expect(noCustomer).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });

    const raw = [
      await http('/v1/customers', { method: 'POST', body: 'a=1&a[b]=2' }),
      await http('/v1/customers', { method: 'POST', body: '__proto__[x]=1' }),
      await http('/v1/customers', { method: 'POST', body: '{"name":"x"}', headers: { 'Content-Type': 'application/json' } }),
      await http('/v1/customers', { method: 'POST', body: 'name=x', headers: { 'Stripe-Version': 'yesterday' } }),
      await http('/v1/payment_intents?limit=1000'),
      await http(`/v1/payment_intents/${'x'.repeat(300)}`),
    ];
    expect(raw.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 404]);
    for (const r of raw) expect(((await r.json()) as ErrorBody).error.type).toBe('invalid_request_error');
    const unrecognized = await http('/v1/charges');
    expect(unrecognized.status).toBe(404);
    expect(((await unrecognized.json()) as ErrorBody).error.message).toContain('Unrecognized request URL (GET: /v1/charges)');
  });

  it('validates cards as Stripe does: card_error codes on the right parameter', async () => {
    const year = String(EXP_YEAR);
    const cases: [Record<string, string>, string, string | undefined][] = [
      [{ number: '4242424242424241' }, 'incorrect_number', 'card[number]'],
      [{ number: '4242 4242' }, 'incomplete_number', 'card[number]'],
      [{ number: '4242abcd42424242' }, 'incorrect_number', 'card[number]'],
      [{ exp_month: '13' }, 'invalid_expiry_month', 'card[exp_month]'],
      [{ exp_year: '2001' }, 'invalid_expiry_year', 'card[exp_year]'],
      [{ cvc: '12' }, 'invalid_cvc', 'card[cvc]'],
      [{ number: '4111111111111111' }, 'card_declined', undefined],
    ];
    for (const [change, code, param] of cases) {
      const card = { number: '4242424242424242', exp_month: '12', exp_year: year, cvc: '123', ...change };
      const res = await http('/v1/payment_methods', {
        method: 'POST',
        key: LOCAL_STRIPE.publishableKey,
        body: new URLSearchParams({
          type: 'card',
          ...Object.fromEntries(Object.entries(card).map(([k, v]) => [`card[${k}]`, v])),
        }).toString(),
      });
      const body = (await res.json()) as ErrorBody;
      expect(res.status, JSON.stringify(body)).toBe(402);
      expect(body.error).toMatchObject({ type: 'card_error', code, ...(param ? { param } : { decline_code: 'test_mode_live_card' }) });
      expect(JSON.stringify(body)).not.toContain(card.number);
    }
  });

  it('speaks the API over HTTP at /v1', async () => {
    const res = await http('/v1/customers', {
      method: 'POST',
      body: 'metadata[source]=curl',
      headers: { 'Idempotency-Key': 'curl-1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Request-Id')).toMatch(/^req_/);
    expect(res.headers.get('Idempotency-Key')).toBe('curl-1');
    expect(await res.json()).toMatchObject({ object: 'customer', metadata: { source: 'curl' } });
    const basic = await http('/v1/customers', {
      method: 'POST',
      headers: { Authorization: `Basic ${btoa(`${LOCAL_STRIPE.secretKey}:`)}` },
    });
    expect(basic.status).toBe(401);
    // the challenge page is on the host the call came to, with or without return_url
    const pi = await http('/v1/payment_intents', {
      method: 'POST',
      body: 'amount=1000&currency=gbp&payment_method=pm_card_authenticationRequired&confirm=true',
    });
    const body = (await pi.json()) as Stripe.PaymentIntent;
    expect(body.next_action?.redirect_to_url?.url?.startsWith(`${STANDINS}/3ds/${body.id}?client_secret=`)).toBe(true);
    const done = await authenticate(body.next_action!.redirect_to_url!.url!, 'complete');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Authentication complete');
    // ... or on PUBLIC_ORIGIN when it is set (the stand-ins behind another public address)
    const publicOrigin = 'https://standins.example.test';
    const behind = await http(
      '/v1/payment_intents',
      { method: 'POST', body: 'amount=1000&currency=gbp&payment_method=pm_card_authenticationRequired&confirm=true' },
      { ...env, PUBLIC_ORIGIN: `${publicOrigin}/ignored-path` },
    );
    const behindBody = (await behind.json()) as Stripe.PaymentIntent;
    expect(behindBody.next_action?.redirect_to_url?.url?.startsWith(`${publicOrigin}/3ds/${behindBody.id}?client_secret=`)).toBe(true);
  });

  it('parses bracket notation into records', () => {
    const form = parseForm(new URLSearchParams('card[number]=4242&metadata[a]=1&expand[]=x&expand[]=y&n=1&n=2'));
    expect(JSON.parse(JSON.stringify(form))).toEqual({
      card: { number: '4242' },
      metadata: { a: '1' },
      expand: { 0: 'x', 1: 'y' },
      n: '2',
    });
  });

  it('never stores a card number or CVC', async () => {
    await cardPm('4000056655665556', '9876');
    await cardPm('36227206271667', '9876');
    for (const table of [
      'stripe_customers',
      'stripe_payment_methods',
      'stripe_setup_intents',
      'stripe_payment_intents',
      'stripe_events',
      'stripe_idempotency_keys',
    ]) {
      const { results } = await env.DB.prepare(`SELECT * FROM ${table}`).all();
      const dump = JSON.stringify(results);
      expect(dump, table).not.toMatch(/(?<![A-Za-z0-9])\d{14,19}(?![A-Za-z0-9])/);
      for (const n of ['4242424242424242', '4000056655665556', '36227206271667', '4000002760003184', '4000000000000002'])
        expect(dump).not.toContain(n);
      expect(dump).not.toContain('"9876"');
      expect(dump).not.toContain('"cvc"');
    }
  });
});
