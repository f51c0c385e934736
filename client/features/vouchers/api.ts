import { queryOptions, skipToken } from '@tanstack/react-query';
import type { VoucherCheckoutRequest, VoucherSend } from '../../../shared/vouchers';
import { answer, api, send } from '../../lib/api';

/**
 * POST payments/voucher/{salon}/checkout/: a Stripe Checkout Session for one voucher (no login).
 * The same `idempotencyKey` for a retry of the same press that got no answer.
 */
export const startCheckout = (salonId: number, body: VoucherCheckoutRequest, idempotencyKey: string) =>
  answer(
    api.payments.voucher[':salonId'].checkout.index.$post(
      { param: { salonId: String(salonId) }, json: body },
      send({ headers: { 'Idempotency-Key': idempotencyKey } }),
    ),
  );

/**
 * GET payments/stripe/get/voucher/{session}/?salon_id=: the voucher a paid session bought (404:
 * none); the salon it was bought from tells the API where to look.
 */
export const fetchVoucher = (salonId: number, sessionId: string, signal: AbortSignal) =>
  answer(
    api.payments.stripe.get.voucher[':sessionId'].index.$get(
      { param: { sessionId }, query: { salon_id: String(salonId) } },
      send({ signal }),
    ),
  );

/** POST payments/voucher/{salon}/send/{session}/: emails the voucher to a recipient (400: per-field messages; 429: too many sends). */
export const sendVoucher = (salonId: number, sessionId: string, body: VoucherSend) =>
  answer(api.payments.voucher[':salonId'].send[':sessionId'].index.$post({ param: { salonId: String(salonId), sessionId }, json: body }));

/** The voucher a paid Checkout Session bought (an id that is no session's: not asked). */
export const voucherQuery = (salonId: number, sessionId: string, valid: boolean) =>
  queryOptions({
    queryKey: ['voucher', salonId, sessionId],
    queryFn: valid ? ({ signal }) => fetchVoucher(salonId, sessionId, signal) : skipToken,
  });
