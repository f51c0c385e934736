/**
 * Gift vouchers (docs/booking/accounts-and-money.md §2 Vouchers, §3, §5, §7, §8): what a salon offers,
 * the calls' bodies and answers, and the send form's rules, shared by the Worker and the client
 * (one zod schema, so the screen and the API refuse the same things with the same words).
 * Money is in major units.
 */
import { hasAtMost2Decimals } from './money';
import * as z from './zod';

/** What a salon sells (salon details `vouchers`; null: no vouchers). */
export interface VoucherOffer {
  /** fixed values on offer, ascending */
  amounts: number[];
  /** a custom amount between min and max, or null */
  custom: { min: number; max: number } | null;
  validity_months: number;
}

/** POST payments/voucher/{salonId}/checkout/ (header Idempotency-Key). */
export type VoucherCheckoutRequest = z.output<typeof voucherCheckoutSchema>;
/** Its answer: send the browser to `url` (Stripe Checkout). */
export interface VoucherCheckout {
  session_id: string;
  url: string;
}

/** GET payments/stripe/get/voucher/{sessionId}/: exactly the spec's fields. */
export interface VoucherFromSession {
  voucher_code: string;
  amount: number;
  /** YYYY-MM-DD */
  expiry_date: string;
  purchased_by_client_email: string;
}

/** A Checkout Session id as Stripe makes them; anything else is answered 404. */
export const SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{10,100}$/;
export const MSG_VOUCHER_NOT_FOUND = "Sorry, we can't find that voucher purchase. Please check the link, or contact the salon.";

export const VOUCHER_MESSAGE_MAX = 320;
/** Sends of one voucher to recipients. */
export const VOUCHER_SENDS_MAX = 3;
export const MSG_VALID_EMAIL = 'Please enter a valid email address';
export const MSG_COMPLETE_FIELDS = 'Please complete the fields above to proceed';

/** POST payments/voucher/{salonId}/checkout/: an amount (the salon's offer is checked after) and the purchaser's email. */
export const voucherCheckoutSchema = z.object({
  amount: z
    .number('must be an amount such as 25 or 25.50')
    .positive('must be more than 0')
    .refine(hasAtMost2Decimals, 'must have at most 2 decimals'),
  purchaser_email: z.email(MSG_VALID_EMAIL).max(254, MSG_VALID_EMAIL),
});

/** POST payments/voucher/{salonId}/send/{sessionId}/: the send form. */
export const voucherSendSchema = z.object({
  recipient_name: z.string().trim().min(1, "Please enter the recipient's name").max(100, 'Please use at most 100 characters'),
  recipient_email: z.email(MSG_VALID_EMAIL).max(254, MSG_VALID_EMAIL),
  purchaser_name: z.string().trim().min(1, 'Please enter your name').max(100, 'Please use at most 100 characters'),
  custom_message: z.string().max(VOUCHER_MESSAGE_MAX, `Please use at most ${VOUCHER_MESSAGE_MAX} characters`).optional().default(''),
});
export type VoucherSend = z.input<typeof voucherSendSchema>;

/** A refused send: per-field messages, shown under each field (§7). */
export interface VoucherSendErrors {
  detail: string;
  errors: Partial<Record<keyof VoucherSend, string>>;
}

/** '{n} characters (max 320)' */
export const messageCount = (text: string) => `${text.length} characters (max ${VOUCHER_MESSAGE_MAX})`;
