import { z } from 'zod';
import { attachWrite } from './attach';
import type { Ctx, Route } from './context';
import { loadCustomer, newCustomer, type Customer } from './customer-store';
import { checkExpand, expanded } from './expand';
import { applyMetadata } from './metadata';
import { expandParam, formArray, idParam, listParams, metadataParam, optId, optText } from './params';
import { resolvePaymentMethod } from './payment-method-store';
import { badParam } from './stripe-error';
import { commit, listObjects, lockTimeout, retrying, type Write } from './store';
import { parseParams } from './validation';

const fields = {
  description: optText(),
  email: optText(512),
  name: optText(256),
  phone: optText(20),
  metadata: metadataParam,
  preferred_locales: formArray(z.string().min(2).max(10), 30).optional(),
  invoice_settings: z.strictObject({ default_payment_method: optId }).optional(),
  expand: expandParam,
};
const EXPANDABLE = ['invoice_settings.default_payment_method'];

const createCustomer = z.strictObject({ ...fields, payment_method: idParam.optional() });
const updateCustomer = z.strictObject(fields);
const listCustomers = z.strictObject({ ...listParams, email: z.string().max(512).optional() });
const listPaymentMethods = z.strictObject({ ...listParams, type: z.enum(['card']).optional() });

/** invoice_settings[default_payment_method] must be one of the customer's own cards. */
async function checkDefault(ctx: Ctx, customer: string, pm: string | null | undefined): Promise<void> {
  if (!pm) return;
  const found = await resolvePaymentMethod(ctx, pm, 'invoice_settings[default_payment_method]');
  if (found.object.customer !== customer) {
    throw badParam(
      `The customer does not have a payment method with the ID ${pm}. The payment method must be attached to the customer.`,
      'invoice_settings[default_payment_method]',
    );
  }
}

async function create(ctx: Ctx): Promise<object> {
  const p = parseParams(createCustomer, ctx.input);
  const paths = checkExpand(p.expand, EXPANDABLE);
  const customer = newCustomer(ctx.now, {
    description: p.description ?? null,
    email: p.email ?? null,
    name: p.name ?? null,
    phone: p.phone ?? null,
    metadata: applyMetadata({}, p.metadata),
    preferred_locales: p.preferred_locales ?? [],
  });
  const writes: Write[] = [{ table: 'stripe_customers', object: customer }];
  if (p.payment_method) {
    const pm = await resolvePaymentMethod(ctx, p.payment_method, 'payment_method');
    const attach = attachWrite(pm, customer.id);
    if (attach) writes.push(attach);
  }
  if (p.invoice_settings?.default_payment_method) {
    if (p.invoice_settings.default_payment_method !== p.payment_method) {
      throw badParam(
        'The default payment method must be the payment_method given with the new customer.',
        'invoice_settings[default_payment_method]',
      );
    }
    customer.invoice_settings.default_payment_method = writes[1]?.object.id ?? null;
  }
  // the customer is inserted first: the attached card's row refers to it
  if (!(await commit(ctx.db, writes))) throw lockTimeout(); // the card changed meanwhile
  return expanded(ctx, customer, paths);
}

async function update(ctx: Ctx): Promise<object> {
  const p = parseParams(updateCustomer, ctx.input);
  const paths = checkExpand(p.expand, EXPANDABLE);
  return retrying(async () => {
    const stored = await loadCustomer(ctx, ctx.params.id ?? '', 'id', 404);
    const c: Customer = structuredClone(stored.object);
    if (p.description !== undefined) c.description = p.description;
    if (p.email !== undefined) c.email = p.email;
    if (p.name !== undefined) c.name = p.name;
    if (p.phone !== undefined) c.phone = p.phone;
    if (p.preferred_locales !== undefined) c.preferred_locales = p.preferred_locales;
    c.metadata = applyMetadata(c.metadata, p.metadata);
    if (p.invoice_settings?.default_payment_method !== undefined) {
      await checkDefault(ctx, c.id, p.invoice_settings.default_payment_method);
      c.invoice_settings.default_payment_method = p.invoice_settings.default_payment_method;
    }
    return (await commit(ctx.db, [{ table: 'stripe_customers', object: c, expected: stored.revision }]))
      ? expanded(ctx, c, paths)
      : undefined;
  });
}

export const customerRoutes: Route[] = [
  { method: 'POST', path: '/v1/customers', handler: create },
  {
    method: 'GET',
    path: '/v1/customers',
    handler: async (ctx) => {
      const p = parseParams(listCustomers, ctx.input);
      const paths = checkExpand(p.expand, EXPANDABLE, true);
      const page = await listObjects<Customer>(ctx.db, 'stripe_customers', p.email ? [{ on: 'email', value: p.email }] : [], p);
      const data = await Promise.all(page.data.map((c) => expanded(ctx, c, paths)));
      return { object: 'list', data, has_more: page.has_more, url: '/v1/customers' };
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id',
    handler: async (ctx) => {
      const p = parseParams(z.strictObject({ expand: expandParam }), ctx.input);
      const paths = checkExpand(p.expand, EXPANDABLE);
      return expanded(ctx, (await loadCustomer(ctx, ctx.params.id ?? '', 'id', 404)).object, paths);
    },
  },
  { method: 'POST', path: '/v1/customers/:id', handler: update },
  {
    method: 'GET',
    path: '/v1/customers/:id/payment_methods',
    handler: async (ctx) => {
      const p = parseParams(listPaymentMethods, ctx.input);
      const fields = checkExpand(p.expand, ['customer'], true);
      const customer = await loadCustomer(ctx, ctx.params.id ?? '', 'customer', 404);
      const page = await listObjects<object>(ctx.db, 'stripe_payment_methods', [{ on: 'customer', value: customer.object.id }], p);
      const data = await Promise.all(page.data.map((pm) => expanded(ctx, pm, fields)));
      return { object: 'list', data, has_more: page.has_more, url: `/v1/customers/${customer.object.id}/payment_methods` };
    },
  },
];
