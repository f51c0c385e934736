import { z } from 'zod';
import type { Ctx, Route } from './context';
import { loadCustomer } from './customers';
import { commitWithEvents } from './events';
import { applyMetadata } from './metadata';
import type { Attempt } from './payment-attempt';
import { paymentIntentActions } from './payment-intent-actions';
import { confirmFields, confirmInto, paymentMethodFor } from './payment-intent-confirm';
import { checkMinimum, newPaymentIntent, type PiInternal } from './payment-intent-object';
import { loadPaymentIntent } from './payment-intent-store';
import {
  automaticPaymentMethods,
  currencyParam,
  formBool,
  formInt,
  idParam,
  listParams,
  metadataParam,
  optText,
  paymentMethodTypes,
} from './params';
import { badParam } from './stripe-error';
import { listObjects, retrying, type Write } from './store';
import { parseParams } from './validation';

const amount = formInt(1, 99_999_999);
const currency = currencyParam;
const captureMethod = z.enum(['automatic', 'automatic_async', 'manual']);
const descriptor = optText(22);

const createPi = z.strictObject({
  ...confirmFields,
  amount,
  currency,
  customer: idParam.optional(),
  capture_method: captureMethod.optional(),
  confirmation_method: z.enum(['automatic', 'manual']).optional(),
  confirm: formBool.optional(),
  description: optText(1000),
  metadata: metadataParam,
  payment_method_types: paymentMethodTypes,
  automatic_payment_methods: automaticPaymentMethods,
  statement_descriptor: descriptor,
  statement_descriptor_suffix: descriptor,
});

const listPis = z.strictObject({ ...listParams, customer: idParam.optional() });

async function create(ctx: Ctx): Promise<object> {
  const p = parseParams(createPi, ctx.input);
  checkMinimum(p.amount, p.currency);
  if (!p.confirm && p.off_session !== undefined)
    throw badParam('You may only specify `off_session` when confirming a PaymentIntent (confirm=true).', 'off_session');
  if (!p.confirm && p.return_url !== undefined)
    throw badParam('You may only specify `return_url` when confirming a PaymentIntent (confirm=true).', 'return_url');
  const customer = p.customer ? (await loadCustomer(ctx, p.customer, 'customer')).object.id : null;
  const { pi, attempt } = await retrying(async () => {
    const pi = newPaymentIntent(ctx.now, {
      amount: p.amount,
      currency: p.currency,
      customer,
      description: p.description ?? null,
      metadata: applyMetadata({}, p.metadata),
      capture_method: p.capture_method ?? 'automatic',
      confirmation_method: p.confirmation_method ?? 'automatic',
      receipt_email: p.receipt_email ?? null,
      setup_future_usage: p.setup_future_usage ?? null,
      statement_descriptor: p.statement_descriptor ?? null,
      statement_descriptor_suffix: p.statement_descriptor_suffix ?? null,
      automatic_payment_methods: p.automatic_payment_methods ?? null,
      payment_method: null,
      request3ds: p.payment_method_options?.card?.request_three_d_secure ?? 'automatic',
    });
    const internal: PiInternal = {};
    let attempt: Attempt = { events: [] };
    if (p.payment_method || p.confirm) {
      const pm = await paymentMethodFor(ctx, p.payment_method, pi);
      pi.payment_method = pm.object.id;
      pi.status = 'requires_confirmation';
      if (p.confirm) attempt = confirmInto(ctx, pi, internal, pm, p);
    }
    const writes: Write[] = [{ table: 'stripe_payment_intents', object: pi, internal }];
    if (attempt.pmWrite) writes.push(attempt.pmWrite);
    return (await commitWithEvents(ctx.db, writes, attempt.events, ctx)) ? { pi, attempt } : undefined;
  });
  if (attempt.error) throw attempt.error;
  return pi;
}

export const paymentIntentRoutes: Route[] = [
  { method: 'POST', path: '/v1/payment_intents', handler: create },
  {
    method: 'GET',
    path: '/v1/payment_intents',
    handler: async (ctx) => {
      const p = parseParams(listPis, ctx.input);
      const filter = p.customer ? { on: 'customer' as const, value: p.customer } : null;
      return listObjects(ctx.db, 'stripe_payment_intents', '/v1/payment_intents', filter, p.limit);
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_intents/:id',
    handler: async (ctx) => {
      parseParams(z.strictObject({}), ctx.input);
      return (await loadPaymentIntent(ctx.db, ctx.now, ctx.params.id ?? '')).object;
    },
  },
  ...paymentIntentActions,
];
