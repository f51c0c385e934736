import type { VoucherCheckout, VoucherCheckoutRequest, VoucherFromSession, VoucherSend } from '../../../shared/vouchers';
import { call } from '../../lib/api';

/**
 * POST payments/voucher/{salon}/checkout/: a Stripe Checkout Session for one voucher (no login).
 * The same `idempotencyKey` for a retry of the same press that got no answer.
 */
export const startCheckout = async (salonId: number, body: VoucherCheckoutRequest, idempotencyKey: string) =>
  (await call<VoucherCheckout>(`payments/voucher/${salonId}/checkout/`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  }))!;

/** GET payments/stripe/get/voucher/{session}/: the voucher a paid session bought (404: none). */
export const fetchVoucher = async (sessionId: string, signal: AbortSignal) =>
  (await call<VoucherFromSession>(`payments/stripe/get/voucher/${encodeURIComponent(sessionId)}/`, { signal }))!;

/** POST payments/voucher/{salon}/send/{session}/: emails the voucher to a recipient (400: per-field messages; 429: too many sends). */
export const sendVoucher = async (salonId: number, sessionId: string, body: VoucherSend) =>
  (await call<{ sent: boolean; sends_left: number }>(`payments/voucher/${salonId}/send/${encodeURIComponent(sessionId)}/`, {
    method: 'POST',
    body,
  }))!;
