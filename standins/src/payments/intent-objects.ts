import { newClientSecret, newId, unixSeconds } from './ids';
import type { Metadata } from './metadata';
import type { Stored } from './store';
import { badParam } from './stripe-error';

/** An intent's next_action when 3-D Secure is needed: a redirect to the stand-in's challenge page. */
export interface NextAction {
  type: 'redirect_to_url';
  redirect_to_url: { return_url: string | null; url: string };
}

/** What payment and setup intents share, and what their one confirmation logic (intents.ts) reads and changes. */
interface IntentFields {
  id: string;
  client_secret: string;
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Metadata;
  next_action: NextAction | null;
  payment_method: string | null;
  /** card; card_present for a Terminal reader's payment (terminal.ts) */
  payment_method_types: ('card' | 'card_present')[];
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'canceled' | 'succeeded';
}

export interface PaymentIntent extends Omit<IntentFields, 'status'> {
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_details: { tip: Record<string, never> };
  amount_received: number;
  application: null;
  application_fee_amount: number | null;
  automatic_payment_methods: null;
  canceled_at: number | null;
  cancellation_reason: 'automatic' | null;
  capture_method: 'automatic' | 'manual';
  confirmation_method: 'automatic';
  currency: string;
  description: null;
  last_payment_error: object | null;
  latest_charge: string | null;
  on_behalf_of: string | null;
  payment_method_configuration_details: null;
  payment_method_options: { card: { installments: null; mandate_options: null; network: null; request_three_d_secure: 'automatic' } };
  processing: null;
  receipt_email: null;
  review: null;
  setup_future_usage: null;
  shipping: null;
  source: null;
  statement_descriptor: null;
  statement_descriptor_suffix: null;
  status: IntentFields['status'] | 'requires_capture';
  transfer_data: { destination: string } | null;
  transfer_group: null;
}

export interface SetupIntent extends IntentFields {
  object: 'setup_intent';
  application: null;
  automatic_payment_methods: null;
  cancellation_reason: null;
  description: null;
  flow_directions: null;
  last_setup_error: object | null;
  latest_attempt: null;
  mandate: null;
  on_behalf_of: null;
  payment_method_configuration_details: null;
  payment_method_options: { card: { mandate_options: null; network: null; request_three_d_secure: 'automatic' } };
  single_use_mandate: null;
  usage: 'on_session' | 'off_session';
}

export type Intent = PaymentIntent | SetupIntent;
export type IntentOf<K extends Intent['object']> = Extract<Intent, { object: K }>;

/** Sandbox state of an intent: the return_url of its confirmation; a payment's authorisation expiry and refunded total. */
export interface IntentInternal {
  returnUrl?: string | null;
  /** Unix seconds: an uncaptured authorisation is canceled after 7 days (as on Stripe) */
  captureBefore?: number;
  /** minor units refunded so far (the charge's amount_refunded) */
  amountRefunded?: number;
  /** Connect: minor units of the application fee given back with a refund (refund_application_fee) */
  applicationFeeRefunded?: number;
}

export type StoredIntent<K extends Intent['object']> = Stored<IntentOf<K>, IntentInternal>;

/** The fields both kinds start with: no payment method yet (requires_payment_method). */
function intentFields(prefix: 'pi' | 'seti', now: number, customer: string | null, metadata: Metadata): IntentFields {
  const id = newId(prefix);
  return {
    id,
    client_secret: newClientSecret(id),
    created: unixSeconds(now),
    customer,
    livemode: false,
    metadata,
    next_action: null,
    payment_method: null,
    payment_method_types: ['card'],
    status: 'requires_payment_method',
  };
}

export function newPaymentIntent(
  now: number,
  p: Pick<PaymentIntent, 'amount' | 'currency' | 'customer' | 'metadata' | 'capture_method'> &
    Partial<Pick<PaymentIntent, 'application_fee_amount' | 'on_behalf_of' | 'transfer_data' | 'payment_method_types'>>,
): PaymentIntent {
  return {
    ...intentFields('pi', now, p.customer, p.metadata),
    ...(p.payment_method_types ? { payment_method_types: p.payment_method_types } : {}),
    object: 'payment_intent',
    amount: p.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: p.application_fee_amount ?? null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: p.capture_method,
    confirmation_method: 'automatic',
    currency: p.currency,
    description: null,
    last_payment_error: null,
    latest_charge: null,
    on_behalf_of: p.on_behalf_of ?? null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    transfer_data: p.transfer_data ?? null,
    transfer_group: null,
  };
}

export function newSetupIntent(now: number, p: Pick<SetupIntent, 'customer' | 'metadata' | 'usage'>): SetupIntent {
  return {
    ...intentFields('seti', now, p.customer, p.metadata),
    object: 'setup_intent',
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    description: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    mandate: null,
    on_behalf_of: null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    single_use_mandate: null,
    usage: p.usage,
  };
}

/** Smallest charge per currency (minor units), as Stripe enforces them; others at least 1. */
const MINIMUM: Record<string, number> = { usd: 50, eur: 50, gbp: 30, aud: 50, cad: 50, nzd: 50, chf: 50, sgd: 50, jpy: 50 };
export const minimumAmount = (currency: string) => (Object.hasOwn(MINIMUM, currency) ? MINIMUM[currency]! : 1);
export function checkMinimum(amount: number, currency: string): void {
  const min = minimumAmount(currency);
  if (amount < min)
    throw badParam(`Amount must be at least ${min} ${currency} (in the smallest currency unit)`, 'amount', 'amount_too_small');
}
