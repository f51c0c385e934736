import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formEncode,
  isCardError,
  isIdempotencyError,
  STRIPE_API_VERSION,
  StripeClient,
  StripeError,
} from '../../worker/payments/stripe-api';
import { call, signWebhook } from './helpers';

/** The client against the Stripe stand-in, as the Worker's calls reach it in development. */
const standIn = () => new StripeClient(env.STRIPE_SECRET_KEY!, new URL(env.STANDINS_ORIGIN).origin);

describe("Stripe's form encoding (worker/payments/stripe-api.ts formEncode)", () => {
  it('nests objects and arrays in bracket notation, booleans as true/false, and leaves undefined out', () => {
    const body = formEncode({
      amount: 1300,
      confirm: true,
      off_session: false,
      email: undefined,
      metadata: { salon_id: '3', note: 'a&b=c d' },
      line_items: [{ price_data: { currency: 'gbp', product_data: { name: 'Gift voucher — Willow' } }, quantity: 1 }],
      expand: ['payment_intent', undefined, 'customer'],
      cleared: null,
    });
    expect(body.split('&')).toEqual([
      'amount=1300',
      'confirm=true',
      'off_session=false',
      'metadata[salon_id]=3',
      'metadata[note]=a%26b%3Dc%20d',
      'line_items[0][price_data][currency]=gbp',
      'line_items[0][price_data][product_data][name]=Gift%20voucher%20%E2%80%94%20Willow',
      'line_items[0][quantity]=1',
      'expand[0]=payment_intent',
      'expand[2]=customer',
      'cleared=',
    ]);
    expect(formEncode({})).toBe('');
  });

  it('decodes, as a form parser reads it, to the bracketed names and the exact values', () => {
    const params = {
      capabilities: { card_payments: { requested: true } },
      business_profile: { name: 'Willow [Salon] + Co' },
      metadata: { salon_id: '3', note: '€ & = ?' },
    };
    expect([...new URLSearchParams(formEncode(params))]).toEqual([
      ['capabilities[card_payments][requested]', 'true'],
      ['business_profile[name]', 'Willow [Salon] + Co'],
      ['metadata[salon_id]', '3'],
      ['metadata[note]', '€ & = ?'],
    ]);
  });
});

describe('the requests and errors of the Stripe client (worker/payments/stripe-api.ts)', () => {
  afterEach(() => vi.restoreAllMocks());

  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

  /**
   * Answers the calls to `origin` (the client's API base) with `answers` in turn, or every one with
   * `always`, and records them; every other call goes to the real fetch, unanswered and unrecorded.
   * The Worker test files share one runner (isolate: false), so a fetch another file left running in
   * the background may call fetch while this spy is in place: it must not take a Stripe answer (the
   * client's own call would then reach the real Stripe) nor be counted as the client's.
   */
  function fakeStripe(origin: string, answers: Response[], always?: () => Response | Error) {
    const realFetch = globalThis.fetch;
    const calls: [url: string, init: RequestInit][] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (new URL(url).origin !== origin) return realFetch(input, init);
      calls.push([url, init ?? {}]);
      const next = always?.() ?? answers.shift();
      if (!next) throw new Error(`a Stripe call the test did not expect: ${url}`);
      if (next instanceof Error) throw next;
      return next;
    });
    return calls;
  }

  it('sends the key, the pinned version and an Idempotency-Key on a POST, the same one on its retries', async () => {
    const calls = fakeStripe('https://api.stripe.com', [
      answer(500, { error: { type: 'api_error', message: 'boom' } }),
      answer(200, { id: 'cus_1' }),
    ]);
    const client = new StripeClient('sk_test_x', 'https://api.stripe.com');
    expect(await client.customers.create({ metadata: { client_id: 'c1' } })).toEqual({ id: 'cus_1' });
    expect(calls).toHaveLength(2);
    const [url, init] = calls[0]!;
    expect(url).toBe('https://api.stripe.com/v1/customers');
    const headers = init.headers as Record<string, string>;
    expect(headers).toMatchObject({
      Authorization: 'Bearer sk_test_x',
      'Stripe-Version': STRIPE_API_VERSION,
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(headers['Idempotency-Key']).toMatch(/^retry-[0-9a-f-]{36}$/);
    expect(init.body).toBe('metadata[client_id]=c1');
    expect(calls[1]![1].headers).toEqual(headers);
  });

  it("keeps the caller's key; a GET has its parameters in the query and no key; Stripe-Should-Retry: false is not retried", async () => {
    const calls = fakeStripe('http://127.0.0.1:8788', [
      answer(409, { error: { type: 'api_error', message: 'no' } }, { 'Stripe-Should-Retry': 'false' }),
      answer(200, { id: 'cs_1' }),
    ]);
    const client = new StripeClient('sk_test_x', 'http://127.0.0.1:8788');
    await expect(client.paymentIntents.capture('pi_1', {}, { idempotencyKey: 'capture-pi_1' })).rejects.toMatchObject({ statusCode: 409 });
    expect(calls).toHaveLength(1); // not retried
    expect(calls[0]![1].headers).toMatchObject({ 'Idempotency-Key': 'capture-pi_1' });
    await client.checkout.sessions.retrieve('cs_1', { expand: ['payment_intent'] });
    expect(calls).toHaveLength(2);
    const [url, init] = calls[1]!;
    expect(url).toBe('http://127.0.0.1:8788/v1/checkout/sessions/cs_1?expand[0]=payment_intent');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('Idempotency-Key');
  });

  it("maps Stripe's error object: a card's refusal with its intent, a missing object's 404", async () => {
    const calls = fakeStripe('https://api.stripe.com', [
      answer(
        402,
        {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'insufficient_funds',
            message: 'Your card has insufficient funds.',
            payment_intent: { id: 'pi_9', status: 'requires_payment_method' },
          },
        },
        { 'Request-Id': 'req_1' },
      ),
      answer(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such' } }),
    ]);
    const client = new StripeClient('sk_test_x', 'https://api.stripe.com');
    const declined = await client.paymentIntents.create({ amount: 100 }).catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(StripeError);
    expect(isCardError(declined)).toBe(true);
    expect(declined).toMatchObject({
      statusCode: 402,
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      payment_intent: { id: 'pi_9' },
      requestId: 'req_1',
    });
    const missing = await client.paymentIntents.retrieve('pi_x').catch((e: unknown) => e);
    expect(missing).toMatchObject({ statusCode: 404, type: 'invalid_request_error', code: 'resource_missing' });
    expect(isCardError(missing)).toBe(false);
    expect(calls.map(([url]) => url)).toEqual([
      'https://api.stripe.com/v1/payment_intents',
      'https://api.stripe.com/v1/payment_intents/pi_x',
    ]);
  });

  it('answers an unreachable Stripe as a connection error after its retries', async () => {
    const calls = fakeStripe('https://api.stripe.com', [], () => new TypeError('Network connection lost.'));
    const err = await new StripeClient('sk_test_x', 'https://api.stripe.com').paymentIntents.retrieve('pi_1').catch((e: unknown) => e);
    expect(calls).toHaveLength(3);
    expect(err).toMatchObject({ statusCode: 0, type: 'api_connection_error' });
  });
});

