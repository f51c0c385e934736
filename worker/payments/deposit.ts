import Stripe from 'stripe';
import { cancelPending, confirmPaid, setPaymentIntent } from '../db/appointments';
import { AppError } from '../errors';
import { cardFailureMessage } from '../../shared/card-errors';

/**
 * 402 for a payment that 3-D Secure did not complete, or that failed: the card's own message, or
 * the spec's authentication message.
 */
export function unpaidError(pi: Stripe.PaymentIntent | undefined): AppError {
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

/** Takes an authorised deposit exactly once (the capture carries its own idempotency key). */
export async function captureOnce(stripe: Stripe, pi: Stripe.PaymentIntent): Promise<Stripe.PaymentIntent> {
  if (pi.status !== 'requires_capture') return pi;
  return stripe.paymentIntents.capture(pi.id, {}, { idempotencyKey: `capture-${pi.id}` });
}

export interface DepositOutcome {
  pi: Stripe.PaymentIntent;
  nextActionUrl: string | null;
}

/**
 * Charges the deposit of a pending appointment on the saved card: authorised with manual
 * capture, then captured once. 3-D Secure answers requires_action with the page to send the
 * browser to. A decline frees the appointment and answers 402 with the spec's message.
 */
export async function chargeDeposit(
  db: D1Database,
  stripe: Stripe,
  a: {
    appointmentId: number;
    amount: number;
    currency: string;
    customer: string;
    paymentMethod: string;
    idempotencyKey: string;
    returnUrl: string;
  },
): Promise<DepositOutcome> {
  let pi: Stripe.PaymentIntent;
  try {
    pi = await stripe.paymentIntents.create(
      {
        amount: a.amount,
        currency: a.currency.toLowerCase(),
        customer: a.customer,
        payment_method: a.paymentMethod,
        capture_method: 'manual',
        confirm: true,
        return_url: a.returnUrl,
        metadata: { appointment_id: String(a.appointmentId) },
      },
      { idempotencyKey: a.idempotencyKey },
    );
  } catch (e) {
    await cancelPending(db, a.appointmentId);
    if (e instanceof Stripe.errors.StripeCardError)
      throw new AppError('PAYMENT_REQUIRED', cardFailureMessage(e.code, e.decline_code), 'payment', e.code, e.decline_code);
    throw e;
  }
  await setPaymentIntent(db, a.appointmentId, pi.id, pi.status);
  if (pi.status === 'requires_action') {
    const next = pi.next_action?.redirect_to_url?.url ?? null;
    return { pi, nextActionUrl: next };
  }
  if (pi.status === 'requires_capture' || pi.status === 'succeeded') {
    pi = await captureOnce(stripe, pi);
    await confirmPaid(db, a.appointmentId);
    return { pi, nextActionUrl: null };
  }
  await cancelPending(db, a.appointmentId);
  const err = pi.last_payment_error;
  throw new AppError('PAYMENT_REQUIRED', cardFailureMessage(err?.code, err?.decline_code), 'payment', err?.code, err?.decline_code);
}
