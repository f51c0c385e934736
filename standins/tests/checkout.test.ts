import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCallsTo } from './outbound';
import app from '../src/index';
import { LOCAL_STRIPE, pendingWebhooks } from '../src/payments';
import { stripeError } from './stripe-errors';

// Stripe Checkout Sessions and the hosted Checkout page (gift vouchers), through the official
// SDK as the product calls them (see payments.test.ts for the rest of the payments stand-in).

type Bindings = typeof env;
const STANDINS = 'http://127.0.0.1:8788';
const PRODUCT = 'http://127.0.0.1:8787';
const SUCCESS_URL = `${PRODUCT}/vouchers/thanks?session_id={CHECKOUT_SESSION_ID}`;
const CANCEL_URL = `${PRODUCT}/vouchers`;
const WEBHOOK = `${PRODUCT}/webhooks/stripe`;

function call(input: RequestInfo | URL, init?: RequestInit, bindings: Bindings = env) {
  const ctx = createExecutionContext();
  return { ctx, response: Promise.resolve(app.fetch(new Request(input, init), bindings, ctx)) };
}

const stripe = new Stripe(LOCAL_STRIPE.secretKey, {
  httpClient: Stripe.createFetchHttpClient(async (input, init) => call(input, init).response),
  host: '127.0.0.1',
  port: 8788,
  protocol: 'http',
  telemetry: false,
  maxNetworkRetries: 0,
});

const EXP = `12 / ${String(new Date().getUTCFullYear() + 2).slice(-2)}`;

const voucher = (extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
  stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ price_data: { currency: 'gbp', unit_amount: 2500, product_data: { name: 'Gift voucher <£25>' } }, quantity: 1 }],
    success_url: SUCCESS_URL,
    cancel_url: CANCEL_URL,
    customer_email: 'giver@example.test',
    metadata: { voucher: 'v_1' },
    ...extra,
  });

/** The buyer's browser posts the hosted page's form (from the page's own origin). */
function pay(url: string, card: string, bindings: Bindings = env, email = 'buyer@example.test') {
  const u = new URL(url);
  const body = new URLSearchParams({ email, card_number: card, card_expiry: EXP, card_cvc: '123' });
  return call(
    u,
    { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: u.origin }, body: body.toString() },
    bindings,
  );
}

