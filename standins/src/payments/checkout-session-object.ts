import type { ConnectFields } from './connect-charges';
import type { EventSource } from './context';
import { automatic, commitWithEvents, type EventDraft } from './events';
import { newId, unixSeconds } from './ids';
import type { Metadata } from './metadata';
import { invalidRequest, noSuch } from './stripe-error';
import { load, lockTimeout, type Stored, type Write } from './store';

/** A Checkout Session as Stripe answers it (mode=payment, cards only). */
export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  after_expiration: null;
  allow_promotion_codes: null;
  amount_subtotal: number;
  amount_total: number;
  automatic_tax: { enabled: false; liability: null; status: null };
  billing_address_collection: null;
  cancel_url: string | null;
  client_reference_id: null;
  client_secret: null;
  consent: null;
  consent_collection: null;
  created: number;
  currency: string;
  custom_fields: [];
  custom_text: { after_submit: null; shipping_address: null; submit: null; terms_of_service_acceptance: null };
  customer: null;
  customer_creation: 'if_required';
  customer_details: { address: null; email: string | null; name: null; phone: null; tax_exempt: 'none'; tax_ids: [] } | null;
  customer_email: string | null;
  expires_at: number;
  invoice: null;
  invoice_creation: { enabled: false; invoice_data: null };
  livemode: false;
  locale: null;
  metadata: Metadata;
  mode: 'payment';
  payment_intent: string | null;
  payment_link: null;
  payment_method_collection: 'if_required';
  payment_method_options: Record<string, never>;
  payment_method_types: ['card'];
  payment_status: 'unpaid' | 'paid';
  phone_number_collection: { enabled: false };
  recovered_from: null;
  setup_intent: null;
  shipping_address_collection: null;
  shipping_cost: null;
  shipping_details: null;
  shipping_options: [];
  status: 'open' | 'complete' | 'expired';
  submit_type: null;
  subscription: null;
  success_url: string | null;
  total_details: { amount_discount: 0; amount_shipping: 0; amount_tax: 0 };
  ui_mode: 'hosted';
  url: string | null;
}

/** A line item as expand[]=line_items answers it. */
export interface LineItem {
  id: string;
  object: 'item';
  amount_discount: 0;
  amount_subtotal: number;
  amount_tax: 0;
  amount_total: number;
  currency: string;
  description: string;
  quantity: number;
}

/** Sandbox state: the line items, and the payment intent of the buyer's attempts (declined or waiting for 3-D Secure). */
export interface CsInternal {
  lineItems: LineItem[];
  /** the intent of the current attempt, until the session is paid */
  pendingIntent?: string;
  /** the email the buyer typed on the page (the session's customer_details once paid) */
  email?: string;
  /** payment_intent_data's Connect fields (destination charge, application fee), given to the session's payment intent */
  connect?: ConnectFields;
}

export type StoredCs = Stored<CheckoutSession, CsInternal>;

const DAY = 86_400;

export function newCheckoutSession(
  now: number,
  origin: string | undefined,
  p: Pick<CheckoutSession, 'cancel_url' | 'currency' | 'customer_email' | 'metadata' | 'success_url'> & { amount: number },
): CheckoutSession {
  const id = newId('cs_test');
  const created = unixSeconds(now);
  return {
    id,
    object: 'checkout.session',
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: p.amount,
    amount_total: p.amount,
    automatic_tax: { enabled: false, liability: null, status: null },
    billing_address_collection: null,
    cancel_url: p.cancel_url,
    client_reference_id: null,
    client_secret: null,
    consent: null,
    consent_collection: null,
    created,
    currency: p.currency,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_creation: 'if_required',
    customer_details: null,
    customer_email: p.customer_email,
    expires_at: created + DAY,
    invoice: null,
    invoice_creation: { enabled: false, invoice_data: null },
    livemode: false,
    locale: null,
    metadata: p.metadata,
    mode: 'payment',
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    phone_number_collection: { enabled: false },
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_details: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: p.success_url,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    // the hosted page: on the stand-ins' public origin, or a path on them (a call that kept api.stripe.com's host)
    url: `${origin ?? ''}/checkout/${id}`,
  };
}

/** The session closed: its write and its event ('expired' by the API, or by its expires_at passing). */
export function expiredWrite(stored: StoredCs): { write: Write; event: EventDraft } {
  const cs: CheckoutSession = { ...stored.object, status: 'expired', url: null };
  return {
    write: { table: 'stripe_checkout_sessions', object: cs, internal: stored.internal, expected: stored.revision },
    event: { type: 'checkout.session.expired', object: cs },
  };
}

/** The session paid by `intent` with `email`: complete, paid, the buyer's details filled in. */
export function completedWrite(stored: StoredCs, intent: string, email: string): { write: Write; event: EventDraft } {
  const internal: CsInternal = { ...stored.internal };
  delete internal.pendingIntent;
  const cs: CheckoutSession = {
    ...stored.object,
    status: 'complete',
    payment_status: 'paid',
    payment_intent: intent,
    url: null,
    customer_details: { address: null, email, name: null, phone: null, tax_exempt: 'none', tax_ids: [] },
  };
  return {
    write: { table: 'stripe_checkout_sessions', object: cs, internal, expected: stored.revision },
    event: { type: 'checkout.session.completed', object: cs },
  };
}

export const isSessionId = (id: string) => /^cs_test_[A-Za-z0-9]{1,100}$/.test(id);

/**
 * A checkout session by id (404 for a path id). An open session whose expires_at has passed
 * expires first, as on Stripe (status expired, event checkout.session.expired).
 */
export async function loadCheckoutSession(db: D1Database, now: number, id: string, param = 'session'): Promise<StoredCs> {
  for (let i = 0; i < 5; i++) {
    const stored = isSessionId(id) ? await load<CheckoutSession, CsInternal>(db, 'stripe_checkout_sessions', id) : null;
    if (!stored) throw noSuch('checkout_session', id, param);
    if (stored.object.status !== 'open' || stored.object.expires_at > unixSeconds(now)) return stored;
    const { write, event } = expiredWrite(stored);
    await commitWithEvents(db, [write], [event], automatic(now));
  }
  throw lockTimeout();
}

/** Expires an open session (POST /v1/checkout/sessions/{id}/expire); anything else is Stripe's 400. */
export async function expireCheckoutSession(db: D1Database, id: string, source: EventSource): Promise<Omit<StoredCs, 'revision'>> {
  for (let i = 0; i < 5; i++) {
    const stored = await loadCheckoutSession(db, source.now, id);
    if (stored.object.status !== 'open') {
      throw invalidRequest(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${stored.object.status}\`.`,
      );
    }
    const { write, event } = expiredWrite(stored);
    if (await commitWithEvents(db, [write], [event], source)) return { object: write.object as CheckoutSession, internal: stored.internal };
  }
  throw lockTimeout();
}
