import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { bookingRequestSchema, depositFor, MSG_SLOT_TAKEN } from '../../shared/booking-request';
import { toMajor } from '../../shared/money';
import { URL_SAFE_ID } from '../../shared/ids';
import { MSG_INVITE_INVALID } from '../../shared/invites';
import { book } from '../bookings/book';
import { holdTimes, releaseHold } from '../bookings/holds';
import { planBooking } from '../bookings/plan';
import { verifyBooking } from '../db/appointments';
import { optOut } from '../db/opt-outs';
import { depositSettingsOf, salonById } from '../db/salons';
import { pricesAt } from '../db/stylists';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { unpaidError } from '../payments/flow';
import { settleClientsPayment } from './settle-payments';
import { stripeFor } from '../payments/stripe';
import { enqueueMessage } from '../messaging/outbox';
import { userOfToken } from '../identity/cognito';
import { bookingVerificationText } from '../messaging/templates';
import { afterAnswer, outboxOf } from './after-answer';
import { announceToDiary } from './diary-notices';
import { addressOf, admitVerification } from '../abuse/limits';
import { clientOf, holdOwnerOf, idempotencyKeyOf, originOf, ownHoldOf, returnUrlOf } from './request-headers';
import { idParam, isoDateTime, serviceIdsParam, stylistChoicesParam, validate } from '../validate';
import { clientRoute, holdRoute, holdTakingRoute, publicRoute } from './policy';
import { knowClient } from './client-invites';
import { tellStaff } from './staff-notices';

const salonParam = z.object({ salonId: idParam('Salon id') });
const iso = isoDateTime();
const holdBody = z.object({
  start_time: iso,
  procedures: z
    .array(z.object({ service_id: z.number().int().positive(), stylist_id: z.number().int().positive(), start_time: iso }))
    .min(1)
    .max(10),
  hold_id: z.string().regex(URL_SAFE_ID).nullable().optional(),
});

/** Booking creation (docs/booking/journey.md §7) and the 10-minute hold that precedes it. */
export const bookings = new Hono<AppEnv>()
  .post('/book-online/hold/:salonId/', holdTakingRoute, validate('param', salonParam), validate('json', holdBody), async (c) => {
    const { salonId } = c.req.valid('param');
    const b = c.req.valid('json');
    const now = Date.now();
    const plan = await planBooking(c.env.DB, {
      salonId,
      start: b.start_time,
      procedures: b.procedures,
      waitlist: false,
      now,
      holdId: await ownHoldOf(c, b.hold_id ?? undefined),
    });
    const caller = addressOf(c.req.header('CF-Connecting-IP'));
    const held = await holdTimes(c.env.DB, { salonId, plan, owner: holdOwnerOf(c), caller, now });
    return c.json(held, held.hold_id ? 201 : 200);
  })
  .delete(
    '/book-online/hold/:salonId/:holdId/',
    holdRoute,
    validate('param', salonParam.extend({ holdId: z.string().regex(URL_SAFE_ID, 'hold id is not valid') })),
    async (c) => {
      await releaseHold(c.env.DB, c.req.valid('param').holdId, holdOwnerOf(c).browser);
      return c.body(null, 204);
    },
  )
  .post(
    '/book-online/appointment/create/:salonId/',
    clientRoute,
    validate('param', salonParam),
    validate('json', bookingRequestSchema),
    (c) => create(c, c.req.valid('param').salonId, c.req.valid('json'), false),
  )
  .post(
    '/book-online/waitlist/appointment/create/:salonId/',
    clientRoute,
    validate('param', salonParam),
    validate('json', bookingRequestSchema),
    (c) => create(c, c.req.valid('param').salonId, c.req.valid('json'), true),
  )
  .get(
    '/ncob/checkout/salon/appointment/cost/:salonId/:isoTime/:serviceIds/:stylistIds/',
    clientRoute,
    validate('param', salonParam.extend({ isoTime: iso, serviceIds: serviceIdsParam, stylistIds: stylistChoicesParam })),
    async (c) => {
      clientOf(c);
      const p = c.req.valid('param');
      if (p.stylistIds.length !== p.serviceIds.length || p.stylistIds.some((s) => s === null)) {
        throw new AppError('BAD_REQUEST', 'stylistIds must name the stylist of each service', 'stylistIds');
      }
      const [settings, prices] = await Promise.all([depositSettingsOf(c.env.DB, p.salonId), pricesAt(c.env.DB, p.salonId)]);
      if (settings === null) throw new AppError('NOT_FOUND', 'Salon not found');
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
    clientRoute,
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
      const stripe = stripeFor(c.get('config'));
      const found = await settleClientsPayment(c.env.DB, stripe, {
        clientId: sub,
        salonId: p.salonId,
        appointmentId: p.appointmentId,
        paymentIntentId: p.pi,
        now: Date.now(),
      });
      if (!found) throw new AppError('NOT_FOUND', 'Not found');
      const { outcome, pi } = found.settled;
      if (outcome === 'paid') announceToDiary(c, p.salonId, p.appointmentId, 'paid');
      if (outcome === 'paid') return c.json({ status: 'confirmed' });
      // a request closed meanwhile, or a booking whose times were freed: its authorisation is released
      if (outcome === 'closed' && found.kind === 'invite') throw new AppError('CONFLICT', MSG_INVITE_INVALID, undefined, 'invite_closed');
      if (outcome === 'closed') throw new AppError('CONFLICT', MSG_SLOT_TAKEN);
      throw unpaidError(pi);
    },
  )
  .put(
    '/book-online/verify/:salonId/:code/',
    publicRoute,
    validate('param', salonParam.extend({ code: z.string().regex(/^[a-z0-9-]{4,40}$/, 'Sorry, we are unable to find your Booking') })),
    async (c) => {
      const p = c.req.valid('param');
      await admitVerification(c.env.ABUSE, p.salonId, p.code, addressOf(c.req.header('CF-Connecting-IP')), Date.now());
      const id = await verifyBooking(c.env.DB, p.salonId, p.code, Date.now());
      if (id === null) throw new AppError('NOT_FOUND', 'Sorry, we are unable to find your Booking');
      return c.json({ bookingStatus: 'verified', appointment_id: id });
    },
  )
  .put(
    '/salon/v2/:salonId/marketing/sms/opt-out/verify/:code/',
    publicRoute,
    validate('param', salonParam.extend({ code: z.string().regex(/^[a-z0-9-]{4,40}$/, 'Sorry, we are unable to find that link') })),
    async (c) => {
      const p = c.req.valid('param');
      await admitVerification(c.env.ABUSE, p.salonId, p.code, addressOf(c.req.header('CF-Connecting-IP')), Date.now());
      if (!(await optOut(c.env.DB, p.salonId, p.code, Date.now())))
        throw new AppError('NOT_FOUND', 'Sorry, we are unable to find that link');
      return c.json({ status: 'opted_out' });
    },
  );

