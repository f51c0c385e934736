import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { bookingRequestSchema, depositFor, MSG_SLOT_TAKEN, type BookingResponse } from '../../shared/booking-request';
import { PATCH_LEAD_HOURS } from '../../shared/availability-messages';
import { toMajor } from '../../shared/money';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { createAppointment, priorBooking } from '../bookings/create';
import { holdTimes, releaseHold } from '../bookings/holds';
import { planBooking } from '../bookings/plan';
import { savedCard } from '../payments/cards';
import { cardMessage, chargeDeposit } from '../payments/deposit';
import { settleDeposit } from '../payments/settle';
import { stripeFor } from '../payments/stripe';
import { sendSms } from '../messaging/sms';
import { clientOf } from './client-salons';
import { idParam, serviceIdsParam, stylistChoicesParam, validate } from './validate';

const salonParam = z.object({ salonId: idParam('Salon id') });
const iso = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?([+-]\d{2}:\d{2}|Z)$/, 'must be an ISO date-time with offset');
const holdBody = z.object({
  start_time: iso,
  procedures: z.array(z.object({ service_id: z.number().int().positive(), stylist_id: z.number().int().positive(), start_time: iso })).min(1).max(10),
  hold_id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/).nullable().optional(),
});

/** Booking creation (booking-journey.md §7) and the 10-minute hold that precedes it. */
export const bookings = new Hono<AppEnv>()
  .post('/book-online/hold/:salonId/', validate('param', salonParam), validate('json', holdBody), async (c) => {
    const { salonId } = c.req.valid('param');
    const b = c.req.valid('json');
    const now = Date.now();
    const plan = await planBooking(c.env.DB, { salonId, start: b.start_time, procedures: b.procedures, waitlist: false, now, holdId: b.hold_id });
    const caller = c.req.header('CF-Connecting-IP') ?? 'local';
    return c.json(await holdTimes(c.env.DB, { salonId, plan, previous: b.hold_id ?? null, caller, now }), 201);
  })
  .delete(
    '/book-online/hold/:salonId/:holdId/',
    validate('param', salonParam.extend({ holdId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'hold id is not valid') })),
    async (c) => {
      await releaseHold(c.env.DB, c.req.valid('param').holdId);
      return c.body(null, 204);
    },
  )
  .post('/book-online/appointment/create/:salonId/', validate('param', salonParam), validate('json', bookingRequestSchema), (c) =>
    create(c, c.req.valid('param').salonId, c.req.valid('json'), false),
  )
  .post('/book-online/waitlist/appointment/create/:salonId/', validate('param', salonParam), validate('json', bookingRequestSchema), (c) =>
    create(c, c.req.valid('param').salonId, c.req.valid('json'), true),
  )
  .get(
    '/ncob/checkout/salon/appointment/cost/:salonId/:isoTime/:serviceIds/:stylistIds/',
    validate('param', salonParam.extend({ isoTime: iso, serviceIds: serviceIdsParam, stylistIds: stylistChoicesParam })),
    async (c) => {
      clientOf(c);
      const p = c.req.valid('param');
      if (p.stylistIds.length !== p.serviceIds.length || p.stylistIds.some((s) => s === null)) {
        throw new AppError('BAD_REQUEST', 'stylistIds must name the stylist of each service', 'stylistIds');
      }
      const [salon, offers] = await c.env.DB.batch([
        c.env.DB.prepare('SELECT ncob_deposit_settings FROM salons WHERE id = ?').bind(p.salonId),
        c.env.DB.prepare(
          'SELECT ss.service_id, ss.stylist_id, ss.price FROM stylist_services ss JOIN stylists st ON st.id = ss.stylist_id WHERE st.salon_id = ? AND st.active = 1',
        ).bind(p.salonId),
      ]);
      const settings = (salon!.results[0] as { ncob_deposit_settings: string } | undefined)?.ncob_deposit_settings;
      if (settings === undefined) throw new AppError('NOT_FOUND', 'Salon not found');
      const prices = offers!.results as { service_id: number; stylist_id: number; price: number }[];
      const total = p.serviceIds.reduce((sum, sid, i) => {
        const row = prices.find((r) => r.service_id === sid && r.stylist_id === p.stylistIds[i]);
        if (!row) throw new AppError('NOT_FOUND', `Service ${sid} is not offered by that stylist at this salon`, 'serviceIds');
        return sum + row.price;
      }, 0);
      c.header('Cache-Control', 'private, no-store');
      return c.json({ appointment_cost: toMajor(total), pay_today: toMajor(depositFor(settings, total)) });
    },
  )
  .put(
    '/book-online/confirm/:salonId/:appointmentId/:pi/:username/',
    validate(
      'param',
      salonParam.extend({
        appointmentId: idParam('Appointment id'),
        pi: z.string().regex(/^pi_[A-Za-z0-9]{6,64}$/, 'pi must be a payment intent id'),
        username: z.string().regex(/^[A-Za-z0-9-]{1,128}$/, 'username is not valid'),
      }),
    ),
    async (c) => {
      const p = c.req.valid('param');
      const sub = clientOf(c, p.username);
      const row = await c.env.DB.prepare(
        "SELECT id, status FROM appointments WHERE id = ? AND salon_id = ? AND client_id = ? AND payment_intent_id = ? AND kind = 'appointment'",
      )
        .bind(p.appointmentId, p.salonId, sub, p.pi)
        .first<{ id: number; status: string }>();
      if (!row) throw new AppError('NOT_FOUND', 'Not found');
      const settled = (await settleDeposit(c.env.DB, stripeFor(c.get('config')), row.id, p.pi))!;
      if (settled.status === 'confirmed') return c.json({ status: 'confirmed' });
      const err = settled.pi?.last_payment_error;
      const code = err?.code ?? (settled.pi?.status === 'requires_action' ? 'authentication_required' : 'payment_intent_authentication_failure');
      if (settled.status === 'failed' || settled.status === 'cancelled' || settled.status === 'pending') {
        throw new AppError('PAYMENT_REQUIRED', cardMessage(err?.code ?? 'payment_intent_authentication_failure', err?.decline_code), 'payment', code, err?.decline_code);
      }
      throw new AppError('CONFLICT', MSG_SLOT_TAKEN);
    },
  )
  .put('/book-online/verify/:salonId/:code/', validate('param', salonParam.extend({ code: z.string().regex(/^[a-z0-9-]{4,40}$/, 'Sorry, we are unable to find your Booking') })), async (c) => {
    const p = c.req.valid('param');
    const row = await c.env.DB.prepare(
      "UPDATE appointments SET verified_at = COALESCE(verified_at, ?) WHERE salon_id = ? AND verification_code = ? AND kind = 'appointment' RETURNING id",
    )
      .bind(Date.now(), p.salonId, p.code)
      .first<{ id: number }>();
    if (!row) throw new AppError('NOT_FOUND', 'Sorry, we are unable to find your Booking');
    return c.json({ bookingStatus: 'verified', appointment_id: row.id });
  })
  .put(
    '/salon/v2/:salonId/marketing/sms/opt-out/verify/:code/',
    validate('param', salonParam.extend({ code: z.string().regex(/^[a-z0-9-]{4,40}$/, 'Sorry, we are unable to find that link') })),
    async (c) => {
      const p = c.req.valid('param');
      const row = await c.env.DB.prepare(
        'UPDATE marketing_opt_outs SET opted_out_at = COALESCE(opted_out_at, ?) WHERE salon_id = ? AND code = ? RETURNING opted_out_at',
      )
        .bind(Date.now(), p.salonId, p.code)
        .first<{ opted_out_at: number }>();
      if (!row) throw new AppError('NOT_FOUND', 'Sorry, we are unable to find that link');
      return c.json({ status: 'opted_out' });
    },
  );

