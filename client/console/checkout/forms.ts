import * as z from '../../../shared/zod';
import { checkoutRequestSchema, type CheckoutRequest, type LineKind, type PaymentMethod } from '../../../shared/console/checkout';
import { toMinor } from '../../../shared/money';

/**
 * The checkout form: what the desk types (amounts in pounds, as text), checked by the shared
 * schema the server checks with (shared/console/checkout.ts), its messages on the same fields.
 */
export interface CheckoutForm {
  lines: {
    kind: LineKind;
    service_id: number | null;
    stylist_id: number | null;
    name: string;
    quantity: string;
    price: string;
    from_price: boolean;
  }[];
  discount: { kind: 'none' | 'amount' | 'percent'; value: string; reason: string };
  tip: { amount: string; stylist_id: string };
  payments: { method: PaymentMethod; amount: string; voucher_code: string; reader_id: string }[];
}

const MONEY = /^\d+(\.\d{1,2})?$/;
/** Minor units of an amount typed in pounds ('' → 0; not an amount → NaN, which the schema names). */
export const minorOf = (typed: string) => {
  const t = typed.trim();
  if (t === '') return 0;
  return MONEY.test(t) ? toMinor(Number(t)) : Number.NaN;
};

/** The request a form makes (amounts in minor units). */
export function requestOf(v: CheckoutForm): CheckoutRequest {
  const discountValue = v.discount.kind === 'percent' ? Number(v.discount.value.trim() || 'NaN') : minorOf(v.discount.value);
  const tip = minorOf(v.tip.amount);
  return {
    lines: v.lines.map((l) => ({
      kind: l.kind,
      service_id: l.service_id,
      stylist_id: l.stylist_id,
      name: l.name,
      quantity: Number(l.quantity),
      price: minorOf(l.price),
    })),
    discount: v.discount.kind === 'none' ? null : { kind: v.discount.kind, value: discountValue, reason: v.discount.reason },
    tip: tip > 0 || Number.isNaN(tip) ? { amount: tip, stylist_id: Number(v.tip.stylist_id) || 0 } : null,
    payments: v.payments.map((p) => ({
      method: p.method,
      amount: minorOf(p.amount),
      ...(p.method === 'voucher' ? { voucher_code: p.voucher_code } : {}),
      ...(p.method === 'reader' ? { reader_id: p.reader_id } : {}),
    })),
  } as CheckoutRequest;
}

/** The form's schema: the shared request schema over what the form makes, each message on its field. */
export const checkoutFormSchema = z.custom<CheckoutForm>().superRefine((v, ctx) => {
  const checked = checkoutRequestSchema.safeParse(requestOf(v));
  if (checked.success) return;
  for (const issue of checked.error.issues) {
    const path = issue.path.map(String);
    const field = path.join('.');
    // the API's words are for programs: the desk is told what to type
    const message =
      field === 'tip.stylist_id'
        ? 'Choose who the tip is for'
        : issue.code === 'invalid_type'
          ? path.at(-1) === 'quantity'
            ? 'Enter a whole number'
            : path[0] === 'discount' && v.discount.kind === 'percent'
              ? 'Enter a per cent such as 10'
              : 'Enter an amount such as 12.50'
          : issue.message;
    ctx.addIssue({ code: 'custom', message, path });
  }
});
