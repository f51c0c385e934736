import { z } from 'zod';
import type { Ctx, Route } from './context';
import { loadCustomer } from './customer-store';
import { commitWithEvents } from './events';
import { checkExpand, expanded } from './expand';
import { applyMetadata } from './metadata';
import { assertUsableBy, resolvePaymentMethod } from './payment-method-store';
import {
  automaticPaymentMethods,
  expandParam,
  formBool,
  idParam,
  listParams,
  metadataParam,
  optText,
  paymentMethodOptions,
  paymentMethodTypes,
  returnUrl,
} from './params';
import { attemptSetup, newSetupIntent, type SetupAttempt, type SiInternal } from './setup-intent-object';
import { loadSetupIntent, setupIntentActions } from './setup-intent-actions';
import { badParam, unexpectedState } from './stripe-error';
import { commit, listObjects, retrying, type Write } from './store';
import { parseParams } from './validation';

const EXPANDABLE = ['customer', 'payment_method'];

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
  expand: expandParam,
});

const updateSi = z.strictObject({
  customer: idParam.optional(),
  payment_method: idParam.optional(),
  description: optText(1000),
  metadata: metadataParam,
  expand: expandParam,
});

const listSis = z.strictObject({ ...listParams, customer: idParam.optional(), payment_method: idParam.optional() });

async function create(ctx: Ctx): Promise<object> {
  const p = parseParams(createSi, ctx.input);
  const fields = checkExpand(p.expand, EXPANDABLE);
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
  return expanded(ctx, si, fields);
}

async function update(ctx: Ctx): Promise<object> {
  const p = parseParams(updateSi, ctx.input);
  const fields = checkExpand(p.expand, EXPANDABLE);
  return retrying(async () => {
    const stored = await loadSetupIntent(ctx, ctx.params.id ?? '');
    const si = structuredClone(stored.object);
    if (p.description !== undefined) si.description = p.description;
    si.metadata = applyMetadata(si.metadata, p.metadata);
    if (p.customer !== undefined) {
      if (si.customer && si.customer !== p.customer)
        throw badParam('You cannot change the customer of a SetupIntent once it is set.', 'customer');
      si.customer = (await loadCustomer(ctx, p.customer, 'customer')).object.id;
    }
    if (p.payment_method !== undefined) {
      if (si.status !== 'requires_payment_method' && si.status !== 'requires_confirmation' && si.status !== 'requires_action') {
        throw unexpectedState('setup_intent', `You cannot update this SetupIntent because it has a status of ${si.status}.`, si);
      }
      const pm = await resolvePaymentMethod(ctx, p.payment_method, 'payment_method');
      assertUsableBy(pm, si.customer, 'SetupIntent');
      si.payment_method = pm.object.id;
      si.status = 'requires_confirmation';
      si.next_action = null;
    }
    const write = { table: 'stripe_setup_intents' as const, object: si, internal: stored.internal, expected: stored.revision };
    return (await commit(ctx.db, [write])) ? expanded(ctx, si, fields) : undefined;
  });
}

export const setupIntentRoutes: Route[] = [
  { method: 'POST', path: '/v1/setup_intents', handler: create },
  {
    method: 'GET',
    path: '/v1/setup_intents',
    handler: async (ctx) => {
      const p = parseParams(listSis, ctx.input);
      const fields = checkExpand(p.expand, EXPANDABLE, true);
      const filters = [
        ...(p.customer ? [{ on: 'customer' as const, value: p.customer }] : []),
        ...(p.payment_method ? [{ on: 'payment_method' as const, value: p.payment_method }] : []),
      ];
      const page = await listObjects<object>(ctx.db, 'stripe_setup_intents', filters, p);
      const data = await Promise.all(page.data.map((si) => expanded(ctx, si, fields)));
      return { object: 'list', data, has_more: page.has_more, url: '/v1/setup_intents' };
    },
  },
  {
    method: 'GET',
    path: '/v1/setup_intents/:id',
    handler: async (ctx) => {
      const p = parseParams(z.strictObject({ expand: expandParam, client_secret: z.string().max(200).optional() }), ctx.input);
      const fields = checkExpand(p.expand, EXPANDABLE);
      return expanded(ctx, (await loadSetupIntent(ctx, ctx.params.id ?? '')).object, fields);
    },
  },
  { method: 'POST', path: '/v1/setup_intents/:id', handler: update },
  ...setupIntentActions,
];
