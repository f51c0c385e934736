import { salonDays, wallClockToUtc } from '../availability/calendar';
import type { Config } from '../config';
import { sendEmail } from './email';
import type { OutgoingMessage } from './outbox';
import { voucherGiftEmail, voucherReceiptEmail, type SalonOfMessage } from './templates';

/** An issued voucher as its emails need it. */
export interface VoucherOfEmail {
  id: number;
  salon_id: number;
  code: string;
  amount_minor: number;
  /** YYYY-MM-DD in the salon's timezone */
  expiry_date: string;
  purchaser_email: string;
}

/** Noon of the expiry date in the salon's timezone: the templates show it as that date. */
const expiresAt = (date: string, timezone: string) => wallClockToUtc(salonDays(date, 1, timezone)[0]!, 12 * 60);

/**
 * The purchaser's receipt with the code, as a message for the outbox (worker/messaging/outbox.ts):
 * once per voucher, its key the voucher's, so a retried delivery never emails it twice.
 */
export function voucherReceiptMessage(salon: SalonOfMessage, v: VoucherOfEmail): OutgoingMessage {
  const content = voucherReceiptEmail({
    salon,
    code: v.code,
    amountMinor: v.amount_minor,
    expiresAt: expiresAt(v.expiry_date, salon.timezone),
  });
  return { kind: 'email', salon_id: v.salon_id, to: v.purchaser_email, ...content, key: `voucher-receipt-${v.id}` };
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
  return sendEmail(config, { to: send.recipient_email, ...content, idempotencyKey: `salon-${v.salon_id}-voucher-gift-${v.id}-${n}` });
}
