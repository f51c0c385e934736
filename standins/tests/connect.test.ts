import { createExecutionContext, env } from 'cloudflare:test';
import Stripe from 'stripe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import app from '../src/index';
import { stripeError } from './stripe-errors';
import { deliverWebhooks, LOCAL_STRIPE } from '../src/payments';

// Stripe Connect in the stand-in: connected accounts, account links and the hosted onboarding
// page, destination charges with an application fee, the Stripe-Account header's scope, and
// account.updated delivered to the Connect endpoint with its own secret.
const call = (input: RequestInfo | URL, init?: RequestInit) => app.fetch(new Request(input, init), env, createExecutionContext());
const stripe = new Stripe(LOCAL_STRIPE.secretKey, {
  httpClient: Stripe.createFetchHttpClient(async (input, init) => call(input, init)),
  host: '127.0.0.1',
  port: 8788,
  protocol: 'http',
  telemetry: false,
  maxNetworkRetries: 0,
});
const RETURN = 'https://salon.test/console/payments?return=1';
const REFRESH = 'https://salon.test/console/payments?refresh=1';

const newAccount = () =>
  stripe.accounts.create({
    type: 'express',
    country: 'GB',
    business_profile: { name: 'Test Salon' },
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    metadata: { salon_id: '42' },
  });

async function onboarded() {
  const account = await newAccount();
  const res = await call(`http://127.0.0.1:8788/__dev/stripe/accounts/${account.id}/complete`, { method: 'POST' });
  expect(res.status).toBe(200);
  return account.id;
}

const eventsOf = async (objectId: string) =>
  (
    await env.DB.prepare("SELECT payload FROM stripe_events WHERE object_id = ? AND type = 'account.updated' ORDER BY rowid")
      .bind(objectId)
      .all<{ payload: string }>()
  ).results.map((r) => JSON.parse(r.payload) as { account?: string; data: { object: Stripe.Account } });

describe('connected accounts and hosted onboarding', () => {
  it('an account starts unable to take payments; a person completes the hosted page and is sent back; account.updated is recorded', async () => {
    const account = await newAccount();
    expect(account).toMatchObject({
      object: 'account',
      type: 'express',
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
    });
    expect(account.requirements?.currently_due).toContain('external_account');

    const link = await stripe.accountLinks.create({
      account: account.id,
      refresh_url: REFRESH,
      return_url: RETURN,
      type: 'account_onboarding',
    });
    expect(link.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:8788/connect/onboarding/${account.id}/`));
    const page = await call(link.url);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('Get paid with Stripe');
    expect(text).toContain('Test Salon');

    // a form missing the name is refused with what to fill in
    const bad = await call(link.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'dob=1901-01-01',
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Enter your first and last name');

    const form = new URLSearchParams({
      first_name: 'Jenny',
      last_name: 'Rosen',
      dob: '1901-01-01',
      sort_code: '10-88-00',
      account_number: '00012345',
      outcome: 'verified',
    });
    const sent = await call(link.url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('Location')).toBe(RETURN);

    const after = await stripe.accounts.retrieve(account.id);
    expect(after).toMatchObject({ charges_enabled: true, payouts_enabled: true, details_submitted: true });
    expect(after.requirements?.currently_due).toEqual([]);
    const events = await eventsOf(account.id);
    expect(events.map((e) => [e.account, e.data.object.charges_enabled])).toEqual([[account.id, true]]);

    // the link is spent
    expect((await call(link.url)).status).toBe(410);
  });

  it('"Keep under review" submits the details but leaves charges off, pending verification', async () => {
    const account = await newAccount();
    const res = await call(`http://127.0.0.1:8788/__dev/stripe/accounts/${account.id}/complete?outcome=review`, { method: 'POST' });
    expect(res.status).toBe(200);
    const after = await stripe.accounts.retrieve(account.id);
    expect(after).toMatchObject({ charges_enabled: false, payouts_enabled: false, details_submitted: true });
    expect(after.requirements?.pending_verification).toEqual(['individual.verification.document']);
  });

  it('an account link for an account that does not exist is refused', async () => {
    const err = await stripeError(
      stripe.accountLinks.create({ account: 'acct_nope', refresh_url: REFRESH, return_url: RETURN, type: 'account_onboarding' }),
    );
    expect(err).toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing', param: 'account' });
  });
});

describe('destination charges', () => {
  it('a payment on a connected account carries its destination, on_behalf_of and the application fee; its refund reverses the transfer', async () => {
    const acct = await onboarded();
    const pi = await stripe.paymentIntents.create({
      amount: 2000,
      currency: 'gbp',
      payment_method: 'pm_card_visa',
      capture_method: 'manual',
      confirm: true,
      transfer_data: { destination: acct },
      on_behalf_of: acct,
      application_fee_amount: 100,
    });
    expect(pi).toMatchObject({
      transfer_data: { destination: acct },
      on_behalf_of: acct,
      application_fee_amount: 100,
      status: 'requires_capture',
    });
    await stripe.paymentIntents.capture(pi.id);
    const refund = await stripe.refunds.create({ payment_intent: pi.id, reverse_transfer: true, refund_application_fee: true });
    expect(refund.transfer_reversal).toMatch(/^trr_/);
    const internal = await env.DB.prepare('SELECT internal FROM stripe_payment_intents WHERE id = ?')
      .bind(pi.id)
      .first<{ internal: string }>();
    expect(JSON.parse(internal!.internal)).toMatchObject({ amountRefunded: 2000, applicationFeeRefunded: 100 });
  });

  it('refuses a destination that has not finished onboarding, and a fee with no connected account', async () => {
    const fresh = await newAccount();
    const err = await stripeError(
      stripe.paymentIntents.create({
        amount: 2000,
        currency: 'gbp',
        payment_method: 'pm_card_visa',
        confirm: true,
        transfer_data: { destination: fresh.id },
      }),
    );
    expect(err).toMatchObject({ code: 'insufficient_capabilities_for_transfer', param: 'transfer_data[destination]' });
    const fee = await stripeError(
      stripe.paymentIntents.create({
        amount: 2000,
        currency: 'gbp',
        payment_method: 'pm_card_visa',
        confirm: true,
        application_fee_amount: 10,
      }),
    );
    expect(fee).toMatchObject({ type: 'StripeInvalidRequestError', param: 'application_fee_amount' });
  });

  it("a Checkout Session's payment_intent_data reaches the payment made on the hosted page", async () => {
    const acct = await onboarded();
    const cs = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'gbp', unit_amount: 5000, product_data: { name: 'Gift voucher' } }, quantity: 1 }],
      success_url: 'https://salon.test/ok?session_id={CHECKOUT_SESSION_ID}',
      payment_intent_data: { transfer_data: { destination: acct }, on_behalf_of: acct, application_fee_amount: 250 },
    });
    const paid = await call(cs.url!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'a@b.test', card_number: '4242424242424242', card_expiry: '12/40', card_cvc: '123' }),
    });
    expect(paid.status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(cs.id, { expand: ['payment_intent'] });
    expect(done.payment_intent).toMatchObject({ transfer_data: { destination: acct }, application_fee_amount: 250, status: 'succeeded' });
  });
});

