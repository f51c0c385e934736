import { Hono } from 'hono';
import * as z from 'zod';
import { cancelBooking } from '../bookings/cancel';
import { appointmentDetails, bookingsPage } from '../bookings/client-bookings';
import { moveBooking } from '../bookings/move';
import type { AppEnv } from '../env';
import { stripeFor } from '../payments/stripe';
import { idParam, isoDateTime, validate } from '../validate';
import { clientOf } from './request-headers';
import { clientRoute } from './policy';
import { announceToDiary } from './diary-notices';
import { offerToWaitlist } from './waitlist-notices';
import { tellStaff } from './staff-notices';

const username = z.string().regex(/^[A-Za-z0-9-]{1,128}$/, 'username is not valid');
const salonId = idParam('Salon id');
const appointmentId = idParam('Appointment id');
const pageQuery = z.object({
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'page must be a whole number from 1')
    .transform(Number)
    .optional()
    .default(1),
});
const moveBody = z.strictObject({
  start_time: isoDateTime(),
});

/**
 * The client's bookings (docs/booking/accounts-and-money.md §2 Bookings, Appointment details, §4
 * Cancellation, §7): the upcoming and past lists, an appointment's details, cancelling, and
 * moving a booking to another time (beyond the spec). Another client's bookings answer 404.
 */
export const clientAppointments = new Hono<AppEnv>()
  .get(
    '/ncob/client/appointments/:salonId/:tab{(?:future|past)}/:username/',
    clientRoute,
    validate('param', z.object({ salonId, tab: z.enum(['future', 'past']), username })),
    validate('query', pageQuery),
    async (c) => {
      const p = c.req.valid('param');
      const clientId = clientOf(c, p.username);
      c.header('Cache-Control', 'private, no-store');
      return c.json(
        await bookingsPage(c.env.DB, { salonId: p.salonId, clientId, tab: p.tab, page: c.req.valid('query').page, now: Date.now() }),
      );
    },
  )
  .get('/salon/:salonId/appointment/:appointmentId/', clientRoute, validate('param', z.object({ salonId, appointmentId })), async (c) => {
    const p = c.req.valid('param');
    c.header('Cache-Control', 'private, no-store');
    return c.json(await appointmentDetails(c.env.DB, { ...p, clientId: clientOf(c), now: Date.now() }));
  })
  .put(
    '/ncob/client/cancel/appointment/:salonId/:appointmentId/:username/',
    clientRoute,
    validate('param', z.object({ salonId, appointmentId, username })),
    async (c) => {
      const p = c.req.valid('param');
      const clientId = clientOf(c, p.username);
      const q = { salonId: p.salonId, appointmentId: p.appointmentId, clientId, now: Date.now() };
      const cancelled = await cancelBooking(c.env.DB, stripeFor(c.get('config')), q);
      announceToDiary(c, p.salonId, p.appointmentId, 'cancelled');
      tellStaff(c, p.salonId, 'cancellation', { appointment_id: p.appointmentId }, p.appointmentId);
      await offerToWaitlist(c, c.env.DB, { salonId: p.salonId, appointmentId: p.appointmentId, movedFrom: null });
      return c.json(cancelled);
    },
  )
  .put(
    '/ncob/client/appointment/:salonId/:appointmentId/:username/move/',
    clientRoute,
    validate('param', z.object({ salonId, appointmentId, username })),
    validate('json', moveBody),
    async (c) => {
      const p = c.req.valid('param');
      const clientId = clientOf(c, p.username);
      const start = Date.parse(c.req.valid('json').start_time);
      const movedFrom = (await appointmentDetails(c.env.DB, { ...p, clientId, now: Date.now() })).starts_at;
      const moved = await moveBooking(c.env.DB, { salonId: p.salonId, appointmentId: p.appointmentId, clientId, start, now: Date.now() });
      announceToDiary(c, p.salonId, p.appointmentId, 'moved', Date.parse(movedFrom));
      await offerToWaitlist(c, c.env.DB, { salonId: p.salonId, appointmentId: p.appointmentId, movedFrom: Date.parse(movedFrom) });
      return c.json(moved);
    },
  );
