import type { ProviderError, SetupIntentAnswer, SetupOutcome } from '../types';

/** The card as the offline fields hold it. */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

interface StripeAnswer {
  id?: string;
  status?: string;
  next_action?: { type: string; redirect_to_url?: { url: string } } | null;
  error?: ProviderError;
}

/** A Stripe.js-style call to the stand-in's API: form-encoded, with the publishable key. */
async function post(base: string, path: string, key: string, params: Record<string, string>): Promise<StripeAnswer> {
  let res: Response;
  try {
    res = await fetch(`${base}/v1/${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (e) {
    return { error: { type: 'api_connection_error', message: e instanceof Error ? e.message : String(e) } };
  }
  const body = (await res.json().catch(() => null)) as StripeAnswer | null;
  if (!res.ok || !body) return { error: body?.error ?? { type: 'api_error', message: `HTTP ${res.status}` } };
  return body;
}

/**
 * What Stripe.js's confirmCardSetup does, against the offline stand-in: create the payment
 * method from the card, confirm the setup intent with it, and follow a 3-D Secure redirect.
 */
export async function confirmCardSetupOffline(setup: SetupIntentAnswer, card: CardInput, returnUrl: string): Promise<SetupOutcome> {
  const base = setup.stripe_base!.replace(/\/$/, '');
  const pm = await post(base, 'payment_methods', setup.publishable_key, {
    type: 'card',
    'card[number]': card.number,
    'card[exp_month]': String(card.expMonth),
    'card[exp_year]': String(card.expYear),
    'card[cvc]': card.cvc,
  });
  if (pm.error || !pm.id) return { status: 'failed', error: pm.error ?? { type: 'api_error' } };
  const si = await post(base, `setup_intents/${encodeURIComponent(setup.setup_intent_id)}/confirm`, setup.publishable_key, {
    client_secret: setup.client_secret ?? '',
    payment_method: pm.id,
    return_url: returnUrl,
  });
  if (si.error) return { status: 'failed', error: si.error };
  if (si.status === 'succeeded') return { status: 'succeeded', setupIntentId: si.id ?? setup.setup_intent_id };
  const url = si.next_action?.redirect_to_url?.url;
  if (si.status === 'requires_action' && url) {
    window.location.assign(url);
    return { status: 'redirecting' };
  }
  return { status: 'failed', error: { type: 'card_error', message: `The card setup ended as ${si.status ?? 'unknown'}.` } };
}