describe('the Stripe-Account header', () => {
  it("scopes every object: a customer or payment of one account is invisible without the header and with another account's", async () => {
    const a = await onboarded();
    const b = await onboarded();
    const customer = await stripe.customers.create({ metadata: { who: 'x' } }, { stripeAccount: a });
    const pay = (account?: string) =>
      stripe.paymentIntents.create(
        { amount: 900, currency: 'gbp', customer: customer.id, payment_method: 'pm_card_visa', confirm: true },
        account ? { stripeAccount: account } : {},
      );
    const pi = await pay(a);
    expect(pi).toMatchObject({ customer: customer.id, status: 'succeeded' });
    expect(await stripeError(pay(b))).toMatchObject({ code: 'resource_missing', param: 'customer' });
    expect(await stripeError(pay())).toMatchObject({ code: 'resource_missing', param: 'customer' });
    expect((await stripe.paymentIntents.retrieve(pi.id, {}, { stripeAccount: a })).id).toBe(pi.id);
    expect(await stripeError(stripe.paymentIntents.retrieve(pi.id))).toMatchObject({ code: 'resource_missing' });
    expect(await stripeError(stripe.paymentIntents.retrieve(pi.id, {}, { stripeAccount: b }))).toMatchObject({ code: 'resource_missing' });
    // and the platform's own objects are invisible on a connected account
    const platform = await stripe.paymentIntents.create({ amount: 900, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
    expect(await stripeError(stripe.paymentIntents.retrieve(platform.id, {}, { stripeAccount: a }))).toMatchObject({
      code: 'resource_missing',
    });
  });

  it('an account the platform does not have is refused', async () => {
    const err = await stripeError(stripe.customers.create({}, { stripeAccount: 'acct_NotOurs' }));
    expect(err).toMatchObject({ code: 'account_invalid' });
  });
});

describe('Connect webhooks', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('account.updated goes to the Connect endpoint, signed with the Connect secret; platform events to the other', async () => {
    await env.DB.prepare('UPDATE stripe_events SET delivered_at = 1 WHERE delivered_at IS NULL').run();
    const posted: { url: string; body: string; signature: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        posted.push({ url, body: String(init.body), signature: new Headers(init.headers).get('Stripe-Signature')! });
        return new Response('{}');
      }),
    );
    const acct = await onboarded();
    await stripe.paymentIntents.create({ amount: 900, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
    expect(await deliverWebhooks(env.DB, 'https://app.test/webhooks/stripe', 'https://app.test/webhooks/stripe-connect')).toBe(2);
    const connect = posted.find((p) => p.url.endsWith('/stripe-connect'))!;
    const event = await stripe.webhooks.constructEventAsync(connect.body, connect.signature, LOCAL_STRIPE.connectWebhookSecret);
    expect(event).toMatchObject({ type: 'account.updated', account: acct });
    await expect(stripe.webhooks.constructEventAsync(connect.body, connect.signature, LOCAL_STRIPE.webhookSecret)).rejects.toThrow();
    expect(posted.filter((p) => p.url.endsWith('/webhooks/stripe')).map((p) => JSON.parse(p.body).type)).toEqual([
      'payment_intent.succeeded',
    ]);
  });
});
