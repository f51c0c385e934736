import { z } from 'zod';
import type { Ctx, Route } from './context';
import { loadCustomer } from './customers';
import { commitWithEvents } from './events';
import { applyMetadata } from './metadata';
import { assertUsableBy, resolvePaymentMethod } from './payment-methods';
import {
  automaticPaymentMethods,
  formBool,
  idParam,
  metadataParam,
  optText,
  paymentMethodOptions,
  paymentMethodTypes,
  returnUrl,
} from './params';
import { attemptSetup, newSetupIntent, type SetupAttempt, type SiInternal } from './setup-intent-object';
import { loadSetupIntent, setupIntentActions } from './setup-intent-actions';
import { badParam } from './stripe-error';
import { retrying, type Write } from './store';
import { parseParams } from './validation';

const createSi = z.strictObject({
  customer: idParam.optional(),
  payment_method: idParam.optional(),
  usage: z.enum(['on_session', 'off_session']).optional(),
  confirm: formBool.optional(),
  return_url: returnUrl.optional(),
  description: optText(1000),
  metadata: metadataParam,
  payment_method_types: paymentMethodTypes,
  payment_method_options: paymentMethodOptions,
  automatic_payment_methods: automaticPaymentMethods,
});

async function create(ctx: Ctx): Promise<object> {
  const p = parseParams(createSi, ctx.input);
  if (!p.confirm && p.return_url !== undefined)
    throw badParam('You may only specify `return_url` when confirming a SetupIntent (confirm=true).', 'return_url');
  const customer = p.customer ? (await loadCustomer(ctx, p.customer, 'customer')).object.id : null;
  const { si, attempt } = await retrying(async () => {
    const si = newSetupIntent(ctx.now, {
      customer,
      description: p.description ?? null,
      metadata: applyMetadata({}, p.metadata),
      usage: p.usage ?? 'off_session',
      automatic_payment_methods: p.automatic_payment_methods ?? null,
      payment_method: null,
      request3ds: p.payment_method_options?.card?.request_three_d_secure ?? 'automatic',
    });
    const internal: SiInternal = { returnUrl: p.return_url ?? null };
    let attempt: SetupAttempt = { events: [] };
    if (p.payment_method || p.confirm) {
      if (!p.payment_method) throw badParam("You cannot confirm this SetupIntent because it's missing a payment method.", 'payment_method');
      const pm = await resolvePaymentMethod(ctx, p.payment_method, 'payment_method');
      assertUsableBy(pm, customer, 'SetupIntent');
      si.payment_method = pm.object.id;
      si.status = 'requires_confirmation';
      if (p.confirm) attempt = attemptSetup(ctx, si, internal, pm, false);
    }
    const writes: Write[] = [{ table: 'stripe_setup_intents', object: si, internal }];
    if (attempt.pmWrite) writes.push(attempt.pmWrite);
    return (await commitWithEvents(ctx.db, writes, attempt.events, ctx)) ? { si, attempt } : undefined;
  });
  if (attempt.error) throw attempt.error;
  return si;
}

export const setupIntentRoutes: Route[] = [
  { method: 'POST', path: '/v1/setup_intents', handler: create },
  {
    method: 'GET',
    path: '/v1/setup_intents/:id',
    handler: async (ctx) => {
      parseParams(z.strictObject({}), ctx.input);
      return (await loadSetupIntent(ctx, ctx.params.id ?? '')).object;
    },
  },
  ...setupIntentActions,
];
