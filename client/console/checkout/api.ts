import { queryOptions } from '@tanstack/react-query';
import type { CheckoutRequest, ReceiptRequest, RefundRequest, RetryRequest } from '../../../shared/console/checkout';
import { answer, salon, salonCalls } from '../lib/api';

const checkout = salonCalls.appointments[':appointmentId'].checkout;
const sales = salonCalls.sales[':saleId'];

/** The bill of an appointment (docs/console/checkout.md). Kept fresh while a payment is under way. */
export const billQuery = (salonId: number, appointmentId: number) =>
  queryOptions({
    queryKey: ['console', salonId, 'checkout', appointmentId],
    queryFn: () => answer(checkout.$get({ param: { ...salon(salonId), appointmentId: String(appointmentId) } })),
    staleTime: 0,
  });

/** One press of "Take payment": its own Idempotency-Key, so a press sent twice is one sale and one charge. */
export const takePayment = (salonId: number, appointmentId: number, body: CheckoutRequest, key: string) =>
  answer(
    checkout.$post(
      { param: { ...salon(salonId), appointmentId: String(appointmentId) }, json: body },
      { headers: { 'Idempotency-Key': key } },
    ),
  );

export const refundSale = (salonId: number, saleId: number, body: RefundRequest, key: string) =>
  answer(
    sales.refunds.$post({ param: { ...salon(salonId), saleId: String(saleId) }, json: body }, { headers: { 'Idempotency-Key': key } }),
  );

export const sendReceipt = (salonId: number, saleId: number, body: ReceiptRequest) =>
  answer(sales.receipt.$post({ param: { ...salon(salonId), saleId: String(saleId) }, json: body }));

/** An open sale cancelled: what it started is stopped, the appointment stays unpaid (409 PAYMENT_TAKEN when the card won). */
export const cancelSale = (salonId: number, saleId: number) =>
  answer(sales.cancel.$post({ param: { ...salon(salonId), saleId: String(saleId) } }));

/** "Try again": a reader's failed payment on the same sale (a second press is the same attempt). */
export const retrySalePayment = (salonId: number, saleId: number, paymentId: number, body: RetryRequest) =>
  answer(
    sales.payments[':paymentId'].retry.$post({
      param: { ...salon(salonId), saleId: String(saleId), paymentId: String(paymentId) },
      json: body,
    }),
  );