async function create(c: Context<AppEnv>, salonId: number, request: z.output<typeof bookingRequestSchema>, waitlist: boolean) {
  const key = idempotencyKeyOf(c, 'booking');
  const clientId = clientOf(c);
  // before the booking, side by side: the client's verified phone and email (once: a known client
  // is not asked again), for its reminders and so a client the salon blocked is refused
  // (bookings/book.ts); and the named hold, whose times the booking may use only when it is this
  // browser's or this client's
  const [, hold] = await Promise.all([
    knowClient(c, clientId).catch((e: unknown) =>
      console.error(`[${c.get('requestId')}] client details not recorded:`, e instanceof Error ? e.message : 'unknown error'),
    ),
    request.hold_id ? ownHoldOf(c, request.hold_id) : null,
  ]);
  const holdId = hold ?? undefined;
  const { booking, verificationCode } = await book(c.env.DB, stripeFor(c.get('config')), {
    salonId,
    clientId,
    idempotencyKey: key,
    request: { ...request, hold_id: holdId },
    waitlist,
    now: Date.now(),
    returnUrl: returnUrlOf(c),
    feePercent: c.get('config').stripe.platformFeePercent,
  });
  if (verificationCode) textVerification(c, salonId, booking.appointment_id, clientId, verificationCode);
  if (verificationCode) announceToDiary(c, salonId, booking.appointment_id, 'booked');
  if (verificationCode) tellStaff(c, salonId, 'new_online_booking', { appointment_id: booking.appointment_id }, booking.appointment_id);
  return c.json(booking, 201);
}

/**
 * Queues the booking's verification text after the answer (key `verify-{appointmentId}`), so a
 * slow or failing provider never delays or fails a booking (a failure is logged without the number).
 * It goes only to the client's own verified number (GetUser with the request's access token),
 * never to a number from the request body; a client without one gets no text.
 */
function textVerification(c: Context<AppEnv>, salonId: number, appointmentId: number, clientId: string, code: string) {
  const token = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
  if (!token) return;
  const origin = originOf(c);
  const queued = (async () => {
    const user = await userOfToken(c.get('config'), token);
    if (user.username !== clientId || !user.phone) return;
    const salon = await salonById(c.env.DB, salonId);
    await enqueueMessage(outboxOf(c), {
      kind: 'sms',
      to: user.phone,
      body: bookingVerificationText(salon?.name ?? '', `${origin}/verify/${salonId}/${code}`),
      key: `verify-${appointmentId}`,
      salon_id: salonId,
      appointment_id: appointmentId,
    });
  })();
  afterAnswer(c, queued, 'verification text not sent');
}