describe('checkout sessions', () => {
  it('creates an open session with its hosted page and retrieves it', async () => {
    const older = await voucher();
    const cs = await voucher();
    expect(cs.id).not.toBe(older.id);
    expect(cs.id).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
    expect(cs).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 2500,
      amount_subtotal: 2500,
      currency: 'gbp',
      customer_email: 'giver@example.test',
      customer_details: null,
      metadata: { voucher: 'v_1' },
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
      url: `${STANDINS}/checkout/${cs.id}`,
      payment_intent: null,
      livemode: false,
    });
    expect(cs.expires_at - cs.created).toBe(86_400);
    expect(await stripe.checkout.sessions.retrieve(cs.id)).toEqual(cs);
    const expanded = await stripe.checkout.sessions.retrieve(cs.id, { expand: ['line_items'] });
    expect(expanded.line_items?.data).toMatchObject([
      { object: 'item', description: 'Gift voucher <£25>', quantity: 1, amount_total: 2500 },
    ]);
    const missing = await stripeError(stripe.checkout.sessions.retrieve('cs_test_nothing'));
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such checkout.session: 'cs_test_nothing'" });
  });

  it('expires an open session once, as Stripe does', async () => {
    const cs = await voucher();
    const expired = await stripe.checkout.sessions.expire(cs.id);
    expect(expired).toMatchObject({ id: cs.id, status: 'expired', payment_status: 'unpaid', url: null });
    const again = await stripeError(stripe.checkout.sessions.expire(cs.id));
    expect(again).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
    expect(again.message).toBe(
      'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of `expired`.',
    );
    const { results } = await env.DB.prepare('SELECT type FROM stripe_events WHERE object_id = ?').bind(cs.id).all<{ type: string }>();
    expect(results.map((r) => r.type)).toEqual(['checkout.session.expired']);
  });

  it('expires a session whose expires_at has passed', async () => {
    const cs = await voucher();
    await env.DB.prepare("UPDATE stripe_checkout_sessions SET object = json_set(object, '$.expires_at', 1000) WHERE id = ?")
      .bind(cs.id)
      .run();
    expect((await stripe.checkout.sessions.retrieve(cs.id)).status).toBe('expired');
  });

  it('answers Stripe-style 400s for bad parameters', async () => {
    const base = { mode: 'payment', success_url: SUCCESS_URL } as Stripe.Checkout.SessionCreateParams;
    const noItems = await stripeError(stripe.checkout.sessions.create(base));
    expect(noItems).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'line_items' });
    const noMode = await stripeError(
      stripe.checkout.sessions.create({ line_items: [{ price: 'price_x', quantity: 1 }] } as Stripe.Checkout.SessionCreateParams),
    );
    expect(noMode).toMatchObject({ code: 'parameter_missing', param: 'mode', message: 'Missing required param: mode.' });
    const item = { price_data: { currency: 'gbp', unit_amount: 2500, product_data: { name: 'Voucher' } } };
    const noQuantity = await stripeError(stripe.checkout.sessions.create({ ...base, line_items: [item] }));
    expect(noQuantity).toMatchObject({ code: 'parameter_missing', param: 'line_items[0][quantity]' });
    const noName = await stripeError(
      stripe.checkout.sessions.create({
        ...base,
        line_items: [{ price_data: { currency: 'gbp', unit_amount: 2500, product_data: { name: '' } }, quantity: 1 }],
      }),
    );
    expect(noName).toMatchObject({ code: 'parameter_invalid_empty', param: 'line_items[0][price_data][product_data][name]' });
    const badUrl = await stripeError(
      stripe.checkout.sessions.create({ ...base, success_url: 'javascript:alert(1)', line_items: [{ ...item, quantity: 1 }] }),
    );
    expect(badUrl).toMatchObject({ code: 'url_invalid', param: 'success_url' });
    const emptyUrl = await stripeError(
      stripe.checkout.sessions.create({ ...base, cancel_url: '', line_items: [{ ...item, quantity: 1 }] }),
    );
    expect(emptyUrl).toMatchObject({ code: 'parameter_invalid_empty', param: 'cancel_url' });
    const badMode = await stripeError(
      stripe.checkout.sessions.create({ ...base, mode: 'subscription', line_items: [{ ...item, quantity: 1 }] }),
    );
    expect(badMode).toMatchObject({ param: 'mode' });
    const unused = await stripeError(voucher({ client_reference_id: 'order-7' }));
    expect(unused).toMatchObject({ code: 'parameter_unknown', param: 'client_reference_id' });
    const tiny = await stripeError(
      voucher({ line_items: [{ price_data: { currency: 'gbp', unit_amount: 10, product_data: { name: 'x' } }, quantity: 1 }] }),
    );
    expect(tiny).toMatchObject({ code: 'amount_too_small', param: 'line_items' });
    const email = await stripeError(voucher({ customer_email: 'not-an-email' }));
    expect(email).toMatchObject({ code: 'email_invalid', param: 'customer_email' });
  });

  it('honours Idempotency-Key', async () => {
    const key = `cs-${crypto.randomUUID()}`;
    const params = (unit_amount: number): Stripe.Checkout.SessionCreateParams => ({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'gbp', unit_amount, product_data: { name: 'Voucher' } }, quantity: 1 }],
      success_url: SUCCESS_URL,
    });
    const a = await stripe.checkout.sessions.create(params(5000), { idempotencyKey: key });
    const b = await stripe.checkout.sessions.create(params(5000), { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    // (with the fetch client, lastResponse is the fetch Response itself)
    expect((b.lastResponse as unknown as globalThis.Response).headers.get('Idempotent-Replayed')).toBe('true');
    const { results } = await env.DB.prepare(
      "SELECT id FROM stripe_checkout_sessions WHERE json_extract(object, '$.amount_total') = 5000",
    ).all();
    expect(results).toHaveLength(1);
    const other = await stripeError(stripe.checkout.sessions.create(params(6000), { idempotencyKey: key }));
    expect(other).toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
  });
});

