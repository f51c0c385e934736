import { isCardError, type PaymentIntent, type RefundParams, type StripeClient } from './stripe-api';
import { AppError } from '../errors';
import { cardFailureMessage } from '../../shared/card-errors';

/**
 * What a payment pays for (a booking's deposit, a deposit request; later a no-show fee) and how
 * its state follows the payment's. The one flow below drives every target the same way.
 */
/** The metadata naming the salon on every intent of ours (and a voucher's Checkout Session): which database an event's payment is in. */
export const SALON_KEY = 'salon_id';

export interface PaymentTarget {
  /** the salon paid: its intent's metadata names it too (SALON_KEY), so an event finds the salon's database */
  salonId: number;
  /** the metadata the intent carries, naming this target (an intent pays a target only when they match) */
  metadata: Record<string, string>;
  /** in minor units */
  amount: number;
  currency: string;
  /** whether the target already took this intent (a settle repeated by the webhook and the browser) */
  tookAlready(pi: PaymentIntent): boolean;
  /** keeps a new intent as this target's */
  recordIntent(pi: PaymentIntent): Promise<unknown>;
  /** takes the authorised payment, in one conditional write: false when the target closed meanwhile */
  accept(paymentIntentId: string): Promise<boolean>;
  /** the payment is captured */
  captured(paymentIntentId: string): Promise<unknown>;
  /**
   * the payment failed (declined, cancelled, or no intent could be made: null): lets go of what it
   * held. `declined`: the card's refusal when the payment was attempted (an off-session payment's
   * intent comes with it, as Stripe answers authentication_required)
   */
  failed(paymentIntentId: string | null, declined?: Declined): Promise<unknown>;
}

/**
 * Who a salon's payment goes to (docs/payments.md): its connected account, by a destination
 * charge (the intent, the client's customer and saved card stay on the platform; the money is
 * transferred to the account, which is the settlement merchant), less the platform's fee.
 */
export interface Payee {
  account: string;
  /** the platform's fee, per cent of the amount (config STRIPE_PLATFORM_FEE_PERCENT) */
  feePercent: number;
}

/** The platform's fee on an amount, in minor units (rounded half up). */
export const platformFee = (amount: number, feePercent: number) => Math.round((amount * feePercent) / 100);

/** The Connect fields of a salon's payment: a PaymentIntent's, or a Checkout Session's payment_intent_data. */
export function chargeOn(payee: Payee, amount: number) {
  return {
    transfer_data: { destination: payee.account },
    on_behalf_of: payee.account,
    application_fee_amount: platformFee(amount, payee.feePercent),
  };
}

/**
 * A refund of a salon's payment: a destination charge's transfer is reversed (the money comes
 * back from the salon's account that received it) and the platform's fee is given back with it.
 * An intent made before Connect (no transfer) is refunded as it was.
 */
export function refundOf(pi: PaymentIntent, amount?: number): RefundParams {
  const part = amount === undefined ? {} : { amount };
  return pi.transfer_data
    ? { payment_intent: pi.id, ...part, reverse_transfer: true, refund_application_fee: true }
    : { payment_intent: pi.id, ...part };
}

/** 409: the salon's account cannot take payments (none yet, or Stripe disabled it). */
export const notReady = () =>
  new AppError(
    'CONFLICT',
    'This salon cannot take card payments at the moment. Please contact the salon.',
    'payment',
    'payments_not_ready',
  );

/** A card's refusal of a payment attempt, as Stripe's card_error states it. */
export interface Declined {
  paymentIntentId: string | null;
  code: string;
  declineCode: string | undefined;
  message: string;
}

/** paid: taken (captured once); requires_action: 3-D Secure still to do; failed: pay again; closed: the target closed meanwhile. */
export type PaymentOutcome = 'paid' | 'requires_action' | 'pending' | 'failed' | 'closed';

export interface Settled {
  outcome: PaymentOutcome;
  pi: PaymentIntent;
}

/** Takes an authorised payment exactly once (the capture carries its own idempotency key). */
export async function captureOnce(stripe: StripeClient, pi: PaymentIntent): Promise<PaymentIntent> {
  if (pi.status !== 'requires_capture') return pi;
  return stripe.paymentIntents.capture(pi.id, {}, { idempotencyKey: `capture-${pi.id}` });
}

/** 402 with the spec's message for a card's failure (shared/card-errors.ts). */
export function declinedError(err?: { code?: string; decline_code?: string } | null): AppError {
  return new AppError(
    'PAYMENT_REQUIRED',
    cardFailureMessage(err?.code, err?.decline_code),
    'payment',
    err?.code ?? 'card_declined',
    err?.decline_code,
  );
}

/**
 * 402 for a payment that 3-D Secure did not complete, or that failed: the card's own message, or
 * the spec's authentication message.
 */
