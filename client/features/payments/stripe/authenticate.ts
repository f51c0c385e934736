import type { ProviderError } from '../types';
import { stripeFor } from './load';

/** Stripe.js's own 3-D Secure modal for a payment intent awaiting authentication. */
export async function handleNextActionWithStripe(
  publishableKey: string,
  clientSecret: string,
): Promise<{ status: string } | { error: ProviderError }> {
  const stripe = await stripeFor(publishableKey);
  if (!stripe) return { error: { type: 'api_connection_error', message: 'Stripe.js could not be loaded.' } };
  const result = await stripe.handleNextAction({ clientSecret });
  if (result.error) return { error: result.error };
  const intent = 'paymentIntent' in result ? result.paymentIntent : undefined;
  return { status: intent?.status ?? 'unknown' };
}
