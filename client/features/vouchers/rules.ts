import { formatMoney, toMinor } from '../../../shared/money';
import { VOUCHER_MESSAGE_MAX, type VoucherOffer, type VoucherSend } from '../../../shared/vouchers';

/** The send form's fields, in the order the screen shows them. */
export type SendField = keyof VoucherSend;
export type FieldErrors = Partial<Record<SendField, string>>;

/** The optional message as typed, cut at 320 characters (§5: 'truncated'). */
export const clipMessage = (text: string) => text.slice(0, VOUCHER_MESSAGE_MAX);

/** What the amount group holds: one of the fixed amounts, or 'Another amount' as typed. */
export type AmountChoice = { kind: 'fixed'; amount: number } | { kind: 'custom'; text: string } | null;

/** The custom amount's bounds in words, e.g. 'Please enter an amount from £10.00 to £500.00'. */
export const customRangeText = (custom: { min: number; max: number }, currency: string, country?: string) =>
  `Please enter an amount from ${formatMoney(toMinor(custom.min), currency, country)} to ${formatMoney(toMinor(custom.max), currency, country)}`;

/**
 * The amount to buy (major units), or the reason there is none: a fixed amount must be one on
 * offer; a custom one a number of pounds and pence within the offer's bounds.
 */
export function amountOf(
  offer: VoucherOffer,
  choice: AmountChoice,
  currency: string,
  country?: string,
): { amount: number; error?: undefined } | { amount: null; error: string | null } {
  if (!choice) return { amount: null, error: null };
  if (choice.kind === 'fixed') {
    return offer.amounts.includes(choice.amount) ? { amount: choice.amount } : { amount: null, error: null };
  }
  if (!offer.custom) return { amount: null, error: null };
  const text = choice.text.trim();
  if (text === '') return { amount: null, error: null };
  const value = /^\d+(\.\d{1,2})?$/.test(text) ? Number(text) : NaN;
  if (!(value >= offer.custom.min && value <= offer.custom.max)) {
    return { amount: null, error: customRangeText(offer.custom, currency, country) };
  }
  return { amount: value };
}
