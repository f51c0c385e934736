import { z } from 'zod';
import { attachWrite } from './attach';
import type { Ctx, Route } from './context';
import { newCustomer } from './customer-store';
import { checkExpand, expanded } from './expand';
import { applyMetadata } from './metadata';
import { expandParam, formArray, idParam, metadataParam, optId, optText } from './params';
import { resolvePaymentMethod } from './payment-method-store';
import { badParam } from './stripe-error';
import { commit, lockTimeout, type Write } from './store';
import { parseParams } from './validation';

const createCustomer = z.strictObject({
  description: optText(),
  email: optText(512),
  name: optText(256),
  phone: optText(20),
  metadata: metadataParam,
  preferred_locales: formArray(z.string().min(2).max(10), 30).optional(),
  invoice_settings: z.strictObject({ default_payment_method: optId }).optional(),
  expand: expandParam,
  payment_method: idParam.optional(),
});
const EXPANDABLE = ['invoice_settings.default_payment_method'];

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

export const customerRoutes: Route[] = [{ method: 'POST', path: '/v1/customers', handler: create }];
