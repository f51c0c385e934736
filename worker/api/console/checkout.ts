import { Hono, type Context } from 'hono';
import * as z from 'zod';
import {
  checkoutRequestSchema,
  readerRequestSchema,
  receiptRequestSchema,
  refundRequestSchema,
  retryRequestSchema,
} from '../../../shared/console/checkout';
import { CAN } from '../../../shared/console/roles';
import { formatMoney } from '../../../shared/money';
import { sha256Hex } from '../../crypto';
import { deskAppointment } from '../../console/desk';
import { staffNameOf } from '../../db/desk-staff';
import { salonReaders } from '../../db/sales';
import type { AppEnv } from '../../env';
import { enqueueMessage } from '../../messaging/outbox';
import { receiptEmail, receiptText, saleApprovalText } from '../../messaging/receipts';
import { billFor, cancelSale, checkout, refundSale, registerReader, retryPayment, saleAnswer } from '../../payments/checkout';
import { stripeFor } from '../../payments/stripe';
import { idParam, jsonBody, validate, validateForm } from '../../validate';
import { afterAnswer, outboxOf } from '../after-answer';
import { announceToDiary } from '../diary-notices';
import { staffRoute } from '../policy';
import { idempotencyKeyOf, originOf } from '../request-headers';
import { staffOf } from '../staff-access';
import { staffSalon } from './staff-salon';

const appointmentParam = z.object({ salonId: idParam('Salon id'), appointmentId: idParam('Appointment id') });
const saleParam = z.object({ salonId: idParam('Salon id'), saleId: idParam('Sale id') });
const salePaymentParam = saleParam.extend({ paymentId: idParam('Payment id') });
const salonParam = z.object({ salonId: idParam('Salon id') });

async function staffOfCall(c: Context<AppEnv>) {
  const staff = staffOf(c);
  return { id: staff.id, name: (await staffNameOf(c.env.DB, staff.id)) || staff.email, email: staff.email };
}

const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', 'private, no-store');

/**
 * Checkout at the desk (docs/console/checkout.md; owners and managers): the bill of an
 * appointment, its payment as one sale (header Idempotency-Key: one key per press of "Take
 * payment"), refunds of a sale (their own Idempotency-Key), its receipt, and the salon's card
 * readers. A paid appointment tells the salon's consoles at once (announceToDiary).
 */