export function unpaidError(pi: PaymentIntent | undefined): AppError {
  const err = pi?.last_payment_error;
  const code = err?.code ?? (pi?.status === 'requires_action' ? 'authentication_required' : 'payment_intent_authentication_failure');
  return new AppError(
    'PAYMENT_REQUIRED',
    cardFailureMessage(err?.code ?? 'payment_intent_authentication_failure', err?.decline_code),
    'payment',
    code,
    err?.decline_code,
  );
}

const paysFor = (target: PaymentTarget, pi: PaymentIntent) =>
  Object.entries(target.metadata).every(([k, v]) => pi.metadata?.[k] === v) &&
  pi.amount === target.amount &&
  pi.currency === target.currency.toLowerCase();

/**
 * Settles a target's payment from the intent as Stripe itself reports it (retrieved or created by
 * the caller, never taken from a browser or an event): taken only when the intent is this target's,
 * for its amount and currency, and authorised. The target accepts it in one conditional write
 * before the capture, so a target that closed first (a declined request, a freed booking) never
 * keeps money: its authorisation is released instead.
 */
export async function settle(stripe: StripeClient, target: PaymentTarget, pi: PaymentIntent): Promise<Settled> {
  if (!paysFor(target, pi)) return { outcome: 'failed', pi };
  if (pi.status === 'requires_capture' || pi.status === 'succeeded') {
    if (!target.tookAlready(pi) && !(await target.accept(pi.id))) {
      if (pi.status === 'requires_capture') await stripe.paymentIntents.cancel(pi.id).catch(() => undefined);
      return { outcome: 'closed', pi };
    }
    const captured = await captureOnce(stripe, pi);
    if (captured.status === 'succeeded' && captured.amount_received >= target.amount) await target.captured(pi.id);
    return { outcome: 'paid', pi: captured };
  }
  if (pi.status === 'requires_action') return { outcome: 'requires_action', pi };
  if (pi.status === 'requires_payment_method' || pi.status === 'canceled') {
    await target.failed(pi.id);
    return { outcome: 'failed', pi };
  }
  return { outcome: 'pending', pi };
}

/**
 * Pays a target with a saved card: authorised with manual capture and confirmed at once, then
 * settled as above. 3-D Secure answers requires_action; a card refused outright lets the target go
 * and answers 402 with the spec's message. `idempotencyKey` makes a retry the same payment.
 * The payment is the salon's (`payee`: its connected account and the platform's fee); a salon
 * that cannot take payments lets the target go and answers 409.
 * `offSession`: the client is not there (a no-show fee): StripeClient then declines with
 * authentication_required where the bank wants the client, instead of asking for 3-D Secure.
 */
export async function authorise(
  stripe: StripeClient,
  target: PaymentTarget,
  a: { customer: string; paymentMethod: string; idempotencyKey: string; payee: Payee | null } & (
    { returnUrl: string } | { offSession: true }
  ),
): Promise<Settled> {
  if (!a.payee) {
    await target.failed(null);
    throw notReady();
  }
  let pi: PaymentIntent;
  try {
    pi = await stripe.paymentIntents.create(
      {
        amount: target.amount,
        currency: target.currency.toLowerCase(),
        customer: a.customer,
        payment_method: a.paymentMethod,
        capture_method: 'manual',
        confirm: true,
        ...('offSession' in a ? { off_session: true } : { return_url: a.returnUrl }),
        metadata: { ...target.metadata, [SALON_KEY]: String(target.salonId) },
        ...chargeOn(a.payee, target.amount),
      },
      { idempotencyKey: a.idempotencyKey },
    );
  } catch (e) {
    const card = isCardError(e) ? e : null;
    await target.failed(
      null,
      card
        ? {
            paymentIntentId: card.payment_intent?.id ?? null,
            code: card.code ?? 'card_declined',
            declineCode: card.decline_code,
            message: card.message,
          }
        : undefined,
    );
    if (card) throw declinedError(card);
    throw e;
  }
  await target.recordIntent(pi);
  return settle(stripe, target, pi);
}

/**
 * The client opened the link texted when the bank wanted them to approve an off-session payment
 * (a no-show fee, a checkout's card on file): the same intent is confirmed again with the client
 * present, which asks for 3-D Secure as Stripe does (`redirect`); `returnUrl` settles it afterwards.
 */
export async function confirmWithClient(
  stripe: StripeClient,
  target: PaymentTarget,
  a: { paymentIntentId: string; paymentMethod: string; returnUrl: string },
): Promise<{ redirect: string | null; settled: Settled | null }> {
  const pi = await stripe.paymentIntents.retrieve(a.paymentIntentId);
  const confirmed =
    pi.status === 'requires_payment_method' || pi.status === 'requires_confirmation'
      ? await stripe.paymentIntents.confirm(pi.id, { payment_method: a.paymentMethod, return_url: a.returnUrl }).catch(() => null)
      : pi;
  if (!confirmed) return { redirect: null, settled: null };
  if (confirmed.status === 'requires_action') return { redirect: confirmed.next_action?.redirect_to_url?.url ?? null, settled: null };
  return { redirect: null, settled: await settle(stripe, target, confirmed) };
}