describe('the hosted checkout page', () => {
  let posted: { url: string; headers: Headers; body: string }[];
  const hooked = (): Bindings => ({ ...env, WEBHOOK_URL: WEBHOOK });

  beforeEach(async () => {
    await env.DB.prepare('UPDATE stripe_events SET delivered_at = ? WHERE delivered_at IS NULL').bind(Date.now()).run();
    posted = [];
    answerCallsTo([WEBHOOK], async (req) => {
      posted.push({ url: req.url, headers: req.headers, body: await req.text() });
      return new Response('ok');
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the amount, the item, the prefilled email and a labelled card form, escaped and self-contained', async () => {
    const cs = await voucher();
    const res = await call(cs.url!).response;
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(res.headers.get('Content-Security-Policy')).toContain(`form-action 'self' ${PRODUCT}`);
    const html = await res.text();
    expect(html).toContain('<h1>Pay £25.00</h1>');
    expect(html).toContain('Gift voucher &lt;£25&gt;');
    expect(html).not.toContain('<£25>');
    expect(html).toContain('value="giver@example.test"');
    for (const id of ['email', 'card-number', 'card-expiry', 'card-cvc']) {
      expect(html).toContain(`<label for="${id}">`);
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain(`action="/checkout/${cs.id}"`);
    expect(html).toContain(`href="${CANCEL_URL}"`);
    expect(html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/);
    expect((await call(`${STANDINS}/checkout/cs_test_nothing`).response).status).toBe(404);
  });

  it('pays with 4242: session complete and paid, redirect to success_url with the id, intent succeeded, signed event delivered', async () => {
    const cs = await voucher();
    const { ctx, response } = pay(cs.url!, '4242 4242 4242 4242', hooked());
    const res = await response;
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`${PRODUCT}/vouchers/thanks?session_id=${cs.id}`);
    await waitOnExecutionContext(ctx);

    const paid = await stripe.checkout.sessions.retrieve(cs.id);
    expect(paid).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      customer_details: { email: 'buyer@example.test' },
      url: null,
    });
    expect(paid.payment_intent).toMatch(/^pi_/);
    const pi = await stripe.paymentIntents.retrieve(paid.payment_intent as string);
    expect(pi).toMatchObject({ status: 'succeeded', amount: 2500, amount_received: 2500, currency: 'gbp' });
    // as the product retrieves it (worker/payments/vouchers.ts)
    const withIntent = await stripe.checkout.sessions.retrieve(cs.id, { expand: ['payment_intent'] });
    expect(withIntent.payment_intent).toMatchObject({ id: pi.id, status: 'succeeded' });

    const types = posted.map((p) => JSON.parse(p.body).type as string);
    expect(types).toEqual(['payment_intent.succeeded', 'checkout.session.completed']);
    const delivery = posted[1]!;
    expect(delivery.url).toBe(WEBHOOK);
    const event = await stripe.webhooks.constructEventAsync(
      delivery.body,
      delivery.headers.get('Stripe-Signature')!,
      LOCAL_STRIPE.webhookSecret,
    );
    expect(event.data.object).toMatchObject({ id: cs.id, payment_status: 'paid', payment_intent: pi.id, metadata: { voucher: 'v_1' } });
    expect(await pendingWebhooks(env.DB)).toEqual([]);

    // the page of a paid session says so, and paying again is refused
    const again = await call(cs.url ?? `${STANDINS}/checkout/${cs.id}`).response;
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('already been paid');
    expect((await pay(`${STANDINS}/checkout/${cs.id}`, '4242424242424242').response).status).toBe(409);
  });

  it.each([
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4000000000000002', 'Your card was declined.'],
  ])('shows the decline of %s on the page and leaves the session open for another try', async (card, message) => {
    const cs = await voucher();
    const res = await pay(cs.url!, card).response;
    expect(res.status).toBe(402);
    const html = await res.text();
    expect(html).toContain(`role="alert">${message.replace("'", '&#39;')}</p>`);
    expect(html).toContain('value="buyer@example.test"');
    expect(html).not.toContain(card);
    expect(await stripe.checkout.sessions.retrieve(cs.id)).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
    });
    // then a good card pays, with the same intent
    const ok = await pay(cs.url!, '4242424242424242').response;
    expect(ok.status).toBe(303);
    const paid = await stripe.checkout.sessions.retrieve(cs.id);
    expect(paid.status).toBe('complete');
    const pi = await stripe.paymentIntents.retrieve(paid.payment_intent as string);
    expect(pi.status).toBe('succeeded');
  });

  it('refuses an invalid card number or a missing field on the page', async () => {
    const cs = await voucher();
    const bad = await pay(cs.url!, '4242424242424241').response;
    expect(bad.status).toBe(402);
    expect(await bad.text()).toContain('Your card number is incorrect.');
    const u = new URL(cs.url!);
    const missing = await call(u, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: u.origin },
      body: 'email=a%40example.test&card_number=4242424242424242',
    }).response;
    expect(missing.status).toBe(400);
    const foreign = await call(u, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
      body: `email=a%40example.test&card_number=4242424242424242&card_expiry=${encodeURIComponent(EXP)}&card_cvc=123`,
    }).response;
    expect(foreign.status).toBe(403);
    expect((await stripe.checkout.sessions.retrieve(cs.id)).status).toBe('open');
  });

  it('sends 3184 through 3-D Secure before paying; a failed authentication leaves the session open', async () => {
    const cs = await voucher();
    const res = await pay(cs.url!, '4000002760003184').response;
    expect(res.status).toBe(303);
    const challenge = new URL(res.headers.get('Location')!);
    expect(challenge.pathname).toMatch(/^\/3ds\/pi_/);
    expect(challenge.searchParams.get('return_url')).toBe(`/checkout/${cs.id}/return`);
    expect((await stripe.checkout.sessions.retrieve(cs.id)).status).toBe('open');

    const answer = async (result: 'complete' | 'fail', bindings: Bindings = env) => {
      const form = new URLSearchParams({
        result,
        client_secret: challenge.searchParams.get('client_secret')!,
        return_url: challenge.searchParams.get('return_url')!,
      });
      const done = await call(
        `${challenge.origin}${challenge.pathname}`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: challenge.origin },
          body: form.toString(),
        },
        bindings,
      ).response;
      expect(done.status).toBe(303);
      const back = new URL(done.headers.get('Location')!);
      expect(back.pathname).toBe(`/checkout/${cs.id}/return`);
      return call(back, undefined, bindings);
    };

    const failed = await (await answer('fail')).response;
    expect(failed.status).toBe(402);
    expect(await failed.text()).toContain('We are unable to authenticate your payment method.');
    expect((await stripe.checkout.sessions.retrieve(cs.id)).status).toBe('open');

    // the buyer tries the card again and completes authentication: paid, redirected, event delivered
    const retry = await pay(cs.url!, '4000002760003184').response;
    expect(new URL(retry.headers.get('Location')!).pathname).toBe(challenge.pathname);
    const back = await answer('complete', hooked());
    const done = await back.response;
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toBe(`${PRODUCT}/vouchers/thanks?session_id=${cs.id}`);
    await waitOnExecutionContext(back.ctx);
    const paid = await stripe.checkout.sessions.retrieve(cs.id);
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', customer_details: { email: 'buyer@example.test' } });
    expect(posted.map((p) => JSON.parse(p.body).type)).toContain('checkout.session.completed');
  });

  it('refuses to pay an expired session, and its page says so', async () => {
    const cs = await voucher();
    await stripe.checkout.sessions.expire(cs.id);
    const page = await call(`${STANDINS}/checkout/${cs.id}`).response;
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('This checkout has expired.');
    const res = await pay(`${STANDINS}/checkout/${cs.id}`, '4242424242424242').response;
    expect(res.status).toBe(410);
    expect(await stripe.checkout.sessions.retrieve(cs.id)).toMatchObject({ status: 'expired', payment_intent: null });
  });
});
