import Stripe from 'stripe';

/** The Stripe error a call that must fail rejects with (the test fails if the call succeeds). */
export async function stripeError(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof Stripe.errors.StripeError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}
