import type { Ctx } from './context';
import { newId, randomBase62, unixSeconds } from './ids';
import type { Metadata } from './metadata';
import { noSuch } from './stripe-error';
import { load, type Stored } from './store';

export interface Customer {
  id: string;
  object: 'customer';
  address: null;
  balance: 0;
  created: number;
  currency: null;
  default_source: null;
  delinquent: false;
  description: string | null;
  discount: null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: { custom_fields: null; default_payment_method: string | null; footer: null; rendering_options: null };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  next_invoice_sequence: 1;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
}

export type StoredCustomer = Stored<Customer, Record<string, never>>;

export function newCustomer(
  now: number,
  fields: Pick<Customer, 'description' | 'email' | 'metadata' | 'name' | 'phone' | 'preferred_locales'>,
): Customer {
  return {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: unixSeconds(now),
    currency: null,
    default_source: null,
    delinquent: false,
    description: fields.description,
    discount: null,
    email: fields.email,
    invoice_prefix: randomBase62(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: fields.metadata,
    name: fields.name,
    next_invoice_sequence: 1,
    phone: fields.phone,
    preferred_locales: fields.preferred_locales,
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

/** A customer by id: 404 for a path id, 400 for a parameter (as Stripe). */
export async function loadCustomer(ctx: Ctx, id: string, param: string, status: 400 | 404 = 400): Promise<StoredCustomer> {
  const found = /^cus_[A-Za-z0-9]+$/.test(id) ? await load<Customer, Record<string, never>>(ctx.db, 'stripe_customers', id) : null;
  if (!found) throw noSuch('customer', id, param, status);
  return found;
}
