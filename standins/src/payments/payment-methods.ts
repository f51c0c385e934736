import * as z from 'zod';
import { cardFromInput, cardFromTestId, type CardDetails } from './cards';
import type { Ctx, Route } from './context';
import { newId, unixSeconds } from './ids';
import type { Metadata } from './metadata';
import { badParam, noSuch } from './stripe-error';
import { commit, load, retrying, type Stored } from './store';
import { isTestPaymentMethodId, type Behaviour } from './test-cards';
import { parseParams } from './validation';

interface BillingDetails {
  address: { city: null; country: null; line1: null; line2: null; postal_code: null; state: null };
  email: string | null;
  name: null;
  phone: null;
  tax_id: null;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  allow_redisplay: 'unspecified';
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

/** Stores a new payment method for a card (the email a Checkout buyer typed, if any) and reads it back (with its revision). */
export async function insertPaymentMethod(
  ctx: Pick<Ctx, 'db' | 'now'>,
  { card, behaviour }: { card: CardDetails; behaviour: Behaviour },
  email: string | null = null,
): Promise<StoredPm> {
  const pm: PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email,
      name: null,
      phone: null,
      tax_id: null,
    },
    card,
    created: unixSeconds(ctx.now),
    customer: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
  const internal: PmInternal = { behaviour, setUp: false, consumed: false };
  await commit(ctx.db, [{ table: 'stripe_payment_methods', object: pm, internal }]);
  return (await load<PaymentMethod, PmInternal>(ctx.db, 'stripe_payment_methods', pm.id))!;
}

/**
 * A payment method named by a request: a stored pm_..., or a test id (pm_card_visa...) from
 * which, as on Stripe, a fresh payment method is created. status 404 for a path id, 400 for a parameter.
 */
export async function resolvePaymentMethod(ctx: Ctx, ref: string, param: string, status: 400 | 404 = 400): Promise<StoredPm> {
  if (isTestPaymentMethodId(ref)) return insertPaymentMethod(ctx, await cardFromTestId(ref, ctx.now));
  const found = /^pm_[A-Za-z0-9]+$/.test(ref) ? await load<PaymentMethod, PmInternal>(ctx.db, 'stripe_payment_methods', ref) : null;
  if (!found) throw noSuch('payment_method', ref, param, status);
  return found;
}

/**
 * An intent for `customer` may use the payment method: one neither detached nor used without a
 * customer (Stripe never lets those be reused), unattached or attached to that customer.
 */
export function assertUsableBy(pm: StoredPm, customer: string | null, object: 'PaymentIntent' | 'SetupIntent'): void {
  if (pm.internal.consumed) {
    throw badParam(
      'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
      'payment_method',
    );
  }
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

// Card fields stay text here: cardFromInput answers Stripe's card_error codes (and never echoes them).
const createPm = z.strictObject({
  type: z.enum(['card']),
  card: z.strictObject({
    number: z.string().max(40),
    exp_month: z.string().max(4),
    exp_year: z.string().max(4),
    cvc: z.string().max(8).optional(),
  }),
});
const noParams = z.strictObject({});

export const paymentMethodRoutes: Route[] = [
  // the browser's card form, with the publishable key (client/features/payments/offline/stand-in.ts)
  {
    method: 'POST',
    path: '/v1/payment_methods',
    publishable: true,
    handler: async (ctx) => {
      const p = parseParams(createPm, ctx.input);
      return (await insertPaymentMethod(ctx, await cardFromInput(p.card, ctx.now))).object;
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_methods/:id',
    handler: async (ctx) => {
      parseParams(noParams, ctx.input);
      return (await resolvePaymentMethod(ctx, ctx.params.id ?? '', 'payment_method', 404)).object;
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/detach',
    handler: (ctx) => {
      parseParams(noParams, ctx.input);
      return retrying(async () => {
        const pm = await resolvePaymentMethod(ctx, ctx.params.id ?? '', 'payment_method', 404);
        if (!pm.object.customer)
          throw badParam('The payment method you provided is not attached to a customer so detachment is impossible.', 'payment_method');
        const object = { ...pm.object, customer: null };
        const write = {
          table: 'stripe_payment_methods' as const,
          object,
          internal: { ...pm.internal, consumed: true },
          expected: pm.revision,
        };
        return (await commit(ctx.db, [write])) ? object : undefined;
      });
    },
  },
];