export const consoleCheckout = new Hono<AppEnv>()
  .get(
    '/console/salons/:salonId/appointments/:appointmentId/checkout',
    staffRoute(CAN.checkout),
    validate('param', appointmentParam),
    async (c) => {
      noStore(c);
      return c.json(await billFor(c.env.DB, staffOf(c).salonId, c.req.valid('param').appointmentId));
    },
  )
  .post(
    '/console/salons/:salonId/appointments/:appointmentId/checkout',
    staffRoute(CAN.checkout),
    validate('param', appointmentParam),
    jsonBody,
    validateForm(checkoutRequestSchema, 'The checkout needs changing'),
    async (c) => {
      const key = idempotencyKeyOf(c, 'checkout');
      const salon = await staffSalon(c);
      const { appointmentId } = c.req.valid('param');
      const done = await checkout(c.env.DB, stripeFor(c.get('config')), {
        salon,
        appointmentId,
        request: c.req.valid('json'),
        key,
        staff: await staffOfCall(c),
        now: Date.now(),
        feePercent: c.get('config').stripe.platformFeePercent,
      });
      if (done.link) {
        const link = `${originOf(c)}/api/sale-payment/${done.link.paymentId}/${done.link.secret}`;
        const amount = formatMoney(done.link.amount, salon.currency, salon.country_code);
        afterAnswer(
          c,
          enqueueMessage(outboxOf(c), {
            kind: 'sms',
            to: done.link.phone,
            body: saleApprovalText(salon.name, amount, link),
            key: `sale-payment-${done.link.paymentId}-link`,
            salon_id: salon.id,
            appointment_id: appointmentId,
          }),
          'checkout approval link not sent',
        );
      }
      const sale = await saleAnswer(c.env.DB, salon.id, done.saleId);
      if (done.created && sale.status === 'paid') announceToDiary(c, salon.id, appointmentId, 'paid');
      noStore(c);
      return c.json({ sale, appointment: await deskAppointment(c.env.DB, salon.id, appointmentId, null) }, 201);
    },
  )
  .get('/console/salons/:salonId/sales/:saleId', staffRoute(CAN.checkout), validate('param', saleParam), async (c) => {
    noStore(c);
    return c.json(await saleAnswer(c.env.DB, staffOf(c).salonId, c.req.valid('param').saleId));
  })
  .post(
    '/console/salons/:salonId/sales/:saleId/refunds',
    staffRoute(CAN.checkout),
    validate('param', saleParam),
    jsonBody,
    validateForm(refundRequestSchema, 'The refund needs changing'),
    async (c) => {
      const key = idempotencyKeyOf(c, 'refund');
      const salon = await staffSalon(c);
      const { saleId } = c.req.valid('param');
      const { refundId, created } = await refundSale(c.env.DB, stripeFor(c.get('config')), {
        salon,
        saleId,
        request: c.req.valid('json'),
        key,
        staff: await staffOfCall(c),
        now: Date.now(),
      });
      const sale = await saleAnswer(c.env.DB, salon.id, saleId);
      if (created && sale.appointment_id !== null) announceToDiary(c, salon.id, sale.appointment_id, 'paid');
      noStore(c);
      return c.json({ refund: sale.refunds.find((r) => r.id === refundId)!, sale }, created ? 201 : 200);
    },
  )
  .post('/console/salons/:salonId/sales/:saleId/cancel', staffRoute(CAN.checkout), validate('param', saleParam), async (c) => {
    const salon = await staffSalon(c);
    const { saleId } = c.req.valid('param');
    const { cancelled } = await cancelSale(c.env.DB, stripeFor(c.get('config')), {
      salon,
      saleId,
      staff: await staffOfCall(c),
      now: Date.now(),
    });
    const sale = await saleAnswer(c.env.DB, salon.id, saleId);
    if (cancelled && sale.appointment_id !== null) announceToDiary(c, salon.id, sale.appointment_id, 'paid');
    noStore(c);
    return c.json({ sale }, 200);
  })
  .post(
    '/console/salons/:salonId/sales/:saleId/payments/:paymentId/retry',
    staffRoute(CAN.checkout),
    validate('param', salePaymentParam),
    jsonBody,
    validateForm(retryRequestSchema, 'The payment needs changing'),
    async (c) => {
      const salon = await staffSalon(c);
      const { saleId, paymentId } = c.req.valid('param');
      const { created } = await retryPayment(c.env.DB, stripeFor(c.get('config')), {
        salon,
        saleId,
        paymentId,
        request: c.req.valid('json'),
        now: Date.now(),
        feePercent: c.get('config').stripe.platformFeePercent,
      });
      const sale = await saleAnswer(c.env.DB, salon.id, saleId);
      if (created && sale.status === 'paid' && sale.appointment_id !== null) announceToDiary(c, salon.id, sale.appointment_id, 'paid');
      noStore(c);
      return c.json({ sale }, created ? 201 : 200);
    },
  )
  .post(
    '/console/salons/:salonId/sales/:saleId/receipt',
    staffRoute(CAN.checkout),
    validate('param', saleParam),
    jsonBody,
    validateForm(receiptRequestSchema, 'Say where the receipt goes'),
    async (c) => {
      const salon = await staffSalon(c);
      const sale = await saleAnswer(c.env.DB, salon.id, c.req.valid('param').saleId);
      const to = c.req.valid('json');
      const r = { salonName: salon.name, countryCode: salon.country_code, sale };
      const about = { salon_id: salon.id, ...(sale.appointment_id === null ? {} : { appointment_id: sale.appointment_id }) };
      // one receipt per sale, state of its refunds and address: a double press sends it once
      const key = `sale-${sale.id}-${Date.parse(sale.created_at)}-receipt-${sale.refunds.length}-${(await sha256Hex(to.email ?? to.phone!)).slice(0, 16)}`;
      await enqueueMessage(
        outboxOf(c),
        to.email
          ? { kind: 'email', to: to.email, ...receiptEmail(r), key, ...about }
          : { kind: 'sms', to: to.phone!, body: receiptText(r), key, ...about },
      );
      noStore(c);
      return c.json({ sent: true, to: to.email ?? to.phone }, 202);
    },
  )
  .get('/console/salons/:salonId/readers', staffRoute(CAN.checkout), validate('param', salonParam), async (c) => {
    noStore(c);
    const readers = await salonReaders(c.env.DB, staffOf(c).salonId);
    return c.json({ readers: readers.map((r) => ({ id: r.reader_id, label: r.label, device_type: r.device_type })) });
  })
  .post(
    '/console/salons/:salonId/readers',
    staffRoute(CAN.checkout),
    validate('param', salonParam),
    jsonBody,
    validateForm(readerRequestSchema, 'The reader needs changing'),
    async (c) => {
      const b = c.req.valid('json');
      const reader = await registerReader(c.env.DB, stripeFor(c.get('config')), await staffSalon(c), {
        registrationCode: b.registration_code,
        label: b.label,
        now: Date.now(),
      });
      noStore(c);
      return c.json(reader, 201);
    },
  );
