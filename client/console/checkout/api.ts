import { queryOptions } from '@tanstack/react-query';
import type {
  Bill,
  CheckoutRequest,
  ReceiptRequest,
  RefundAnswer,
  RefundRequest,
  RetryRequest,
  SaleAnswer,
} from '../../../shared/console/checkout';
import type { DeskAppointment } from '../../../shared/console/diary';
import { staffCall } from '../lib/api';

/** The bill of an appointment (docs/console/checkout.md). Kept fresh while a payment is under way. */
export const billQuery = (salonId: number, appointmentId: number) =>
  queryOptions({
    queryKey: ['console', salonId, 'checkout', appointmentId],
    queryFn: () => staffCall<Bill>(`salons/${salonId}/appointments/${appointmentId}/checkout`),
    staleTime: 0,
  });

/** One press of "Take payment": its own Idempotency-Key, so a press sent twice is one sale and one charge. */
export const takePayment = (salonId: number, appointmentId: number, body: CheckoutRequest, key: string) =>
  staffCall<{ sale: SaleAnswer; appointment: DeskAppointment }>(`salons/${salonId}/appointments/${appointmentId}/checkout`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': key },
  });

export const refundSale = (salonId: number, saleId: number, body: RefundRequest, key: string) =>
  staffCall<{ refund: RefundAnswer; sale: SaleAnswer }>(`salons/${salonId}/sales/${saleId}/refunds`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': key },
  });

export const sendReceipt = (salonId: number, saleId: number, body: ReceiptRequest) =>
  staffCall<{ sent: true; to: string }>(`salons/${salonId}/sales/${saleId}/receipt`, { method: 'POST', body });

/** An open sale cancelled: what it started is stopped, the appointment stays unpaid (409 PAYMENT_TAKEN when the card won). */
export const cancelSale = (salonId: number, saleId: number) =>
  staffCall<{ sale: SaleAnswer }>(`salons/${salonId}/sales/${saleId}/cancel`, { method: 'POST' });

/** "Try again": a reader's failed payment on the same sale (a second press is the same attempt). */
export const retrySalePayment = (salonId: number, saleId: number, paymentId: number, body: RetryRequest) =>
  staffCall<{ sale: SaleAnswer }>(`salons/${salonId}/sales/${saleId}/payments/${paymentId}/retry`, { method: 'POST', body });
