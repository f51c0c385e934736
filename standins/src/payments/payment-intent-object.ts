import { newClientSecret, newId, unixSeconds } from './ids';
import type { Metadata } from './metadata';
import type { NextAction } from './next-action';
import type { Stored } from './store';
import { badParam } from './stripe-error';

type PaymentIntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'succeeded' | 'canceled';

export type ThreeDSecureRequest = 'any' | 'automatic' | 'challenge';

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_details: { tip: Record<string, never> };
  amount_received: number;
  application: null;
  application_fee_amount: null;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: 'always' | 'never' } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic' | 'automatic_async' | 'manual';
  client_secret: string;
  confirmation_method: 'automatic' | 'manual';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: object | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  next_action: NextAction | null;
  on_behalf_of: null;
  payment_method: string | null;
  payment_method_configuration_details: null;
  payment_method_options: {
    card: { installments: null; mandate_options: null; network: null; request_three_d_secure: ThreeDSecureRequest };
  };
  payment_method_types: ['card'];
  processing: null;
  receipt_email: string | null;
  review: null;
  setup_future_usage: 'on_session' | 'off_session' | null;
  shipping: null;
  source: null;
  statement_descriptor: string | null;
  statement_descriptor_suffix: string | null;
  status: PaymentIntentStatus;
  transfer_data: null;
  transfer_group: null;
}

/** Sandbox state: the return_url and off_session of the current confirmation, and when an authorisation lapses. */
export interface PiInternal {
  returnUrl?: string | null;
  offSession?: boolean;
  /** Unix seconds: an uncaptured authorisation is canceled after 7 days (as on Stripe) */
  captureBefore?: number;
  /** minor units refunded so far (the charge's amount_refunded) */
  amountRefunded?: number;
}

export type StoredPi = Stored<PaymentIntent, PiInternal>;

export type NewPaymentIntent = Pick<
  PaymentIntent,
  | 'amount'
  | 'currency'
  | 'customer'
  | 'description'
  | 'metadata'
  | 'capture_method'
  | 'confirmation_method'
  | 'receipt_email'
  | 'setup_future_usage'
  | 'statement_descriptor'
  | 'statement_descriptor_suffix'
  | 'automatic_payment_methods'
  | 'payment_method'
> & { request3ds: ThreeDSecureRequest };

export function newPaymentIntent(now: number, p: NewPaymentIntent): PaymentIntent {
  const id = newId('pi');
  const { request3ds, ...fields } = p;
  return {
    id,
    object: 'payment_intent',
    amount: fields.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: fields.automatic_payment_methods,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: fields.capture_method,
    client_secret: newClientSecret(id),
    confirmation_method: fields.confirmation_method,
    created: unixSeconds(now),
    currency: fields.currency,
    customer: fields.customer,
    description: fields.description,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: fields.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: fields.payment_method,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: request3ds } },
    payment_method_types: ['card'],
    processing: null,
    receipt_email: fields.receipt_email,
    review: null,
    setup_future_usage: fields.setup_future_usage,
    shipping: null,
    source: null,
    statement_descriptor: fields.statement_descriptor,
    statement_descriptor_suffix: fields.statement_descriptor_suffix,
    status: fields.payment_method ? 'requires_confirmation' : 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
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
