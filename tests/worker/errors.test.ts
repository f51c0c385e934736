import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../worker/env';
import { onError } from '../../worker/error-answer';
import { MSG_PAYMENTS_UNAVAILABLE } from '../../worker/errors';

/** An app whose one route throws what the stripe SDK throws when Stripe cannot answer. */
const failingWith = (type: string) =>
  new Hono<AppEnv>()
    .use(requestId())
    .get('/pay', () => {
      throw Object.assign(new Error('An error occurred with our connection to Stripe.'), { type });
    })
    .onError(onError);

describe('the one error answer', () => {
  it.each(['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError'])(
    'answers 502 with a clear message when Stripe cannot answer (%s)',
    async (type) => {
      const res = await failingWith(type).request('/pay');
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ code: 'BAD_GATEWAY', detail: MSG_PAYMENTS_UNAVAILABLE });
    },
  );

  it('keeps 500 for a fault of its own, without its message', async () => {
    const res = await failingWith('SomethingElse').request('/pay');
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 'INTERNAL', detail: 'Something went wrong on our side. Please try again.' });
  });
});
