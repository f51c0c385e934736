import { cardFromTestId, type CardDetails } from './cards';
import type { Ctx } from './context';
import { newId, unixSeconds } from './ids';
import type { Metadata } from './metadata';
import { badParam, noSuch } from './stripe-error';
import { commit, load, type Stored } from './store';
import { isTestPaymentMethodId, type Behaviour } from './test-cards';

export interface Address {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
}

export interface BillingDetails {
  address: Address;
  email: string | null;
  name: string | null;
  phone: string | null;
  tax_id: null;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  allow_redisplay: 'always' | 'limited' | 'unspecified';
  billing_details: BillingDetails;
  card: CardDetails;
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Metadata;
  type: 'card';
}

/** Sandbox state of a payment method: its test behaviour, whether it was set up (SetupIntent), whether it may no longer be used. */
export interface PmInternal {
  behaviour: Behaviour;
  setUp: boolean;
  consumed: boolean;
}

export type StoredPm = Stored<PaymentMethod, PmInternal>;

export const EMPTY_ADDRESS: Address = { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };

export function newPaymentMethod(
  card: CardDetails,
  now: number,
  extra: Partial<Pick<PaymentMethod, 'billing_details' | 'metadata' | 'allow_redisplay'>> = {},
): PaymentMethod {
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: extra.allow_redisplay ?? 'unspecified',
    billing_details: extra.billing_details ?? { address: { ...EMPTY_ADDRESS }, email: null, name: null, phone: null, tax_id: null },
    card,
    created: unixSeconds(now),
    customer: null,
    livemode: false,
    metadata: extra.metadata ?? {},
    type: 'card',
  };
}

/** Stores a new payment method and reads it back (with its revision). */
export async function insertPaymentMethod(ctx: Ctx, pm: PaymentMethod, behaviour: Behaviour): Promise<StoredPm> {
  const internal: PmInternal = { behaviour, setUp: false, consumed: false };
  await commit(ctx.db, [{ table: 'stripe_payment_methods', object: pm, internal }]);
  return (await load<PaymentMethod, PmInternal>(ctx.db, 'stripe_payment_methods', pm.id))!;
}

/**
 * A payment method named by a request: a stored pm_..., or a test id (pm_card_visa...) from
 * which, as on Stripe, a fresh payment method is created. status 404 for a path id, 400 for a parameter.
 */
export async function resolvePaymentMethod(ctx: Ctx, ref: string, param: string, status: 400 | 404 = 400): Promise<StoredPm> {
  if (isTestPaymentMethodId(ref)) {
    const { card, behaviour } = await cardFromTestId(ref, ctx.now);
    return insertPaymentMethod(ctx, newPaymentMethod(card, ctx.now), behaviour);
  }
  const found = /^pm_[A-Za-z0-9]+$/.test(ref) ? await load<PaymentMethod, PmInternal>(ctx.db, 'stripe_payment_methods', ref) : null;
  if (!found) throw noSuch('payment_method', ref, param, status);
  return found;
}

/** Refuses a payment method that was detached, or used without a customer (Stripe never lets it be reused). */
export function assertReusable(pm: StoredPm, param = 'payment_method'): void {
  if (pm.internal.consumed) {
    throw badParam(
      'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
      param,
    );
  }
}

/** An intent for `customer` may use the payment method: unattached, or attached to that customer. */
export function assertUsableBy(pm: StoredPm, customer: string | null, object: 'PaymentIntent' | 'SetupIntent'): void {
  assertReusable(pm);
  const owner = pm.object.customer;
  if (owner && !customer) {
    throw badParam(
      `The provided PaymentMethod ${pm.object.id} belongs to a Customer, but you did not provide the Customer. Please include the Customer in the \`customer\` parameter on the ${object}.`,
      'payment_method',
    );
  }
  if (owner && customer && owner !== customer) {
    throw badParam(
      `The provided PaymentMethod was previously attached to a different Customer. Use a PaymentMethod attached to the ${object}'s Customer.`,
      'payment_method',
    );
  }
}
