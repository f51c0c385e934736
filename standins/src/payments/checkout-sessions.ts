import { z } from 'zod';
import {
  expireCheckoutSession,
  loadCheckoutSession,
  newCheckoutSession,
  type CheckoutSession,
  type CsInternal,
  type LineItem,
} from './checkout-session-object';
import type { Ctx, Route } from './context';
import { checkExpand, expanded } from './expand';
import { newId, unixSeconds } from './ids';
import { applyMetadata } from './metadata';
import { minimumAmount } from './payment-intent-object';
import { absoluteUrl, currencyParam, expandParam, formArray, formInt, metadataParam, optText, paymentMethodTypes } from './params';
import { badParam } from './stripe-error';
import { commit } from './store';
import { parseParams } from './validation';

/**
 * Stripe Checkout Sessions (mode=payment, price_data line items, cards only):
 * POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id} (expand[] line_items, payment_intent),
 * POST /v1/checkout/sessions/{id}/expire. The buyer pays on the hosted page (checkout.ts).
 */
const EXPANDABLE = ['line_items', 'payment_intent'];
const MAX_AMOUNT = 99_999_999;
const MIN_LIFETIME = 30 * 60;
const MAX_LIFETIME = 24 * 3600;

const lineItem = z.strictObject({
  price_data: z.strictObject({
    currency: currencyParam,
    unit_amount: formInt(0, MAX_AMOUNT),
    product_data: z.strictObject({
      name: z.string().min(1).max(250),
      description: optText(500),
      metadata: metadataParam,
    }),
    tax_behavior: z.enum(['exclusive', 'inclusive', 'unspecified']).optional(),
  }),
  quantity: formInt(1, 999_999),
});

const email = z
  .string()
  .max(800)
  .refine((e) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e), { message: 'Invalid email address', params: { stripeCode: 'email_invalid' } });

const createCs = z.strictObject({
  mode: z.enum(['payment']),
  line_items: formArray(lineItem, 100).optional(),
  success_url: absoluteUrl.optional(),
  cancel_url: absoluteUrl.optional(),
  customer_email: email.optional(),
  client_reference_id: z.string().min(1).max(200).optional(),
  metadata: metadataParam,
  expires_at: formInt(0, 9_999_999_999).optional(),
  payment_method_types: paymentMethodTypes,
  payment_intent_data: z.strictObject({ description: optText(1000), metadata: metadataParam }).optional(),
  expand: expandParam,
});

/** The session as answered, with expand[] applied (line_items is a list of its own). */
async function answer(ctx: Ctx, cs: CheckoutSession, internal: CsInternal, fields: string[]): Promise<object> {
  const out: Record<string, unknown> = {
    ...(await expanded(
      ctx,
      cs,
      fields.filter((f) => f !== 'line_items'),
    )),
  };
  if (fields.includes('line_items')) out.line_items = lineItemList(cs.id, internal.lineItems);
  return out;
}

const lineItemList = (id: string, data: LineItem[]) => ({
  object: 'list',
  data,
  has_more: false,
  url: `/v1/checkout/sessions/${id}/line_items`,
});

async function create(ctx: Ctx): Promise<object> {
  const p = parseParams(createCs, ctx.input);
  const fields = checkExpand(p.expand, EXPANDABLE);
  const items = p.line_items ?? [];
  if (items.length === 0) throw badParam('Missing required param: line_items.', 'line_items', 'parameter_missing');
  const currency = items[0]!.price_data.currency;
  if (items.some((i) => i.price_data.currency !== currency)) {
    throw badParam('All line items must use the same currency.', 'line_items');
  }
  const lineItems: LineItem[] = items.map((i) => ({
    id: newId('li'),
    object: 'item',
    amount_discount: 0,
    amount_subtotal: i.price_data.unit_amount * i.quantity,
    amount_tax: 0,
    amount_total: i.price_data.unit_amount * i.quantity,
    currency,
    description: i.price_data.product_data.name,
    quantity: i.quantity,
  }));
  const amount = lineItems.reduce((sum, i) => sum + i.amount_total, 0);
  const min = minimumAmount(currency);
  if (amount < min) {
    throw badParam(
      `The Checkout Session's total amount due must add up to at least ${min} ${currency} (in the smallest currency unit).`,
      'line_items',
      'amount_too_small',
    );
  }
  if (amount > MAX_AMOUNT) {
    throw badParam(
      `The Checkout Session's total amount due must be no more than ${MAX_AMOUNT} ${currency}.`,
      'line_items',
      'amount_too_large',
    );
  }
  const created = unixSeconds(ctx.now);
  if (p.expires_at !== undefined && p.expires_at < created + MIN_LIFETIME) {
    throw badParam('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', 'expires_at');
  }
  if (p.expires_at !== undefined && p.expires_at > created + MAX_LIFETIME) {
    throw badParam('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', 'expires_at');
  }
  const cs = newCheckoutSession(ctx.now, ctx.origin, {
    amount,
    currency,
    cancel_url: p.cancel_url ?? null,
    success_url: p.success_url ?? null,
    client_reference_id: p.client_reference_id ?? null,
    customer_email: p.customer_email ?? null,
    metadata: applyMetadata({}, p.metadata),
    expires_at: p.expires_at,
  });
  const internal: CsInternal = {
    lineItems,
    intentDescription: p.payment_intent_data?.description ?? null,
    intentMetadata: applyMetadata({}, p.payment_intent_data?.metadata),
  };
  await commit(ctx.db, [{ table: 'stripe_checkout_sessions', object: cs, internal }]);
  return answer(ctx, cs, internal, fields);
}

const pathId = (ctx: Ctx) => ctx.params.id ?? '';

export const checkoutSessionRoutes: Route[] = [
  { method: 'POST', path: '/v1/checkout/sessions', handler: create },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id',
    handler: async (ctx) => {
      const fields = checkExpand(parseParams(z.strictObject({ expand: expandParam }), ctx.input).expand, EXPANDABLE);
      const stored = await loadCheckoutSession(ctx.db, ctx.now, pathId(ctx));
      return answer(ctx, stored.object, stored.internal, fields);
    },
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/expire',
    handler: async (ctx) => {
      const fields = checkExpand(parseParams(z.strictObject({ expand: expandParam }), ctx.input).expand, EXPANDABLE);
      const expired = await expireCheckoutSession(ctx.db, pathId(ctx), ctx);
      return answer(ctx, expired.object, expired.internal, fields);
    },
  },
];
