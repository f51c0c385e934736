import type { CheckoutSession, StripeClient } from './stripe-api';
import { toMajor } from '../../shared/money';
import type { VoucherFromSession } from '../../shared/vouchers';
import { salonById, voucherSettingsOf, type SalonRow } from '../db/salons';
import { payeeOf } from './connect';
import { chargeOn, notReady } from './flow';
import { expiryDateOf, newVoucherCode } from './voucher-rules';
import { insertVoucherOnce, insertVoucherPurchase, voucherBySession, voucherPurchaseBySession, type VoucherRow } from '../db/vouchers';

/**
 * Gift vouchers (docs/booking/accounts-and-money.md §2 Vouchers): a Stripe Checkout Session per purchase, and
 * the voucher issued exactly once when Stripe says that session is paid.
 */

/** Whether an amount (minor units) is one the salon sells: a fixed value, or within its custom range. */
export function isOnOffer(salon: SalonRow, amountMinor: number): boolean {
  const v = voucherSettingsOf(salon);
  if (v.amounts.includes(amountMinor)) return true;
  return !!v.custom && amountMinor >= v.custom.min && amountMinor <= v.custom.max;
}

export interface VoucherCheckoutInput {
  salon: SalonRow;
  amountMinor: number;
  purchaserEmail: string;
  /** the caller's Idempotency-Key: a retry gets the same session */
  idempotencyKey: string;
  /** the shop's origin, for Stripe's return links */
  origin: string;
  /** the platform's fee, per cent (config) */
  feePercent: number;
  now: number;
}

/** Creates the purchase's Checkout Session and records it (pending) for the voucher to match. */
export async function createVoucherCheckout(
  db: D1Database,
  stripe: StripeClient,
  a: VoucherCheckoutInput,
): Promise<{ session_id: string; url: string }> {
  const { salon } = a;
  // the voucher is the salon's: paid to its connected account, less the platform's fee
  const payee = await payeeOf(db, salon.id, a.feePercent);
  if (!payee) throw notReady();
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          price_data: {
            currency: salon.currency.toLowerCase(),
            unit_amount: a.amountMinor,
            product_data: { name: `Gift voucher — ${salon.name}` },
          },
          quantity: 1,
        },
      ],
      customer_email: a.purchaserEmail,
      payment_intent_data: chargeOn(payee, a.amountMinor),
      metadata: { salon_id: String(salon.id), amount: String(toMajor(a.amountMinor)), kind: 'voucher' },
      success_url: `${a.origin}/salon/${salon.id}/voucher/confirmation?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${a.origin}/salon/${salon.id}/voucher`,
    },
    { idempotencyKey: `voucher-checkout-${salon.id}-${a.idempotencyKey}` },
  );
  if (!session.url) throw new Error('Stripe answered a Checkout Session without a url');
  await insertVoucherPurchase(db, {
    session_id: session.id,
    salon_id: salon.id,
    amount_minor: a.amountMinor,
    currency: salon.currency.toLowerCase(),
    purchaser_email: a.purchaserEmail,
    validity_months: salon.voucher_validity_months,
    created_at: a.now,
  });
  return { session_id: session.id, url: session.url };
}

export interface IssuedVoucher {
  voucher: VoucherRow;
  salon: SalonRow;
  /** true for the one call that issued it (that call sends the receipt) */
  issued: boolean;
}

/**
 * The voucher of a paid session, issued now if it has none yet; null for a session the product
 * did not create, or one that is not (or not fully) paid. Only the session as retrieved from
 * Stripe counts: complete, paid, and for the amount and currency recorded at checkout.
 */
export async function issueVoucher(db: D1Database, stripe: StripeClient, sessionId: string, now: number): Promise<IssuedVoucher | null> {
  const [purchase, existing] = await Promise.all([voucherPurchaseBySession(db, sessionId), voucherBySession(db, sessionId)]);
  if (!purchase) return null;
  const salon = await salonById(db, purchase.salon_id);
  if (!salon) return null;
  if (existing) return { voucher: existing, salon, issued: false };
  let session: CheckoutSession;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] });
  } catch (e) {
    if ((e as { statusCode?: number }).statusCode === 404) return null;
    throw e;
  }
  const paid =
    session.status === 'complete' &&
    session.payment_status === 'paid' &&
    session.amount_total === purchase.amount_minor &&
    session.currency?.toLowerCase() === purchase.currency &&
    session.metadata?.kind === 'voucher' &&
    session.metadata.salon_id === String(purchase.salon_id);
  if (!paid) return null;
  const pi = session.payment_intent;
  const paidAt = pi && typeof pi === 'object' ? Math.min(pi.created * 1000, now) : now;
  const expiry = expiryDateOf(paidAt, salon.timezone, purchase.validity_months);
  for (let attempt = 0; ; attempt++) {
    try {
      const { voucher, issued } = await insertVoucherOnce(db, {
        session_id: sessionId,
        salon_id: purchase.salon_id,
        code: newVoucherCode(),
        amount_minor: purchase.amount_minor,
        currency: purchase.currency,
        expiry_date: expiry,
        purchaser_email: purchase.purchaser_email,
        issued_at: now,
      });
      return { voucher, salon, issued };
    } catch (e) {
      // Another voucher has this code (a 1 in 10^14 chance): draw again.
      if (attempt < 3 && String(e).includes('UNIQUE') && String(e).includes('code')) continue;
      throw e;
    }
  }
}

/** GET payments/stripe/get/voucher/{sessionId}/: exactly the spec's fields. */
export const voucherFromSession = (v: VoucherRow): VoucherFromSession => ({
  voucher_code: v.code,
  amount: toMajor(v.amount_minor),
  expiry_date: v.expiry_date,
  purchased_by_client_email: v.purchaser_email,
});
