import { z } from 'zod';
import type { Ctx } from './context';
import { FAILURES } from './outcomes';
import { attemptPayment, failPayment, type Attempt } from './payment-attempt';
import type { PaymentIntent, PiInternal } from './payment-intent-object';
import { assertUsableBy, resolvePaymentMethod, type StoredPm } from './payment-methods';
import { formBool, idParam, optText, paymentMethodOptions, returnUrl } from './params';
import { badParam } from './stripe-error';

/** off_session: true/false, or Stripe's 'one_off' / 'recurring' (both off session). */
const offSession = z.string().transform((s, ctx): boolean => {
  if (s === 'true' || s === 'one_off' || s === 'recurring') return true;
  if (s === 'false') return false;
  ctx.addIssue({ code: 'custom', message: 'Invalid off_session: must be a boolean, one_off or recurring', input: s });
  return z.NEVER as never;
});

/** Parameters of a confirmation (POST /confirm, or creation with confirm=true). */
export const confirmFields = {
  payment_method: idParam.optional(),
  return_url: returnUrl.optional(),
  off_session: offSession.optional(),
  setup_future_usage: z
    .enum(['on_session', 'off_session', ''])
    .transform((v) => (v === '' ? null : v))
    .optional(),
  payment_method_options: paymentMethodOptions,
  receipt_email: optText(512),
  error_on_requires_action: formBool.optional(),
};
export type ConfirmParams = z.output<ReturnType<typeof z.strictObject<typeof confirmFields>>>;

/** The payment method a confirmation uses: the one given, else the intent's own. */
export async function paymentMethodFor(ctx: Ctx, ref: string | undefined | null, pi: PaymentIntent): Promise<StoredPm> {
  if (!ref) {
    throw badParam(
      "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, pass a `payment_method` or attach one first.",
      'payment_method',
      'payment_intent_unexpected_state',
    );
  }
  const pm = await resolvePaymentMethod(ctx, ref, 'payment_method');
  assertUsableBy(pm, pi.customer, 'PaymentIntent');
  return pm;
}

/** Applies a confirmation's parameters to the intent (in place) and attempts the payment. */
export function confirmInto(ctx: Ctx, pi: PaymentIntent, internal: PiInternal, pm: StoredPm, c: ConfirmParams): Attempt {
  if (c.return_url !== undefined) internal.returnUrl = c.return_url;
  internal.offSession = c.off_session ?? false;
  if (c.setup_future_usage !== undefined) pi.setup_future_usage = c.setup_future_usage;
  if (c.receipt_email !== undefined) pi.receipt_email = c.receipt_email;
  const request3ds = c.payment_method_options?.card?.request_three_d_secure;
  if (request3ds) pi.payment_method_options.card.request_three_d_secure = request3ds;
  const attempt = attemptPayment(ctx, pi, internal, pm, false);
  // error_on_requires_action: fail at once instead of asking for 3-D Secure
  if (pi.status === 'requires_action' && c.error_on_requires_action) return failPayment(pi, pm, FAILURES.authentication_required);
  return attempt;
}
