import { salonDays, wallClockToUtc } from '../availability/calendar';
import type { Config } from '../config';
import { sendEmail } from './email';
import { voucherGiftEmail, voucherReceiptEmail, type SalonOfMessage } from './templates';

/** An issued voucher as its emails need it. */
export interface VoucherOfEmail {
  id: number;
  code: string;
  amount_minor: number;
  /** YYYY-MM-DD in the salon's timezone */
  expiry_date: string;
  purchaser_email: string;
}

/** Noon of the expiry date in the salon's timezone: the templates show it as that date. */
const expiresAt = (date: string, timezone: string) => wallClockToUtc(salonDays(date, 1, timezone)[0]!, 12 * 60);

/**
 * The purchaser's receipt with the code, once per voucher (the idempotency key is the voucher's).
 * The one place a receipt is sent from, so a queue can take it over.
 */
export function sendVoucherReceipt(config: Config, salon: SalonOfMessage, v: VoucherOfEmail): Promise<string> {
  const content = voucherReceiptEmail({
    salon,
    code: v.code,
    amountMinor: v.amount_minor,
    expiresAt: expiresAt(v.expiry_date, salon.timezone),
  });
  return sendEmail(config, { to: v.purchaser_email, ...content, idempotencyKey: `voucher-receipt-${v.id}` });
}

export interface VoucherGiftSend {
  recipient_name: string;
  recipient_email: string;
  purchaser_name: string;
  custom_message: string;
}

/** The voucher to its recipient: send `n` of this voucher (its own idempotency key). */
export function sendVoucherGift(
  config: Config,
  salon: SalonOfMessage,
  v: VoucherOfEmail,
  send: VoucherGiftSend,
  n: number,
): Promise<string> {
  const content = voucherGiftEmail({
    salon,
    code: v.code,
    amountMinor: v.amount_minor,
    expiresAt: expiresAt(v.expiry_date, salon.timezone),
    recipientName: send.recipient_name,
    purchaserName: send.purchaser_name,
    message: send.custom_message,
  });
  return sendEmail(config, { to: send.recipient_email, ...content, idempotencyKey: `voucher-gift-${v.id}-${n}` });
}
