import * as z from 'zod';
import { expireCheckoutSession, loadCheckoutSession, newCheckoutSession, type LineItem } from './checkout-session-object';
import { connectFields, connectParams } from './connect-charges';
import type { Ctx, Route } from './context';
import { newId } from './ids';
import { applyMetadata } from './metadata';
import { minimumAmount } from './intent-objects';
import { loadIntent } from './intents';
import { absoluteUrl, currencyParam, expandParam, formArray, formInt, metadataParam } from './params';
import { badParam } from './stripe-error';
import { commit } from './store';
import { parseParams } from './validation';

/**
 * Stripe Checkout Sessions (mode=payment, price_data line items, cards only):
 * POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id} (expand[] line_items, payment_intent),
 * POST /v1/checkout/sessions/{id}/expire. The buyer pays on the hosted page (checkout.ts).
 */
const MAX_AMOUNT = 99_999_999;

const lineItem = z.strictObject({
  price_data: z.strictObject({
    currency: currencyParam,
    unit_amount: formInt(0, MAX_AMOUNT),
    product_data: z.strictObject({ name: z.string().min(1).max(250) }),
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
  metadata: metadataParam,
  payment_intent_data: z.strictObject(connectParams).optional(),
});

/**
 * GET /v1/checkout/sessions/{id}, with expand[]=payment_intent as the product retrieves a paid
 * session (worker/payments/vouchers.ts) or expand[]=line_items as the Worker tests read it.
 */
async function retrieve(ctx: Ctx): Promise<object> {
  const { expand = [] } = parseParams(z.strictObject({ expand: expandParam }), ctx.input);
  const bad = expand.find((e) => e !== 'line_items' && e !== 'payment_intent');
  if (bad !== undefined) throw badParam(`This property cannot be expanded (${bad.slice(0, 100)}).`, 'expand');
  const { object: cs, internal } = await loadCheckoutSession(ctx.db, ctx.now, ctx.params.id ?? '');
  const out: Record<string, unknown> = { ...cs };
  if (expand.includes('payment_intent') && cs.payment_intent) {
    out.payment_intent = (await loadIntent(ctx.db, ctx.now, 'payment_intent', cs.payment_intent)).object;
  }
  if (expand.includes('line_items')) {
    out.line_items = { object: 'list', data: internal.lineItems, has_more: false, url: `/v1/checkout/sessions/${cs.id}/line_items` };
  }
  return out;
}

async function create(ctx: Ctx): Promise<object> {
  const p = parseParams(createCs, ctx.input);
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
  const connect = p.payment_intent_data
    ? await connectFields(ctx.db, p.payment_intent_data, amount, ctx.account, 'payment_intent_data')
    : undefined;
  const cs = newCheckoutSession(ctx.now, ctx.origin, {
    amount,
    currency,
    cancel_url: p.cancel_url ?? null,
    success_url: p.success_url ?? null,
    customer_email: p.customer_email ?? null,
    metadata: applyMetadata({}, p.metadata),
  });
  await commit(ctx.db, [{ table: 'stripe_checkout_sessions', object: cs, internal: { lineItems, ...(connect ? { connect } : {}) } }]);
  return cs;
}

export const checkoutSessionRoutes: Route[] = [
  { method: 'POST', path: '/v1/checkout/sessions', handler: create },
  { method: 'GET', path: '/v1/checkout/sessions/:id', handler: retrieve },
  // the Worker tests expire a session (tests/worker/vouchers.test.ts)
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/expire',
    handler: async (ctx) => {
      parseParams(z.strictObject({}), ctx.input);
      return (await expireCheckoutSession(ctx.db, ctx.params.id ?? '', ctx)).object;
    },
  },
];
