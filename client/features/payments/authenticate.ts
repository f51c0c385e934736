import type { ProviderError } from './types';

/** What the booking answer gives for a payment that needs 3-D Secure. */
export interface PendingAuthentication {
  /** the challenge page (the stand-in's offline, the bank's via Stripe in production) */
  next_action_url?: string | null;
  client_secret?: string | null;
  publishable_key?: string | null;
}

export type AuthenticationOutcome = { status: 'redirecting' } | { status: 'authenticated' } | { status: 'failed'; error: ProviderError };

/**
 * Runs the 3-D Secure step of a payment: a redirect to next_action_url when there is one (the
 * page sends the browser back to the return_url given with the booking), otherwise Stripe.js's
 * own modal (loaded only now).
 */
export async function authenticatePayment(p: PendingAuthentication): Promise<AuthenticationOutcome> {
  if (p.next_action_url) {
    window.location.assign(p.next_action_url);
    return { status: 'redirecting' };
  }
  if (p.client_secret && p.publishable_key) {
    const { handleNextActionWithStripe } = await import('./stripe/authenticate');
    const r = await handleNextActionWithStripe(p.publishable_key, p.client_secret);
    if ('error' in r) return { status: 'failed', error: r.error };
    return r.status === 'succeeded' || r.status === 'requires_capture'
      ? { status: 'authenticated' }
      : { status: 'failed', error: { code: 'payment_intent_authentication_failure' } };
  }
  return {
    status: 'failed',
    error: { code: 'payment_intent_authentication_failure', message: 'No way to authenticate the payment was given.' },
  };
}
