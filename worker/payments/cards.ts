import type { StripeClient } from './stripe-api';
import { cardOf, recordCustomer, storeCard } from '../db/cards';
import { AppError } from '../errors';

import type { SavedCard } from '../../shared/cards';

export type { SavedCard };

/** The client's saved card, or null. */
export async function savedCard(db: D1Database, clientId: string): Promise<(SavedCard & { customer: string }) | null> {
  const r = await cardOf(db, clientId);
  if (!r?.payment_method_id) return null;
  return {
    id: r.payment_method_id,
    last4: r.last4 ?? '',
    brand: r.brand ?? 'card',
    exp_month: r.exp_month ?? 0,
    exp_year: r.exp_year ?? 0,
    customer: r.customer_id,
  };
}

/** The client's payment-provider customer, created on first need. */
async function customerFor(db: D1Database, stripe: StripeClient, clientId: string): Promise<string> {
  const existing = await cardOf(db, clientId);
  if (existing) return existing.customer_id;
  const customer = await stripe.customers.create({ metadata: { client_id: clientId } }, { idempotencyKey: `customer-${clientId}` });
  await recordCustomer(db, clientId, customer.id, Date.now());
  return (await cardOf(db, clientId))!.customer_id;
}

/** A setup intent for saving a card off-session (the browser confirms it with the card). */
export async function startCardSetup(db: D1Database, stripe: StripeClient, clientId: string) {
  const customer = await customerFor(db, stripe, clientId);
  return stripe.setupIntents.create({ customer, usage: 'off_session', metadata: { client_id: clientId } });
}

/** Keeps the card of a succeeded setup intent of this client's, replacing the previous card. */
export async function saveCard(db: D1Database, stripe: StripeClient, clientId: string, setupIntentId: string): Promise<SavedCard> {
  const customer = await customerFor(db, stripe, clientId);
  const si = await stripe.setupIntents.retrieve(setupIntentId).catch(() => null);
  if (!si || si.customer !== customer) throw new AppError('NOT_FOUND', 'That card setup was not found');
  if (si.status !== 'succeeded' || typeof si.payment_method !== 'string') {
    throw new AppError('BAD_REQUEST', 'The card has not been set up yet. Please try again and ensure the authentication is completed.');
  }
  const pm = await stripe.paymentMethods.retrieve(si.payment_method);
  const previous = await savedCard(db, clientId);
  if (previous && previous.id !== pm.id) await stripe.paymentMethods.detach(previous.id).catch(() => undefined);
  const card = {
    id: pm.id,
    last4: pm.card?.last4 ?? '',
    brand: pm.card?.brand ?? 'card',
    exp_month: pm.card?.exp_month ?? 0,
    exp_year: pm.card?.exp_year ?? 0,
  };
  await storeCard(db, clientId, card, Date.now());
  return card;
}

/** Removes the saved card (detached from the customer too). */
export async function removeCard(db: D1Database, stripe: StripeClient, clientId: string): Promise<void> {
  const card = await savedCard(db, clientId);
  if (!card) throw new AppError('NOT_FOUND', 'No payment card added');
  await stripe.paymentMethods.detach(card.id).catch(() => undefined);
  await storeCard(db, clientId, null, Date.now());
}
