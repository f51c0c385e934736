import type { StripeClient } from '../payments/stripe-api';
import { clientsPaidAppointment, depositOf } from '../db/appointments';
import { inviteOfIntent, inviteOfPayment } from '../db/invites';
import { invitePayment } from '../invites/invite-payment';
import { depositPayment } from '../payments/deposit-payment';
import { settle, type PaymentTarget, type Settled } from '../payments/flow';
import { noShowFeeOf } from '../db/no-show-fees';
import { NO_SHOW_KEY, noShowPayment } from '../payments/no-show';
import { salePaymentOfIntent } from '../db/sales';
import { afterSalePayment, SALE_PAYMENT_KEY, salePayment } from '../payments/checkout';

/** A positive id a payment intent's metadata names under `key`, if any. */
function idIn(pi: { metadata?: Record<string, string> | null }, key: string): number | null {
  const id = Number(pi.metadata?.[key]);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * What an intent pays for, from the metadata it carries and the intent recorded on that target
 * (a deposit request names its invite; a booking's deposit only its appointment). Null: none of ours.
 */
async function targetOf(db: D1Database, pi: { id: string; metadata?: Record<string, string> | null }, now: number) {
  const invite = idIn(pi, 'invite_id');
  if (invite !== null) {
    const row = await inviteOfIntent(db, invite, pi.id, now);
    return row && { kind: 'invite' as const, target: invitePayment(db, row, now), appointmentId: row.appointment_id };
  }
  const salePaymentId = idIn(pi, SALE_PAYMENT_KEY);
  if (salePaymentId !== null) {
    const payment = await salePaymentOfIntent(db, salePaymentId, pi.id);
    return (
      payment && {
        kind: 'sale' as const,
        target: salePayment(db, payment),
        appointmentId: payment.appointment_id ?? 0,
        saleId: payment.sale_id,
      }
    );
  }
  const noShow = idIn(pi, NO_SHOW_KEY);
  if (noShow !== null) {
    const fee = await noShowFeeOf(db, noShow);
    return fee && fee.payment_intent_id === pi.id
      ? { kind: 'no_show' as const, target: noShowPayment(db, fee), appointmentId: noShow }
      : null;
  }
  const appointment = idIn(pi, 'appointment_id');
  if (appointment === null) return null;
  const row = await depositOf(db, appointment, pi.id);
  return row && { kind: 'deposit' as const, target: depositPayment(db, row), appointmentId: appointment };
}

/** A payment event: the payment it names is settled from the intent retrieved from Stripe, never the event's copy. */
export async function settleEvent(
  db: D1Database,
  stripe: StripeClient,
  pi: { id: string; metadata?: Record<string, string> | null },
  now: number,
) {
  const found = await targetOf(db, pi, now);
  if (!found) return null;
  const settled = await settle(stripe, found.target, await stripe.paymentIntents.retrieve(pi.id));
  // a checkout's card payment closes its sale: paid when every payment is (payments/checkout.ts)
  if ('saleId' in found && found.saleId !== undefined) {
    const status = await afterSalePayment(db, stripe, found.saleId);
    return {
      appointmentId: found.appointmentId,
      settled: {
        ...settled,
        outcome: status === 'paid' ? ('paid' as const) : settled.outcome === 'paid' ? ('pending' as const) : settled.outcome,
      },
    };
  }
  return { appointmentId: found.appointmentId, settled };
}

/**
 * 3-D Secure coming back (PUT book-online/confirm/…): the client's own payment of that appointment
 * with this intent, a deposit request's or the booking's deposit, settled from the intent as Stripe
 * reports it. Null when the client has no such payment.
 */
export async function settleClientsPayment(
  db: D1Database,
  stripe: StripeClient,
  q: { clientId: string; salonId: number; appointmentId: number; paymentIntentId: string; now: number },
): Promise<{ kind: 'invite' | 'deposit'; settled: Settled } | null> {
  let found: { kind: 'invite' | 'deposit'; target: PaymentTarget } | null = null;
  const invite = await inviteOfPayment(db, q);
  if (invite) found = { kind: 'invite', target: invitePayment(db, invite, q.now) };
  else if (await clientsPaidAppointment(db, q)) {
    const row = await depositOf(db, q.appointmentId, q.paymentIntentId);
    if (row) found = { kind: 'deposit', target: depositPayment(db, row) };
  }
  if (!found) return null;
  return { kind: found.kind, settled: await settle(stripe, found.target, await stripe.paymentIntents.retrieve(q.paymentIntentId)) };
}