describe('the client against the Stripe stand-in (its wire protocol)', () => {
  it('a declined card is a card_error naming its intent', async () => {
    const err = await standIn()
      .paymentIntents.create({
        amount: 1300,
        currency: 'gbp',
        payment_method: 'pm_card_chargeDeclinedInsufficientFunds',
        confirm: true,
        return_url: 'https://example.com/back',
        metadata: { test: 'declined' },
      })
      .catch((e: unknown) => e);
    expect(isCardError(err)).toBe(true);
    expect(err).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'insufficient_funds' });
    expect((err as StripeError).payment_intent?.id).toMatch(/^pi_/);
  });

  it('a key reused with other parameters is an idempotency error', async () => {
    const key = `test-${crypto.randomUUID()}`;
    await standIn().customers.create({ metadata: { n: '1' } }, { idempotencyKey: key });
    const err = await standIn()
      .customers.create({ metadata: { n: '2' } }, { idempotencyKey: key })
      .catch((e: unknown) => e);
    expect(isIdempotencyError(err)).toBe(true);
    expect(err).toMatchObject({ statusCode: 400, type: 'idempotency_error' });
  });
});

describe('webhook signatures checked with crypto.subtle (worker/api/stripe-signature.ts)', () => {
  const event = JSON.stringify({ id: 'evt_1', type: 'customer.created', data: { object: { id: 'cus_1' } } });
  const post = (body: string, signature: string) =>
    call('/webhooks/stripe', { method: 'POST', headers: { 'Stripe-Signature': signature }, body });

  it("takes an event signed as Stripe signs it, also beside a rolled secret's signature", async () => {
    const signed = await signWebhook(event, env.STRIPE_WEBHOOK_SECRET!);
    expect((await post(event, signed)).status).toBe(200);
    const [t, v1] = signed.split(',');
    expect((await post(event, `${t},v1=${'0'.repeat(64)},${v1}`)).status).toBe(200);
  });

  it('refuses another body, a stale or missing timestamp, and a signed body that is not JSON (400)', async () => {
    const signed = await signWebhook(event, env.STRIPE_WEBHOOK_SECRET!);
    expect((await post(event.replace('cus_1', 'cus_2'), signed)).status).toBe(400);
    const stale = await signWebhook(event, env.STRIPE_WEBHOOK_SECRET!, Math.floor(Date.now() / 1000) - 301);
    expect((await post(event, stale)).status).toBe(400);
    expect((await post(event, signed.replace(/^t=\d+,/, ''))).status).toBe(400);
    const notJson = 'not json';
    expect((await post(notJson, await signWebhook(notJson, env.STRIPE_WEBHOOK_SECRET!))).status).toBe(400);
  });
});
