import * as z from 'zod';
import type { Ctx, Route } from './context';
import { newId, randomBase62, unixSeconds } from './ids';
import { applyMetadata, type Metadata } from './metadata';
import { metadataParam } from './params';
import { noSuch } from './stripe-error';
import { commit, load, type Stored } from './store';
import { parseParams } from './validation';

export interface Customer {
  id: string;
  object: 'customer';
  address: null;
  balance: 0;
  created: number;
  currency: null;
  default_source: null;
  delinquent: false;
  description: null;
  discount: null;
  email: null;
  invoice_prefix: string;
  invoice_settings: { custom_fields: null; default_payment_method: null; footer: null; rendering_options: null };
  livemode: false;
  metadata: Metadata;
  name: null;
  next_invoice_sequence: 1;
  phone: null;
  preferred_locales: [];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
}

/** A customer by id, named by a parameter (Stripe's 400 when there is none). */
export async function loadCustomer(ctx: Ctx, id: string, param: string): Promise<Stored<Customer, Record<string, never>>> {
  const found = /^cus_[A-Za-z0-9]+$/.test(id) ? await load<Customer, Record<string, never>>(ctx.db, 'stripe_customers', id) : null;
  if (!found) throw noSuch('customer', id, param, 400);
  return found;
}

/** POST /v1/customers with metadata, as the product creates a client's customer (worker/payments/cards.ts). */
async function create(ctx: Ctx): Promise<object> {
  const p = parseParams(z.strictObject({ metadata: metadataParam }), ctx.input);
  const customer: Customer = {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: unixSeconds(ctx.now),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: null,
    invoice_prefix: randomBase62(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: applyMetadata({}, p.metadata),
    name: null,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
  await commit(ctx.db, [{ table: 'stripe_customers', object: customer }]);
  return customer;
}

export const customerRoutes: Route[] = [{ method: 'POST', path: '/v1/customers', handler: create }];
