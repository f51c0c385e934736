import * as z from '../../../shared/zod';
import { voucherCheckoutSchema, type VoucherOffer } from '../../../shared/vouchers';
import { amountOf, type AmountChoice } from './rules';

/** The amount's issue while none is chosen or typed yet: it keeps PAY disabled and says nothing. */
export const AMOUNT_MISSING = 'amount missing';

/**
 * Buying a voucher: an amount on offer (the offer's bounds, then the checkout call's own amount
 * rule) and the purchaser's email as the checkout call validates it (shared/vouchers.ts).
 * Output: the checkout call's body.
 */
export const buyVoucherForm = (offer: VoucherOffer, currency: string, country?: string) =>
  z
    .object({
      choice: z.custom<AmountChoice>(),
      email: z.string().trim().pipe(voucherCheckoutSchema.shape.purchaser_email),
    })
    .superRefine((v, ctx) => {
      const chosen = amountOf(offer, v.choice, currency, country);
      const problem =
        chosen.amount === null
          ? (chosen.error ?? AMOUNT_MISSING)
          : voucherCheckoutSchema.shape.amount.safeParse(chosen.amount).error?.issues[0]?.message;
      if (problem) ctx.addIssue({ code: 'custom', path: ['choice'], message: problem });
    })
    .transform((v) => ({ amount: amountOf(offer, v.choice, currency, country).amount!, purchaser_email: v.email }));
export type BuyVoucherFormValues = z.input<ReturnType<typeof buyVoucherForm>>;