async function create(c: Context<AppEnv>, salonId: number, b: z.output<typeof bookingRequestSchema>, waitlist: boolean) {
  const sub = clientOf(c);
  const key = c.req.header('Idempotency-Key') ?? '';
  if (!/^[A-Za-z0-9_-]{8,128}$/.test(key)) {
    throw new AppError('BAD_REQUEST', 'Send an Idempotency-Key header (8 to 128 letters, digits, - or _) with every booking', 'Idempotency-Key');
  }
  // A retry answers what the first request created, before anything is checked again.
  const prior = await priorBooking(c.env.DB, sub, key);
  if (prior) return c.json(prior, 201);
  const now = Date.now();
  const plan = await planBooking(c.env.DB, { salonId, start: b.start_time, procedures: b.procedures, waitlist, now, holdId: b.hold_id });
  const salon = (await c.env.DB.prepare('SELECT needs_card, ncob_deposit_settings, has_waitlist, currency FROM salons WHERE id = ?').bind(salonId).first<{
    needs_card: number;
    ncob_deposit_settings: string;
    has_waitlist: number;
    currency: string;
  }>())!;
  if (waitlist && !salon.has_waitlist) throw new AppError('BAD_REQUEST', 'This salon does not keep a waitlist');
  let patchTest: { stylistId: number; start: number } | null = null;
  if (b.patch_test) {
    const start = Date.parse(b.patch_test.start_time);
    if (plan.start - start < PATCH_LEAD_HOURS * 3_600_000) {
      throw new AppError('BAD_REQUEST', 'Patch tests must be done at least 48 hrs before your appointment', 'patch_test');
    }
    const tester = await c.env.DB.prepare(
      'SELECT 1 AS ok FROM stylist_services ss JOIN services s ON s.id = ss.service_id WHERE s.salon_id = ? AND s.has_patch_test = 1 AND ss.stylist_id = ? LIMIT 1',
    )
      .bind(salonId, b.patch_test.stylist_id)
      .first();
    if (!tester || start < now) throw new AppError('BAD_REQUEST', 'That patch test time is not available', 'patch_test');
    patchTest = { stylistId: b.patch_test.stylist_id, start };
  }
  // payment_needed is forced false on the waitlist; a salon that needs a card gets one first.
  const paymentNeeded = !waitlist && !!salon.needs_card && plan.total > 0;
  const card = paymentNeeded ? await savedCard(c.env.DB, sub) : null;
  if (paymentNeeded && !card) {
    throw new AppError('PAYMENT_REQUIRED', 'This salon needs a card to complete your booking. Please add a card and try again.', 'payment', 'card_missing');
  }
  const deposit = paymentNeeded ? depositFor(salon.ncob_deposit_settings, plan.total) : 0;
  const { booking: answer, verificationCode } = await createAppointment(c.env.DB, {
    salonId,
    clientId: sub,
    idempotencyKey: key,
    plan,
    waitlist,
    notes: b.notes,
    utmOrigin: b.utm_origin,
    holdId: b.hold_id ?? null,
    patchTest,
    depositSettings: salon.ncob_deposit_settings,
    now,
    pending: deposit > 0,
  });
  if (verificationCode && b.user?.phone_number) textVerification(c, salonId, b.user.phone_number, verificationCode);
  if (!card || deposit === 0 || answer.status !== 'pending' || answer.pi) return c.json(answer, 201);
  // The deposit: authorised on the saved card and captured once; 3-D Secure comes back here.
  const outcome = await chargeDeposit(c.env.DB, stripeFor(c.get('config')), {
    appointmentId: answer.appointment_id,
    amount: deposit,
    currency: salon.currency,
    customer: card.customer,
    paymentMethod: card.id,
    idempotencyKey: `deposit-${sub}-${key}`,
    returnUrl: returnUrlOf(c),
  });
  const paid: BookingResponse = {
    ...answer,
    status: outcome.nextActionUrl ? 'pending' : 'confirmed',
    pi: outcome.pi.id,
    pi_status: String(outcome.pi.status),
    client_secret: outcome.pi.client_secret ?? null,
    payment_method: card.id,
    next_action_url: outcome.nextActionUrl,
  };
  return c.json(paid, 201);
}

/**
 * Texts the booking's verification link to the client's phone after the answer, so a slow or
 * failing provider never delays or fails a booking (a failure is logged without the number).
 */
function textVerification(c: Context<AppEnv>, salonId: number, phone: string, code: string) {
  const to = phone.replace(/[\s()-]/g, '');
  if (!/^\+[1-9]\d{6,14}$/.test(to)) return;
  const origin = new URL(c.req.header('X-Forwarded-Origin') ?? c.req.url).origin;
  const sent = sendSms(c.get('config'), { to, body: `Please confirm your booking: ${origin}/verify/${salonId}/${code}` });
  c.executionCtx.waitUntil(sent.catch((e: unknown) => console.error(`[${c.get('requestId')}] verification text not sent:`, e instanceof Error ? e.message : 'unknown error')));
}

/** Where 3-D Secure sends the browser back to: the caller's own page, never another site. */
function returnUrlOf(c: Context<AppEnv>): string {
  const origin = new URL(c.req.header('X-Forwarded-Origin') ?? c.req.header('Origin') ?? 'http://localhost').origin;
  const asked = c.req.header('X-Return-Url');
  try {
    const url = new URL(asked ?? '/', origin);
    return url.origin === origin ? url.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}
