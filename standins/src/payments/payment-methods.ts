import { z } from 'zod';
import { cardFromInput } from './cards';
import type { Ctx, Route } from './context';
import { loadCustomer } from './customer-store';
import { checkExpand, expanded } from './expand';
import { applyMetadata } from './metadata';
import { expandParam, metadataParam, optText } from './params';
import { EMPTY_ADDRESS, insertPaymentMethod, newPaymentMethod, resolvePaymentMethod, type BillingDetails } from './payment-method-store';
import { badParam } from './stripe-error';
import { commit, retrying, type Write } from './store';
import { parseParams } from './validation';

const address = z
  .strictObject({
    city: optText(200),
    country: optText(2),
    line1: optText(200),
    line2: optText(200),
    postal_code: optText(20),
    state: optText(200),
  })
  .optional();
const billingDetails = z.strictObject({ address, email: optText(512), name: optText(256), phone: optText(40) }).optional();
type BillingParam = z.output<typeof billingDetails>;

// Card fields stay text here: cardFromInput answers Stripe's card_error codes (and never echoes them).
const card = z.strictObject({
  number: z.string().max(40),
  exp_month: z.string().max(4),
  exp_year: z.string().max(4),
  cvc: z.string().max(8).optional(),
});
const allowRedisplay = z.enum(['always', 'limited', 'unspecified']).optional();

const createPm = z.strictObject({
  type: z.enum(['card']),
  card,
  billing_details: billingDetails,
  metadata: metadataParam,
  allow_redisplay: allowRedisplay,
  expand: expandParam,
});
const detachPm = z.strictObject({ expand: expandParam });

function mergeBilling(current: BillingDetails, change: BillingParam): BillingDetails {
  if (!change) return current;
  const next = { ...current, address: { ...current.address } };
  for (const k of ['email', 'name', 'phone'] as const) if (change[k] !== undefined) next[k] = change[k];
  for (const [k, v] of Object.entries(change.address ?? {})) if (v !== undefined) next.address[k as keyof typeof next.address] = v;
  return next;
}

async function create(ctx: Ctx): Promise<object> {
  const p = parseParams(createPm, ctx.input);
  checkExpand(p.expand, []);
  const { card: details, behaviour } = await cardFromInput(p.card, ctx.now);
  const pm = newPaymentMethod(details, ctx.now, {
    billing_details: mergeBilling({ address: { ...EMPTY_ADDRESS }, email: null, name: null, phone: null, tax_id: null }, p.billing_details),
    metadata: applyMetadata({}, p.metadata),
    allow_redisplay: p.allow_redisplay ?? 'unspecified',
  });
  return (await insertPaymentMethod(ctx, pm, behaviour)).object;
}

/** Reads, changes and writes one payment method (and whatever else `change` adds), retrying lost races. */
function changePm(
  ctx: Ctx,
  expand: string[] | undefined,
  change: (pm: Awaited<ReturnType<typeof resolvePaymentMethod>>) => Promise<Write[]>,
) {
  const fields = checkExpand(expand, ['customer']);
  return retrying(async () => {
    const stored = await resolvePaymentMethod(ctx, ctx.params.id ?? '', 'payment_method', 404);
    const writes = await change(stored);
    if (writes.length > 0 && !(await commit(ctx.db, writes))) return undefined;
    return expanded(ctx, writes[0]?.object ?? stored.object, fields);
  });
}

export const paymentMethodRoutes: Route[] = [
  { method: 'POST', path: '/v1/payment_methods', publishable: true, handler: create },
  {
    method: 'GET',
    path: '/v1/payment_methods/:id',
    handler: async (ctx) => {
      const p = parseParams(detachPm, ctx.input);
      const fields = checkExpand(p.expand, ['customer']);
      return expanded(ctx, (await resolvePaymentMethod(ctx, ctx.params.id ?? '', 'payment_method', 404)).object, fields);
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/detach',
    handler: (ctx) => {
      const p = parseParams(detachPm, ctx.input);
      return changePm(ctx, p.expand, async (pm) => {
        const owner = pm.object.customer;
        if (!owner)
          throw badParam('The payment method you provided is not attached to a customer so detachment is impossible.', 'payment_method');
        const writes: Write[] = [
          {
            table: 'stripe_payment_methods',
            object: { ...pm.object, customer: null },
            internal: { ...pm.internal, consumed: true },
            expected: pm.revision,
          },
        ];
        // the customer's default card is unset with it
        const customer = await loadCustomer(ctx, owner, 'customer');
        if (customer.object.invoice_settings.default_payment_method === pm.object.id) {
          const object = { ...customer.object, invoice_settings: { ...customer.object.invoice_settings, default_payment_method: null } };
          writes.push({ table: 'stripe_customers', object, expected: customer.revision });
        }
        return writes;
      });
    },
  },
];
